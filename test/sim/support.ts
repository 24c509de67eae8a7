// Small real Monte Carlo studies for the sim tests: the bundled duel, run in this process.
import { fileURLToPath } from 'node:url';
import { loadEncounter } from '../../src/io/encounter.ts';
import type { Encounter } from '../../src/model/stats.ts';
import type { Aggregate } from '../../src/sim/aggregate.ts';
import { runMonteCarlo, type StudyOptions } from '../../src/sim/montecarlo.ts';
import { studyReport, type StudyMeta } from '../../src/sim/summary.ts';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const DUEL = 'fixtures/encounters/duel.json';
export const BOTS = { heroes: 'brute', monsters: 'brute' } as const;

export function duel(): Encounter {
  const loaded = loadEncounter(`${root}${DUEL}`);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

export type StudyOverrides = Partial<Omit<StudyOptions, 'onProgress'>>;

/** The options of a study of `runs` fights of the duel (one worker unless told). */
export const options = (runs: number, over: StudyOverrides = {}): StudyOptions => ({ runs, seed: '1', bots: BOTS, maxRounds: 100, workers: 1, ...over });

export const metaOf = (o: StudyOptions): StudyMeta => ({ seed: o.seed, encounter: DUEL, bots: o.bots, maxRounds: o.maxRounds });

export async function study(runs: number, over: StudyOverrides = {}): Promise<{ agg: Aggregate; report: ReturnType<typeof studyReport> }> {
  const o = options(runs, over);
  const agg = await runMonteCarlo(duel(), o);
  return { agg, report: studyReport(agg, metaOf(o)) };
}
