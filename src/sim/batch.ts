// One slice of a Monte Carlo study: runs [start, end) with seeds from (seed, run index); the same results
// whichever worker runs it.
import { makeBot, type BotName } from '../bots/registry.ts';
import type { Controller } from '../bots/controller.ts';
import { playMatch } from '../combat/match.ts';
import { setFreezing } from '../engine/evolve.ts';
import type { Encounter } from '../model/stats.ts';
import { addFight, emptyAggregate, type Aggregate } from './aggregate.ts';
import { runSeed } from './stats.ts';

export interface BatchTask {
  readonly encounter: Encounter;
  readonly seed: string;
  readonly bots: Readonly<Record<string, BotName>>;
  readonly maxRounds: number;
  readonly start: number;
  readonly end: number;
}

export function controllersFor(encounter: Encounter, bots: Readonly<Record<string, BotName>>, run: number): Record<string, Controller> {
  const sides = [...new Set(encounter.combatants.map((c) => c.stats.side))];
  return Object.fromEntries(sides.map((side, i) => [side, makeBot(bots[side] ?? 'brute', run * 16 + i + 1)]));
}

export function runBatch(task: BatchTask): Aggregate {
  const agg = emptyAggregate();
  setFreezing(false); // bulk runs: no auto-freeze (DESIGN.md)
  try {
    for (let run = task.start; run < task.end; run++) {
      const { combat, stopped } = playMatch(task.encounter, {
        seed: runSeed(task.seed, run),
        controllers: controllersFor(task.encounter, task.bots, run),
        maxRounds: task.maxRounds,
      });
      addFight(agg, combat.state, combat.events, stopped);
    }
  } finally {
    setFreezing(true);
  }
  return agg;
}
