// The search bot: the tactician's plan, checked by looking ahead where it matters.
//
// At each decision the tactician (the prior) ranks its options. When several distinct options score within
// `window` of its best, the search plays each of them out through the engine itself: it resumes the fight
// from the current state with sampled dice (the same dice for every candidate: common random numbers), lets
// tacticians play every creature (the actor's own turn included) until the actor's next turn (`depth`
// rounds), and scores the outcome with a static evaluator: each creature's fighting power (damage per round)
// weighted by the hit points it has left, its side's minus the foes'. The alternative with the best mean gain
// over the same futures replaces the prior's choice only when that gain clears `margin` and `confidence`
// standard errors (see `weigh`). The budget is counted in futures and decisions, never in time, so a seed
// always gives the same fight.
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { resumeCombat, type Combat } from '../combat/combat.ts';
import { seededDice } from '../dice/seeded.ts';
import type { Command } from '../model/commands.ts';
import type { CombatEvent } from '../model/events.ts';
import type { CreatureId, SideName } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { canActNow, hpStateOf, statsOf } from '../engine/queries.ts';
import { planCommand } from '../engine/plan.ts';
import { botRandom, type CommandRequest, type Controller } from './controller.ts';
import type { Observation } from './observation.ts';
import { LazyCommandRequest, LazyOpportunityRequest } from './requests.ts';
import { tacticianBot } from './tactician.ts';
import { Memory, World } from './tactics/world.ts';

export interface SearchOptions {
  readonly seed?: number;
  /** Most options of the prior weighed at one decision (its own choice included). */
  readonly candidates?: number;
  /** Sampled futures per candidate before deciding (fewer when the first ones already settle it). */
  readonly rollouts?: number;
  /** Sampled futures per candidate always played, unless the first two show no difference at all. */
  readonly minRollouts?: number;
  /** Rounds played out: the rollout stops when the actor's turn has come round this many times. */
  readonly depth?: number;
  /** Options scoring within this much of the prior's best (its own units) are searched. */
  readonly window?: number;
  /** How much better (mean evaluation) an alternative must do to replace the prior's choice. */
  readonly margin?: number;
  /** How many standard errors of the paired differences an alternative's mean gain must clear to be chosen. */
  readonly confidence?: number;
  /** Most decisions searched per fight where the candidates' futures differ (later ones follow the prior). */
  readonly maxSearches?: number;
  /** Most decisions looked at per fight, moot ones included (two futures each showed no difference). */
  readonly maxLooks?: number;
  /** Search only the first command of a turn (the turn's plan); the rest of the turn follows the prior. */
  readonly firstOnly?: boolean;
  /** The prior's options, best first (default: the tactician's); its first legal one is the default choice. */
  readonly rank?: (request: CommandRequest) => readonly Ranked[];
}

export const SEARCH_DEFAULTS = {
  candidates: 4,
  rollouts: 6,
  minRollouts: 3,
  depth: 1,
  window: 1.5,
  margin: 0,
  confidence: 1,
  maxSearches: 40,
  maxLooks: 100,
  firstOnly: true,
} as const;

/** Fighting power of each creature (damage per round, healing included), as the actor's side rates it. */
export function threats(state: CombatState, actor: CreatureId, observation: Observation): Map<CreatureId, number> {
  const world = new World(state, actor, observation, new Memory());
  return new Map(state.listed.map((id) => [id, world.threat(id)]));
}

/**
 * Higher is better for `side`: per creature still able to fight, its fighting power times (1 + half the
 * share of hit points it has left); the downed count a little (they may be healed), the dead nothing.
 */
export function evaluate(state: CombatState, side: SideName, threat: ReadonlyMap<CreatureId, number>): number {
  let score = 0;
  let total = 0;
  for (const id of state.listed) {
    const c = state.creatures[id]!;
    const s = statsOf(state, id);
    const t = threat.get(id) ?? 1;
    total += t;
    const standing = hpStateOf(state, id);
    const value = canActNow(state, id) ? t * (1 + (0.5 * Math.max(0, c.hp)) / s.maxHp) : standing === 'dead' ? 0 : 0.1 * t;
    score += s.side === side ? value : -value;
  }
  if (state.phase === 'ended') score += state.winner === side ? total : state.winner === null ? 0 : -total;
  return score;
}

const key = (c: Command): string => JSON.stringify(c);

export interface Ranked {
  readonly command: Command;
  readonly score: number;
}

/** What a command does, position aside: its type and its target (two 5-foot steps are the same kind). */
const kindOf = (c: Command): string => `${c.type}|${'target' in c ? String(c.target) : ''}`;

/**
 * The prior's distinct, legal options within `window` of its best, its choice first (at most `limit`).
 * Options of a kind not yet listed come first (another target, another action), then the rest in rank order:
 * alternatives that differ only in where the actor stands rarely change the next round.
 */
export function candidatesOf(state: CombatState, ranked: readonly Ranked[], preferred: Command, limit: number, window: number): Command[] {
  const out: Command[] = [preferred];
  const seen = new Set([key(preferred)]);
  const top = ranked[0]?.score ?? 0;
  const close = ranked.filter((o) => o.score >= top - window);
  const legal = (c: Command) => c.type === 'EndTurn' || planCommand(state, c).ok;
  for (const pass of ['new kinds', 'the rest'] as const) {
    for (const o of close) {
      if (out.length >= limit) return out;
      const k = key(o.command);
      if (seen.has(k)) continue;
      if (pass === 'new kinds' && out.some((c) => kindOf(c) === kindOf(o.command))) continue;
      seen.add(k);
      if (legal(o.command)) out.push(o.command);
    }
  }
  return out;
}

/**
 * Plays `command` and then tacticians for every creature until the actor's turn comes round `depth` more
 * times (or the fight ends). Returns null when the engine refuses the command.
 */
export function rollout(request: Pick<CommandRequest, 'state' | 'actor' | 'events'>, command: Command, seed: string, depth: number): CombatState | null {
  const base = request.events;
  const heroes = tacticianBot();
  const monsters = tacticianBot();
  const botOf = (side: SideName): Controller => (side === 'heroes' ? heroes : monsters);
  let running: Combat | null = null;
  const eventsNow = (): readonly CombatEvent[] => (running ? base.concat(running.events) : base);
  const combat = resumeCombat(request.state, {
    dice: seededDice(seed),
    onOpportunity: (prompt, state) => {
      const side = statsOf(state, prompt.reactor).side;
      return botOf(side).chooseOpportunity(new LazyOpportunityRequest(prompt, state, eventsNow, side));
    },
  });
  running = combat;
  if (!combat.send(command).ok) return null;
  // Time in turns: stop when the actor's slot in the initiative order comes round `depth` more times (even
  // when the actor itself is down).
  const order = request.state.order;
  const slot = (round: number, id: CreatureId) => round * (order.length + 1) + order.indexOf(id);
  const stop = slot(request.state.round + depth, request.actor);
  const most = 4 * order.length * depth + 8; // commands (a safety cap: turns are a few commands each)
  for (let guard = 0; guard < most; guard++) {
    const prompt = combat.prompt;
    if (prompt.kind !== 'command') break;
    if (slot(combat.state.round, prompt.actor) >= stop) break;
    const events = combat.events;
    const state = combat.state;
    const side = statsOf(state, prompt.actor).side;
    const choice = botOf(side).chooseCommand(new LazyCommandRequest(prompt.actor, state, base.concat(events), side));
    if (!combat.send(choice).ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
  }
  return combat.state;
}

export interface SearchTrace {
  readonly actor: CreatureId;
  readonly candidates: readonly Command[];
  /** Mean evaluation of each candidate over the futures played. */
  readonly scores: readonly number[];
  /** Futures played per candidate. */
  readonly samples: number;
  readonly chosen: Command;
}

/** Mean and standard error of paired differences (future by future). */
export function pairedGain(alt: readonly number[], prior: readonly number[]): { mean: number; se: number } {
  const diffs = alt.slice(0, prior.length).map((x, i) => x - prior[i]!);
  if (diffs.length === 0) return { mean: 0, se: Infinity };
  if (diffs.length === 1) return { mean: diffs[0]!, se: Infinity };
  return { mean: mean(diffs), se: sampleStandardDeviation(diffs) / Math.sqrt(diffs.length) };
}

export interface Weighed {
  /** Index of the chosen candidate (0: the prior's own choice). */
  readonly chosen: number;
  /** Each candidate's evaluations, one per future played (the same futures for all). */
  readonly samples: readonly (readonly number[])[];
  /** True when the first two futures showed no difference at all between the candidates. */
  readonly moot: boolean;
}

type Options = Required<Omit<SearchOptions, 'seed' | 'rank'>>;

/**
 * Plays the candidates over the same sampled futures. Stops after two futures when they show no difference
 * (the choice is moot at this depth), after `minRollouts` when every alternative is already clearly worse
 * or one clearly better, and otherwise after `rollouts`. An alternative replaces the prior's choice when
 * its mean paired gain clears both `margin` and `confidence` standard errors.
 */
export function weigh(cands: readonly Command[], play: (command: Command, future: number) => number | null, o: Options): Weighed {
  const samples: number[][] = cands.map(() => []);
  const illegal = new Array<boolean>(cands.length).fill(false);
  const gains = () => samples.map((s, i) => (i === 0 || illegal[i] ? null : pairedGain(s, samples[0]!)));
  for (let future = 0; future < o.rollouts; future++) {
    cands.forEach((command, i) => {
      if (illegal[i]) return;
      const value = play(command, future);
      if (value === null) illegal[i] = true;
      else samples[i]!.push(value);
    });
    if (illegal[0]) return { chosen: 0, samples, moot: false };
    if (future === 1 && samples.every((s, i) => illegal[i] || (s[0] === samples[0]![0] && s[1] === samples[0]![1]))) return { chosen: 0, samples, moot: true };
    if (future + 1 >= o.minRollouts) {
      const g = gains().filter((x) => x !== null);
      const settled = g.every((x) => x.mean + 2 * x.se < 0) || g.some((x) => x.mean - 2 * x.se > o.margin);
      if (settled) break;
    }
  }
  let chosen = 0;
  let best = 0;
  gains().forEach((g, i) => {
    if (g && g.mean > o.margin && g.mean > o.confidence * g.se && g.mean > best) {
      best = g.mean;
      chosen = i;
    }
  });
  return { chosen, samples, moot: false };
}

export function searchBot(options: SearchOptions & { readonly trace?: (t: SearchTrace) => void } = {}): Controller {
  const o: Options = { ...SEARCH_DEFAULTS, ...options };
  const next = botRandom(options.seed ?? 7);
  let ranked: Ranked[] = [];
  const prior = tacticianBot({ trace: (_actor, opts) => (ranked = opts.map((x) => ({ command: x.command, score: x.score }))) });
  let searches = 0;
  let looks = 0;
  return {
    name: 'search',
    chooseCommand(request) {
      ranked = [];
      let preferred: Command;
      if (options.rank) {
        ranked = [...options.rank(request)];
        preferred = ranked.find((r) => r.command.type === 'EndTurn' || planCommand(request.state, r.command).ok)?.command ?? { type: 'EndTurn', actor: request.actor };
      } else preferred = prior.chooseCommand(request);
      if (searches >= o.maxSearches || looks >= o.maxLooks || o.candidates < 2 || o.rollouts < 1) return preferred;
      const turn = request.state.turn;
      if (o.firstOnly && turn && (turn.moved || turn.stepped || !turn.standardLeft)) return preferred;
      const cands = candidatesOf(request.state, ranked, preferred, o.candidates, o.window);
      if (cands.length < 2) return preferred;
      looks++;
      const side = statsOf(request.state, request.actor).side;
      const threat = threats(request.state, request.actor, request.observation);
      // The same dice for every candidate (common random numbers): differences come from the commands, not the luck.
      const seeds: string[] = [];
      const seedOf = (future: number) => (seeds[future] ??= String(Math.floor(next() * 2 ** 31)));
      const play = (command: Command, future: number) => {
        const end = rollout(request, command, seedOf(future), o.depth);
        return end ? evaluate(end, side, threat) : null;
      };
      const weighed = weigh(cands, play, o);
      if (!weighed.moot) searches++;
      const chosen = cands[weighed.chosen]!;
      options.trace?.({
        actor: request.actor,
        candidates: cands,
        scores: weighed.samples.map((s) => (s.length ? mean(s) : -Infinity)),
        samples: weighed.samples[0]!.length,
        chosen,
      });
      return chosen;
    },
    chooseOpportunity: (request) => prior.chooseOpportunity(request),
  };
}
