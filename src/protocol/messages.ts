// The protocol's messages: zod schemas (client messages are validated with them; all of them make docs/protocol.md).
import { z } from 'zod';
import { SquareSchema } from '../io/encounter.ts';
import { expectedOf, formatPath, shortJson, valueAt, type JsonPath } from '../io/result.ts';
import type { Observation } from '../bots/observation.ts';
import type { Summary } from '../combat/summary.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CreatureId, SideName } from '../model/ids.ts';
import type { BotName } from '../bots/registry.ts';
import { StepSchema, type Step } from './step.ts';

export const PROTOCOL_VERSION = 'd20sim-protocol/1';

/** Error codes of `error` messages besides the rules' own rejection codes (which pass through unchanged). */
export const ERROR_CODES = {
  'invalid-json': 'the line is not one JSON value',
  'invalid-message': 'the JSON does not have the shape of a client message (the message names the JSON path)',
  'wrong-request': 'the id is not the open request, or the answer is of the wrong type for it',
  'not-your-creature': 'the command is for a creature of another side',
  'wrong-actor': 'the command is for another creature of your side than the one asked for',
  timeout: 'no acceptable answer before --timeout: a built-in bot plays your side from now on',
  'input-closed': 'your input ended: a built-in bot plays your side from now on',
} as const;

const RequestId = z.int().min(1).meta({ description: 'the id of the request being answered' });
const CreatureIdSchema = z.string().meta({ description: 'a creature id' });
const TRIGGERS = ['move', 'spell', 'ranged', 'distracting', 'unarmed', 'enter-space', 'trip', 'disarm', 'ignore-flanker'] as const satisfies readonly Trigger[];

// ---- client → engine -------------------------------------------------------------------------------------------

export const CommandMessageSchema = z
  .object({ type: z.literal('command'), id: RequestId, command: StepSchema })
  .meta({ title: 'command', description: 'The answer to a command-request: one command for the requested actor.' });

export const OpportunityMessageSchema = z
  .object({
    type: z.literal('opportunity'),
    id: RequestId,
    take: z.boolean().meta({ description: 'take the attack of opportunity or let it pass' }),
    with: z.string().nullable().optional().meta({ description: 'one of the request\'s "with" options; absent or null: the default melee attack' }),
  })
  .meta({ title: 'opportunity', description: 'The answer to an opportunity-request.' });

export const ClientMessageSchema = z
  .discriminatedUnion('type', [CommandMessageSchema, OpportunityMessageSchema])
  .meta({ title: 'ClientMessage', description: 'One line from the client.' });

export type ClientMessage = z.output<typeof ClientMessageSchema>;

// ---- engine → client -------------------------------------------------------------------------------------------

const SeenCreatureSchema = z.object({
  id: CreatureIdSchema,
  name: z.string(),
  side: z.string(),
  at: SquareSchema.nullable().meta({ description: 'null for a foe your side cannot see (it revealed itself by attacking)' }),
  hpState: z.enum(['fine', 'disabled', 'dying', 'stable', 'dead']),
  hp: z.int().nullable().meta({ description: 'exact for your creatures; null for foes' }),
  damageTaken: z.int().meta({ description: 'lethal damage your side has seen it take' }),
  conditions: z.array(z.string()),
  flatFooted: z.boolean(),
  aooLeft: z.int().nullable().meta({ description: 'attacks of opportunity left this round (your creatures only)' }),
});

export const ObservationSchema = z
  .object({
    side: z.string(),
    round: z.int(),
    phase: z.enum(['setup', 'surprise', 'regular', 'ended']),
    turn: CreatureIdSchema.nullable(),
    map: z.object({ width: z.int(), height: z.int(), blocked: z.array(SquareSchema), difficult: z.array(SquareSchema) }),
    creatures: z.array(SeenCreatureSchema),
  })
  .meta({ title: 'Observation', description: 'What your side perceives: your creatures in full, the foes it can see (or that revealed themselves).' });

export const HelloSchema = z
  .object({
    type: z.literal('hello'),
    protocol: z.literal(PROTOCOL_VERSION),
    side: z.string().meta({ description: 'the side you control' }),
    encounter: z.object({
      name: z.string(),
      map: z.object({ width: z.int(), height: z.int() }),
      sides: z.array(z.string()).meta({ description: 'every side of the encounter' }),
    }),
    creatures: z.array(CreatureIdSchema).meta({ description: 'the ids of your creatures' }),
    opponent: z.string().meta({ description: 'the built-in bot playing the other side(s)' }),
    timeoutMs: z.int().meta({ description: 'how long you have to answer each request' }),
  })
  .meta({ title: 'hello', description: 'The first line: who you are and what you play.' });

const LegalSchema = z.object({
  command: StepSchema,
  provokes: z.array(CreatureIdSchema).meta({ description: 'foes you perceive that would get an attack of opportunity, as things stand' }),
});

export const CommandRequestSchema = z
  .object({
    type: z.literal('command-request'),
    id: RequestId.meta({ description: 'answer with this id' }),
    actor: CreatureIdSchema.meta({ description: 'your creature whose turn it is' }),
    observation: ObservationSchema,
    legal: z.array(LegalSchema).meta({ description: 'every command the rules accept now (those naming foes you do not perceive are left out)' }),
  })
  .meta({ title: 'command-request', description: 'One of your creatures must act: answer with a command message.' });

export const OpportunityRequestSchema = z
  .object({
    type: z.literal('opportunity-request'),
    id: RequestId.meta({ description: 'answer with this id' }),
    reactor: CreatureIdSchema.meta({ description: 'your creature that may attack' }),
    against: CreatureIdSchema.meta({ description: 'the foe that provoked' }),
    trigger: z.enum(TRIGGERS),
    with: z.array(z.string()).meta({ description: 'what the attack of opportunity may be made with: melee attack names, trip, disarm, touch (a held charge)' }),
    observation: ObservationSchema,
  })
  .meta({ title: 'opportunity-request', description: 'One of your creatures may take an attack of opportunity: answer with an opportunity message.' });

export const EventMessageSchema = z
  .object({
    type: z.literal('event'),
    event: z.looseObject({ type: z.string(), rules: z.array(z.string()) }).meta({ description: 'a combat event, as in the JSONL log (with its data inline)' }),
  })
  .meta({ title: 'event', description: 'Something your side perceived happen.' });

export const ErrorMessageSchema = z
  .object({
    type: z.literal('error'),
    id: RequestId.optional().meta({ description: 'the request the error is about, when there is one' }),
    code: z.string().meta({ description: `${Object.keys(ERROR_CODES).join(', ')}, or the rules' rejection code` }),
    message: z.string().meta({ description: 'one line: what was expected, and where (JSON path)' }),
  })
  .meta({ title: 'error', description: 'Your last line was not accepted; nothing changed and the request (if any) is still open.' });

export const EndSchema = z
  .object({
    type: z.literal('end'),
    winner: z.string().nullable().meta({ description: 'the winning side, null for a draw' }),
    stopped: z.boolean().meta({ description: 'true when the round limit stopped the fight (a draw)' }),
    replaced: z
      .object({
        reason: z.enum(['timeout', 'input-closed']),
        request: z.int().min(1).meta({ description: 'the request left unanswered' }),
        bot: z.string().meta({ description: 'the built-in bot now playing your side' }),
      })
      .nullable()
      .meta({ description: 'set when a built-in bot took over your side' }),
    summary: z
      .looseObject({ format: z.literal('d20sim/summary@1'), round: z.int(), ended: z.boolean(), winner: z.string().nullable() })
      .meta({ description: 'the SPEC summary of the whole fight (everything is revealed); rejected[].step is the request id' }),
  })
  .meta({ title: 'end', description: 'The last line: the fight is over.' });

export const ServerMessageSchema = z
  .discriminatedUnion('type', [HelloSchema, CommandRequestSchema, OpportunityRequestSchema, EventMessageSchema, ErrorMessageSchema, EndSchema])
  .meta({ title: 'ServerMessage', description: 'One line from the engine.' });

export interface Replacement {
  readonly reason: 'timeout' | 'input-closed';
  readonly request: number;
  readonly bot: BotName;
}

export type ServerMessage =
  | {
      readonly type: 'hello';
      readonly protocol: typeof PROTOCOL_VERSION;
      readonly side: SideName;
      readonly encounter: { readonly name: string; readonly map: { readonly width: number; readonly height: number }; readonly sides: readonly SideName[] };
      readonly creatures: readonly CreatureId[];
      readonly opponent: BotName;
      readonly timeoutMs: number;
    }
  | {
      readonly type: 'command-request';
      readonly id: number;
      readonly actor: CreatureId;
      readonly observation: Observation;
      readonly legal: readonly { readonly command: Step; readonly provokes: readonly CreatureId[] }[];
    }
  | {
      readonly type: 'opportunity-request';
      readonly id: number;
      readonly reactor: CreatureId;
      readonly against: CreatureId;
      readonly trigger: Trigger;
      readonly with: readonly string[];
      readonly observation: Observation;
    }
  | { readonly type: 'event'; readonly event: CombatEvent }
  | { readonly type: 'error'; readonly id?: number; readonly code: string; readonly message: string }
  | { readonly type: 'end'; readonly winner: SideName | null; readonly stopped: boolean; readonly replaced: Replacement | null; readonly summary: Summary };

// ---- reading a client line -------------------------------------------------------------------------------------

export type ParsedLine =
  | { readonly ok: true; readonly message: ClientMessage }
  | { readonly ok: false; readonly code: 'invalid-json' | 'invalid-message'; readonly id: number | null; readonly message: string };

function expected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
    return `expected one of ${issue.options.map(String).join('|')}`;
  }
  return expectedOf(issue);
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  const path: JsonPath = issue.path;
  const found = valueAt(data, path);
  const what = expected(issue);
  const where = formatPath('', path);
  return found === undefined ? `${where}: required field missing (${what})` : `${where}: ${what}, got ${shortJson(found)}`;
}

const EXAMPLE = '{"type":"command","id":1,"command":{"actor":"fighter","action":"move","path":[[3,4]]}}';

/** One line from the client: JSON, then the shape of a client message; errors name the JSON path. */
export function parseClientLine(text: string): ParsedLine {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: 'invalid-json', id: null, message: `invalid JSON: expected one JSON object per line, like ${EXAMPLE}` };
  }
  const parsed = ClientMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).id : undefined;
  const id = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : null;
  const issue = parsed.error.issues[0];
  const detail = issue ? describeIssue(issue, data) : '(top level): invalid input';
  return { ok: false, code: 'invalid-message', id, message: `invalid message: ${detail}` };
}
