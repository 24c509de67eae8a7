// Interval statistics for win rates: Wilson score intervals, and the difference of two proportions.
import { probit } from 'simple-statistics';

// probit is an approximation (1.9572 at 97.5%); the usual levels get their exact quantiles.
const EXACT_Z = { 0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004 } as const satisfies Record<number, number>;

/** z for a two-sided interval at `confidence` (1.96 for 95%). */
export const zFor = (confidence: number): number =>
  (EXACT_Z as Record<number, number>)[confidence] ?? probit(1 - (1 - confidence) / 2);

/** Wilson score interval for `wins` out of `n`. */
export function wilson(wins: number, n: number, confidence = 0.95): [number, number] {
  if (n === 0) return [0, 1];
  const z = zFor(confidence);
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At 0 or n wins the interval touches the bound exactly (floating point would miss it by an ulp).
  return [wins === 0 ? 0 : Math.max(0, centre - half), wins === n ? 1 : Math.min(1, centre + half)];
}

/** Normal-approximation interval for p1 - p2. */
export function differenceInterval(wins1: number, n1: number, wins2: number, n2: number, confidence = 0.95): [number, number] {
  const p1 = wins1 / n1;
  const p2 = wins2 / n2;
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const z = zFor(confidence);
  return [p1 - p2 - z * se, p1 - p2 + z * se];
}

/** A run's seed from the study's seed and its index: the same whatever the number of workers. */
export const runSeed = (seed: string, index: number): string => `${seed}#${index}`;

/**
 * Interval for p1 - p2 when both rates come from the same n runs (paired: run i of each study used the same
 * seed). Only the discordant runs carry the difference: `firstOnly` runs won under the first treatment and
 * lost under the second, `secondOnly` the reverse. Normal approximation on the paired differences.
 */
export function pairedDifferenceInterval(firstOnly: number, secondOnly: number, n: number, confidence = 0.95): [number, number] {
  if (n === 0) return [-1, 1];
  const diff = (firstOnly - secondOnly) / n;
  const se = Math.sqrt(Math.max(0, firstOnly + secondOnly - n * diff * diff)) / n;
  const z = zFor(confidence);
  return [diff - z * se, diff + z * se];
}
