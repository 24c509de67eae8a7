// Bot tournaments: the same encounter, many seeds, one controller per side; win rates with 95% intervals.
import { playMatch, type Controllers } from '../combat/match.ts';
import { setFreezing } from '../engine/evolve.ts';
import type { Encounter } from '../model/stats.ts';
import { runSeed, wilson } from './stats.ts';

export interface SideResult {
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: [number, number];
}

export interface VersusResult {
  readonly runs: number;
  readonly seed: string;
  readonly bots: Readonly<Record<string, string>>;
  readonly sides: Readonly<Record<string, SideResult>>;
  readonly draws: number;
  readonly stoppedAtRoundLimit: number;
}

export function runVersus(encounter: Encounter, options: { runs: number; seed: string; bots: () => Controllers; maxRounds?: number; onRun?: () => void }): VersusResult {
  const sides = [...new Set(encounter.combatants.map((c) => c.stats.side))];
  const wins: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  let draws = 0;
  let stoppedAtRoundLimit = 0;
  let names: Record<string, string> = {};
  setFreezing(false);
  try {
    for (let i = 0; i < options.runs; i++) {
      const controllers = options.bots();
      names = Object.fromEntries(Object.entries(controllers).map(([side, c]) => [side, c.name]));
      const { combat, stopped } = playMatch(encounter, { seed: runSeed(options.seed, i), controllers, maxRounds: options.maxRounds ?? 100 });
      const winner = combat.state.winner;
      if (winner !== null && combat.state.phase === 'ended') wins[winner] = (wins[winner] ?? 0) + 1;
      else draws += 1;
      if (stopped) stoppedAtRoundLimit += 1;
      options.onRun?.();
    }
  } finally {
    setFreezing(true);
  }
  const result: Record<string, SideResult> = {};
  for (const side of sides) result[side] = { wins: wins[side]!, winRate: wins[side]! / options.runs, ci95: wilson(wins[side]!, options.runs) };
  return { runs: options.runs, seed: options.seed, bots: names, sides: result, draws, stoppedAtRoundLimit };
}
