// The Monte Carlo report (`--json`): win rates with 95% Wilson intervals, rounds, hp, per-combatant figures.
import type { Aggregate } from './aggregate.ts';
import { canonical } from './aggregate.ts';
import { wilson } from './stats.ts';

export interface StudyMeta {
  readonly seed: string;
  readonly encounter: string;
  readonly bots: Readonly<Record<string, string>>;
  readonly maxRounds: number;
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Percentile from a histogram (value -> count): the smallest value with at least p of the mass at or below it. */
export function histogramPercentile(histogram: Record<string, number>, p: number): number {
  const entries = Object.entries(histogram).map(([k, v]) => [Number(k), v] as const).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, v]) => s + v, 0);
  let seen = 0;
  for (const [value, count] of entries) {
    seen += count;
    if (seen >= p * total) return value;
  }
  return entries[entries.length - 1]?.[0] ?? 0;
}

export function studyReport(agg: Aggregate, meta: StudyMeta) {
  // An empty shard divides by one: its rates are 0 and it still merges exactly.
  const n = Math.max(1, agg.runs);
  const sides: Record<string, { wins: number; winRate: number; ci95: [number, number]; bot: string; meanHpLeft: number }> = {};
  const sideNames = [...new Set(Object.values(agg.combatants).map((c) => c.side))].sort();
  for (const side of sideNames) {
    const wins = agg.wins[side] ?? 0;
    const [lo, hi] = wilson(wins, n);
    sides[side] = { wins, winRate: round4(wins / n), ci95: [round4(lo), round4(hi)], bot: meta.bots[side] ?? 'unknown', meanHpLeft: round4((agg.hpLeft[side] ?? 0) / n) };
  }
  const roundsMean = Object.entries(agg.rounds).reduce((s, [k, v]) => s + Number(k) * v, 0) / n;
  const combatants = Object.fromEntries(
    Object.entries(agg.combatants).map(([id, t]) => [
      id,
      {
        side: t.side, deathRate: round4(t.deaths / n), downRate: round4(t.downed / n), meanHpLeft: round4(t.hpLeft / n),
        meanDamageDealt: round4(t.damageDealt / n), meanDamageTaken: round4(t.damageTaken / n), aooProvoked: t.aooProvoked,
        aooMade: t.aooMade, sneakAttacks: t.sneakAttacks, spellsLost: t.spellsLost,
      },
    ]),
  );
  return canonical({
    format: 'd20sim/montecarlo@1',
    encounter: meta.encounter,
    runs: agg.runs,
    seed: meta.seed,
    maxRounds: meta.maxRounds,
    sides,
    draws: agg.draws,
    stoppedAtRoundLimit: agg.stoppedAtRoundLimit,
    rounds: {
      mean: round4(roundsMean),
      p50: histogramPercentile(agg.rounds, 0.5),
      p90: histogramPercentile(agg.rounds, 0.9),
      p99: histogramPercentile(agg.rounds, 0.99),
      histogram: agg.rounds,
    },
    damagePerFight: { histogram: agg.damage },
    combatants,
    aggregate: agg,
  });
}
