// SPEC.md scenario files: an encounter, fixed initiative, scripted dice and a script of commands.
import { z } from 'zod';
import { STEP_ACTIONS, type Command, type CommandOf, type StepAction } from '../model/commands.ts';
import { SPELL_IDS, type Encounter } from '../model/stats.ts';
import { parseEncounter, SquareSchema } from './encounter.ts';
import { readJsonFile } from './json-file.ts';
import { fail, inputError, ok, parseWith, type InputResult } from './result.ts';

export const SCENARIO_FORMAT = 'd20sim/scenario@1';
export const DIE_SIZES = [2, 3, 4, 6, 8, 10, 12, 20, 100] as const;

export interface DiceScript {
  readonly queues: Readonly<Record<number, readonly number[]>>;
  readonly fallback: 'max' | 'min' | 'average' | null;
}
export interface ScenarioStep {
  readonly index: number;
  readonly command: Command;
}
export interface Scenario {
  readonly description: string;
  readonly encounter: Encounter;
  readonly initiative: readonly string[] | null;
  readonly dice: DiceScript;
  readonly script: readonly ScenarioStep[];
}

const queue = (size: number) => {
  const error = `expected an integer from 1 to ${size}`;
  return z.array(z.int().min(1, { error }).max(size, { error })).optional();
};

const DiceSchema = z.object({
  d2: queue(2), d3: queue(3), d4: queue(4), d6: queue(6), d8: queue(8),
  d10: queue(10), d12: queue(12), d20: queue(20), d100: queue(100),
  fallback: z.enum(['max', 'min', 'average']).optional(),
});

// The encounter and the steps are checked separately so their errors carry precise paths.
const ScenarioSchema = z.object({
  format: z.literal(SCENARIO_FORMAT),
  description: z.string().optional(),
  encounter: z.unknown(),
  initiative: z.array(z.string()).optional(),
  dice: DiceSchema.optional(),
  script: z.array(z.unknown()),
});

const ACTIONS = Object.keys(STEP_ACTIONS) as [StepAction, ...StepAction[]];
const StepHead = z.object({ actor: z.string(), action: z.enum(ACTIONS) });

const Path = z.array(SquareSchema).min(1, { error: 'expected a non-empty path of [x, y] squares' });
const Id = z.string();
const optionalId = Id.nullable().optional().transform((v) => v ?? null);
const optionalSquare = SquareSchema.nullable().optional().transform((v) => v ?? null);
const optionalName = z.string().nullable().optional().transform((v) => v ?? null);

const bare = <T extends 'DrinkPotion' | 'StandUp' | 'PickUp' | 'TotalDefense' | 'DrawWeapon' | 'EndTurn'>(type: T) =>
  z.object({ actor: Id }).transform((s) => ({ type, actor: s.actor }));
// AOO-6: Power Attack's chosen penalty (an extension of SPEC).
const PowerAttack = z.int().min(0, { error: 'expected an integer >= 0' }).default(0);

const targeted = <T extends 'Touch' | 'Trip' | 'Disarm' | 'IgnoreFlanker'>(type: T) =>
  z.object({ actor: Id, target: Id }).transform((s) => ({ type, actor: s.actor, target: s.target }));
const pathOnly = <T extends 'Move' | 'Withdraw'>(type: T) =>
  z.object({ actor: Id, path: Path }).transform((s) => ({ type, actor: s.actor, path: s.path }));

const FullAttack = z
  .object({
    actor: Id, target: Id.optional(), targets: z.array(Id).min(1).optional(), with: optionalName, stepAfter: optionalSquare,
    powerAttack: PowerAttack,
    nonlethal: z.boolean().optional(),
  })
  .refine((s) => s.target !== undefined || s.targets !== undefined, {
    error: 'expected a target id (or a "targets" list)', path: ['target'],
  })
  .refine((s) => s.target === undefined || s.targets === undefined, {
    error: 'expected "target" or "targets", not both', path: ['targets'],
  })
  .transform((s) => ({
    type: 'FullAttack' as const, actor: s.actor, targets: s.targets ?? (s.target === undefined ? [] : [s.target]),
    with: s.with, stepAfter: s.stepAfter, powerAttack: s.powerAttack, ...(s.nonlethal === undefined ? {} : { nonlethal: s.nonlethal }),
  }));

type StepSchemas = { readonly [A in StepAction]: z.ZodType<CommandOf<(typeof STEP_ACTIONS)[A]>> };

/** One schema per SPEC step action, producing the command it becomes. */
const STEP_SCHEMAS: StepSchemas = {
  move: pathOnly('Move'),
  withdraw: pathOnly('Withdraw'),
  'five-foot-step': z.object({ actor: Id, to: SquareSchema }).transform((s) => ({ type: 'FiveFootStep' as const, ...s })),
  tumble: z
    .object({ actor: Id, path: Path, through: z.boolean().default(false) })
    .transform((s) => ({ type: 'Tumble' as const, ...s })),
  attack: z
    .object({ actor: Id, target: Id, with: optionalName, powerAttack: PowerAttack, nonlethal: z.boolean().optional(), manyshot: z.boolean().optional() })
    .transform((s) => ({ type: 'Attack' as const, ...s })),
  'full-attack': FullAttack,
  charge: z.object({ actor: Id, target: Id, path: Path, powerAttack: PowerAttack }).transform((s) => ({ type: 'Charge' as const, ...s })),
  'spring-attack': z
    .object({ actor: Id, path: Path, target: Id, then: z.array(SquareSchema).default([]), powerAttack: PowerAttack })
    .transform((s) => ({ type: 'SpringAttack' as const, ...s })),
  cast: z
    .object({
      actor: Id, spell: z.enum(SPELL_IDS), target: optionalId, at: optionalSquare, defensively: z.boolean().default(false),
    })
    .transform((s) => ({ type: 'CastSpell' as const, ...s })),
  touch: targeted('Touch'),
  trip: targeted('Trip'),
  disarm: targeted('Disarm'),
  'ignore-flanker': targeted('IgnoreFlanker'),
  'drink-potion': bare('DrinkPotion'),
  'stand-up': bare('StandUp'),
  'pick-up': bare('PickUp'),
  'total-defense': bare('TotalDefense'),
  'draw-weapon': bare('DrawWeapon'),
  'end-turn': bare('EndTurn'),
};

/** Shape check of one step; unknown actors, targets or blocked paths are the engine's to reject. */
/** One step on its own (a command typed by a user or sent by a program); `where` names it in errors. */
export function parseScenarioStep(data: unknown, where: string): InputResult<Command> {
  const head = parseWith(StepHead, data, where, '');
  if (!head.ok) return head;
  return parseWith<Command>(STEP_SCHEMAS[head.value.action], data, where, '');
}

function parseStep(data: unknown, index: number, file: string): InputResult<ScenarioStep> {
  const base = `script[${index}]`;
  const head = parseWith(StepHead, data, file, base);
  if (!head.ok) return head;
  const command = parseWith<Command>(STEP_SCHEMAS[head.value.action], data, file, base);
  return command.ok ? ok({ index, command: command.value }) : command;
}

function parseScript(steps: readonly unknown[], file: string): InputResult<ScenarioStep[]> {
  const out: ScenarioStep[] = [];
  for (const [index, data] of steps.entries()) {
    const step = parseStep(data, index, file);
    if (!step.ok) return step;
    out.push(step.value);
  }
  return ok(out);
}

/** The fixed order must name every combatant exactly once. */
function initiativeError(order: readonly string[], encounter: Encounter, file: string): string | null {
  const ids = encounter.combatants.map((c) => c.stats.id);
  const seen = new Set<string>();
  for (const [i, id] of order.entries()) {
    if (!ids.includes(id)) return inputError(file, '', ['initiative', i], `expected a combatant id (${ids.join('|')})`, id);
    if (seen.has(id)) return inputError(file, '', ['initiative', i], 'expected each combatant id once', id);
    seen.add(id);
  }
  const missing = ids.filter((id) => !seen.has(id));
  if (missing.length === 0) return null;
  return inputError(file, '', ['initiative'], `expected every combatant id once (missing ${missing.join(', ')})`, order);
}

function toDice(d: z.output<typeof DiceSchema>): DiceScript {
  const queues: Record<number, readonly number[]> = {};
  for (const size of DIE_SIZES) queues[size] = d[`d${size}`] ?? [];
  return { queues, fallback: d.fallback ?? null };
}

/** Validates a scenario document; only the first error is reported. */
export function parseScenario(data: unknown, file: string): InputResult<Scenario> {
  const top = parseWith(ScenarioSchema, data, file, '');
  if (!top.ok) return top;
  const raw = top.value;
  const encounter = parseEncounter(raw.encounter, file, 'encounter');
  if (!encounter.ok) return encounter;
  const badOrder = raw.initiative === undefined ? null : initiativeError(raw.initiative, encounter.value, file);
  if (badOrder !== null) return fail(badOrder);
  const script = parseScript(raw.script, file);
  if (!script.ok) return script;
  return ok({
    description: raw.description ?? '',
    encounter: encounter.value,
    initiative: raw.initiative ?? null,
    dice: toDice(raw.dice ?? {}),
    script: script.value,
  });
}

/** readJsonFile + parseScenario. */
export function loadScenario(path: string): InputResult<Scenario> {
  const data = readJsonFile(path);
  return data.ok ? parseScenario(data.value, path) : data;
}
