// The protocol server: one side of a fight played by a client over JSON lines, the others by a built-in bot.
// Decoupled from the process: `serve` takes any Readable/Writable pair (stdin/stdout, or in-memory streams in tests).
import type { Readable, Writable } from 'node:stream';
import type { Controller } from '../bots/controller.ts';
import { observe } from '../bots/observation.ts';
import { makeBot, type BotName } from '../bots/registry.ts';
import { createCombat, type Combat } from '../combat/combat.ts';
import { opportunityAnswers, playOneCommand, type Controllers } from '../combat/match.ts';
import { summarize, type Summary } from '../combat/summary.ts';
import { legalCommands } from '../engine/legal.ts';
import { creatureOf, statsOf, usableAttacks } from '../engine/queries.ts';
import type { Prompt } from '../engine/kernel.ts';
import type { Recorder } from '../log/recorder.ts';
import type { CreatureId, SideName } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { Encounter } from '../model/stats.ts';
import { lineReader, lineWriter, type LineReader, type LineWriter } from './lines.ts';
import { PROTOCOL_VERSION, parseClientLine, type ClientMessage, type Replacement, type ServerMessage } from './messages.ts';
import { legalFor, perceives } from './perception.ts';
import { fromStep } from './step.ts';

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROUNDS = 100;
/** The bot that takes over the client's side when the client times out or goes away. */
export const TAKEOVER_BOT: BotName = 'brute';

export interface ServeOptions {
  /** The side the client controls. */
  readonly side: SideName;
  readonly seed?: string | number;
  /** How long the client has to answer each request (ms). */
  readonly timeoutMs?: number;
  /** The built-in bot playing every other side. */
  readonly opponent?: BotName;
  /** A draw after this many rounds. */
  readonly maxRounds?: number;
  /** Gets the log lines (events, commands, rejections, decisions) as they happen. */
  readonly recorder?: Recorder | null;
  /** Told when a bot takes over the client's side (one line, for stderr). */
  readonly onNotice?: (line: string) => void;
}

export interface ServeIo {
  readonly input: Readable;
  readonly output: Writable;
}

export interface ServeResult {
  readonly combat: Combat;
  readonly winner: SideName | null;
  /** True when the round limit stopped the fight (a draw). */
  readonly stopped: boolean;
  readonly replaced: Replacement | null;
  /** Requests sent to the client. */
  readonly requests: number;
}

/** An error message for a side the encounter does not have, or null. */
export function sideError(encounter: Encounter, side: SideName): string | null {
  const sides = sidesOf(encounter);
  if (sides.includes(side)) {
    return sides.length < 2 ? `the encounter has only one side (${side}): nothing to fight` : null;
  }
  return `expected one of the encounter's sides (${sides.join('|')}), got ${JSON.stringify(side)}`;
}

const sidesOf = (encounter: Encounter): SideName[] => [...new Set(encounter.combatants.map((c) => c.stats.side))];

/** A built-in bot (src/bots/registry.ts); bots that choose at random take the fight's seed when it is a number. */
export function botNamed(name: BotName, seed: string | number | undefined): Controller {
  const n = typeof seed === 'number' ? seed : Number.parseInt(seed ?? '1', 10);
  return makeBot(name, Number.isFinite(n) ? n : 1);
}

/** AOO forms the reactor may name in `with` (melee attacks it can make, the maneuvers, a held charge). */
export function opportunityForms(state: CombatState, reactor: CreatureId): string[] {
  const attacks = usableAttacks(state, reactor).filter((a) => a.kind !== 'ranged').map((a) => a.name);
  const held = creatureOf(state, reactor).conditions.some((c) => c.startsWith('holding-charge:'));
  return [...new Set(attacks), 'trip', 'disarm', ...(held ? ['touch'] : [])];
}

type Outcome = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };
const refuse = (code: string, message: string): Outcome => ({ ok: false, code, message });

/** Plays `encounter` to its end: the client (on `io`) commands `options.side`; resolves after `end` is written. */
export async function serve(encounter: Encounter, options: ServeOptions, io: ServeIo): Promise<ServeResult> {
  const problem = sideError(encounter, options.side);
  if (problem) throw new Error(`--control: ${problem}`);
  const side = options.side;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const opponentName = options.opponent ?? 'brute';
  const seed = options.seed ?? '1';
  const writer: LineWriter = lineWriter(io.output);
  const reader: LineReader = lineReader(io.input);
  const send = (message: ServerMessage) => writer.send(message);

  const opponent = botNamed(opponentName, seed);
  const takeover = botNamed(TAKEOVER_BOT, seed);
  const controllers: Controllers = Object.fromEntries(sidesOf(encounter).map((s) => [s, s === side ? takeover : opponent]));
  let replaced: Replacement | null = null;
  let requests = 0;
  const rejected: Summary['rejected'] = [];
  const clientPlays = (state: CombatState, id: CreatureId) => replaced === null && statsOf(state, id).side === side;

  send({
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    side,
    encounter: { name: encounter.name, map: { width: encounter.map.width, height: encounter.map.height }, sides: sidesOf(encounter) },
    creatures: encounter.combatants.filter((c) => c.stats.side === side).map((c) => c.stats.id),
    opponent: opponentName,
    timeoutMs,
  });

  let combat: Combat | null = null;
  const events = () => combat?.events ?? [];
  const botOpportunity = opportunityAnswers(controllers, events);
  const recorder = options.recorder ?? null;
  combat = createCombat(encounter, {
    seed,
    onOpportunity: (prompt, state) => (clientPlays(state, prompt.reactor) ? null : botOpportunity(prompt, state)),
    onEvent: (event, state) => {
      recorder?.event(event);
      if (perceives(event, state, side)) send({ type: 'event', event });
    },
    ...(recorder ? { onEntry: recorder.entry } : {}),
  });
  const fight: Combat = combat;

  /** Hands the client's side to the takeover bot for the rest of the fight. */
  const replace = (reason: Replacement['reason'], request: number) => {
    replaced = { reason, request, bot: TAKEOVER_BOT };
    const why = reason === 'timeout' ? `no acceptable answer to request ${request} within ${timeoutMs} ms` : 'your input ended';
    send({ type: 'error', id: request, code: reason, message: `${why}: the built-in bot ${TAKEOVER_BOT} plays ${side} from now on` });
    options.onNotice?.(`serve: ${why.replace('your input', 'the client\'s input')}; the built-in bot ${TAKEOVER_BOT} plays ${side} from now on`);
  };

  /** Reads answers to request `id` until `accept` takes one; false when the client was replaced instead. */
  const awaitAnswer = async (id: number, kind: ClientMessage['type'], accept: (message: ClientMessage) => Outcome): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await reader.next(deadline);
      if (got.kind === 'timeout' || got.kind === 'closed') {
        replace(got.kind === 'timeout' ? 'timeout' : 'input-closed', id);
        return false;
      }
      const parsed = parseClientLine(got.text);
      let outcome: Outcome;
      if (!parsed.ok) outcome = refuse(parsed.code, parsed.message);
      else if (parsed.message.id !== id) outcome = refuse('wrong-request', `id: expected ${id} (the open ${kind}-request), got ${parsed.message.id}`);
      else if (parsed.message.type !== kind) {
        outcome = refuse('wrong-request', `type: expected "${kind}" (request ${id} is a ${kind}-request), got "${parsed.message.type}"`);
      } else outcome = accept(parsed.message);
      if (outcome.ok) return true;
      send({ type: 'error', id, code: outcome.code, message: outcome.message });
    }
  };

  const askCommand = async (actor: CreatureId): Promise<void> => {
    const id = ++requests;
    const state = fight.state;
    const observation = observe(state, fight.events, side);
    send({ type: 'command-request', id, actor, observation, legal: legalFor(legalCommands(state), observation) });
    await awaitAnswer(id, 'command', (message) => {
      if (message.type !== 'command') return refuse('wrong-request', 'expected a command');
      const who = message.command.actor;
      const now = fight.state;
      if (!Object.hasOwn(now.stats, who)) return refuse('not-your-creature', `command.actor: expected "${actor}" (the creature asked to act), got ${JSON.stringify(who)}: no such creature`);
      if (statsOf(now, who).side !== side) {
        return refuse('not-your-creature', `command.actor: ${JSON.stringify(who)} is on side ${statsOf(now, who).side}; you command only ${side} (expected "${actor}")`);
      }
      if (who !== actor) return refuse('wrong-actor', `command.actor: expected "${actor}" (the creature asked to act), got ${JSON.stringify(who)}`);
      const command = fromStep(message.command, 'command');
      if (!command.ok) return refuse('invalid-message', `invalid message: ${command.error}`);
      const result = fight.send(command.command);
      if (result.ok) return { ok: true };
      rejected.push({ step: id, code: result.rejection.code, message: result.rejection.message });
      return refuse(result.rejection.code, `rejected (${result.rejection.code}): ${result.rejection.message}`);
    });
  };

  const askOpportunity = async (prompt: Extract<Prompt, { kind: 'opportunity' }>): Promise<void> => {
    const id = ++requests;
    const state = fight.state;
    const forms = opportunityForms(state, prompt.reactor);
    const observation = observe(state, fight.events, side);
    send({ type: 'opportunity-request', id, reactor: prompt.reactor, against: prompt.against, trigger: prompt.trigger, with: forms, observation });
    await awaitAnswer(id, 'opportunity', (message) => {
      if (message.type !== 'opportunity') return refuse('wrong-request', 'expected an opportunity answer');
      const choice = message.with ?? null;
      if (message.take && choice !== null && !forms.includes(choice)) {
        return refuse('invalid-message', `with: expected one of ${forms.join('|')} (or null for the default attack), got ${JSON.stringify(choice)}`);
      }
      const result = fight.decide({ take: message.take, with: choice });
      return result.ok ? { ok: true } : refuse(result.rejection.code, `rejected (${result.rejection.code}): ${result.rejection.message}`);
    });
  };

  let stopped = false;
  try {
    for (let guard = 0; guard < 1_000_000; guard++) {
      const prompt = fight.prompt;
      if (prompt.kind === 'ended') break;
      if (fight.state.round > maxRounds) {
        stopped = true;
        break;
      }
      if (prompt.kind === 'command') {
        if (clientPlays(fight.state, prompt.actor)) await askCommand(prompt.actor);
        else playOneCommand(fight, controllers);
      } else if (clientPlays(fight.state, prompt.reactor)) {
        await askOpportunity(prompt);
      } else {
        // Left open for the client, who has been replaced since.
        const decision = botOpportunity(prompt, fight.state) ?? { take: true, with: null };
        fight.decide(decision);
      }
    }
  } finally {
    reader.close();
  }
  const winner = fight.prompt.kind === 'ended' ? fight.prompt.winner : null;
  send({ type: 'end', winner: stopped ? null : winner, stopped, replaced, summary: summarize(fight.state, fight.events, rejected) });
  return { combat: fight, winner: stopped ? null : winner, stopped, replaced, requests };
}
