// Monte Carlo results aggregated as they stream in: integer sums and bounded histograms only, so memory does
// not grow with the number of runs, and merging is exact and order-free (workers, shards).
import type { CombatEvent } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { hpStateOf } from '../engine/queries.ts';

export interface CombatantTotals {
  side: string;
  deaths: number;
  downed: number;
  hpLeft: number;
  damageDealt: number;
  damageTaken: number;
  aooProvoked: number;
  aooMade: number;
  sneakAttacks: number;
  spellsLost: number;
}

export interface Aggregate {
  runs: number;
  wins: Record<string, number>;
  draws: number;
  stoppedAtRoundLimit: number;
  /** Rounds fought -> number of fights. */
  rounds: Record<string, number>;
  /** Per side: hit points left at the end, summed over fights. */
  hpLeft: Record<string, number>;
  /** Total damage per fight, bucketed by 5 -> number of fights. */
  damage: Record<string, number>;
  combatants: Record<string, CombatantTotals>;
}

export function emptyAggregate(): Aggregate {
  return { runs: 0, wins: {}, draws: 0, stoppedAtRoundLimit: 0, rounds: {}, hpLeft: {}, damage: {}, combatants: {} };
}

const bump = (record: Record<string, number>, key: string, by = 1): void => {
  record[key] = (record[key] ?? 0) + by;
};

function totalsFor(agg: Aggregate, id: string, side: string): CombatantTotals {
  return (agg.combatants[id] ??= { side, deaths: 0, downed: 0, hpLeft: 0, damageDealt: 0, damageTaken: 0, aooProvoked: 0, aooMade: 0, sneakAttacks: 0, spellsLost: 0 });
}

/** Folds one finished fight into the aggregate. */
export function addFight(agg: Aggregate, state: CombatState, events: readonly CombatEvent[], stopped: boolean): void {
  agg.runs += 1;
  if (state.phase === 'ended' && state.winner !== null) bump(agg.wins, state.winner);
  else agg.draws += 1;
  if (stopped) agg.stoppedAtRoundLimit += 1;
  bump(agg.rounds, String(state.round));
  let fightDamage = 0;
  for (const id of state.listed) {
    const side = state.stats[id]!.side;
    const t = totalsFor(agg, id, side);
    const hp = hpStateOf(state, id);
    if (hp === 'dead') t.deaths += 1;
    if (hp !== 'fine' && hp !== 'disabled') t.downed += 1;
    const left = Math.max(0, state.creatures[id]!.hp);
    t.hpLeft += left;
    bump(agg.hpLeft, side, left);
  }
  for (const e of events) {
    if (e.type === 'DamageDealt' && !e.nonlethal) {
      totalsFor(agg, e.target, state.stats[e.target]!.side).damageTaken += e.amount;
      if (e.source) totalsFor(agg, e.source, state.stats[e.source]!.side).damageDealt += e.amount;
      fightDamage += e.amount;
    }
    if (e.type === 'OpportunityProvoked') totalsFor(agg, e.by, state.stats[e.by]!.side).aooProvoked += 1;
    if (e.type === 'AttackRolled' && e.kind === 'opportunity') totalsFor(agg, e.attacker, state.stats[e.attacker]!.side).aooMade += 1;
    if (e.type === 'AttackRolled' && e.sneak) totalsFor(agg, e.attacker, state.stats[e.attacker]!.side).sneakAttacks += 1;
    if (e.type === 'SpellLost') totalsFor(agg, e.caster, state.stats[e.caster]!.side).spellsLost += 1;
  }
  bump(agg.damage, String(Math.floor(fightDamage / 5) * 5));
}

const addRecords = (into: Record<string, number>, from: Record<string, number>): void => {
  for (const [k, v] of Object.entries(from)) bump(into, k, v);
};

/** Exact merge: the result is the same whatever the order or the split of the runs. */
export function mergeAggregates(into: Aggregate, from: Aggregate): Aggregate {
  into.runs += from.runs;
  into.draws += from.draws;
  into.stoppedAtRoundLimit += from.stoppedAtRoundLimit;
  addRecords(into.wins, from.wins);
  addRecords(into.rounds, from.rounds);
  addRecords(into.hpLeft, from.hpLeft);
  addRecords(into.damage, from.damage);
  for (const [id, t] of Object.entries(from.combatants)) {
    const mine = totalsFor(into, id, t.side);
    for (const key of ['deaths', 'downed', 'hpLeft', 'damageDealt', 'damageTaken', 'aooProvoked', 'aooMade', 'sneakAttacks', 'spellsLost'] as const) mine[key] += t[key];
  }
  return into;
}

/** A canonical copy with sorted keys, so equal aggregates serialize to equal bytes. */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonical) as T;
  if (value === null || typeof value !== 'object') return value;
  const sorted = Object.keys(value).sort((a, b) => (Number.isNaN(Number(a)) || Number.isNaN(Number(b)) ? a.localeCompare(b) : Number(a) - Number(b)));
  return Object.fromEntries(sorted.map((k) => [k, canonical((value as Record<string, unknown>)[k])])) as T;
}
