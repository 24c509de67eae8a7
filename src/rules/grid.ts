// Grid geometry: footprints, the 5/10 diagonal distance rule, path costs (CORE-5).
import type { Square } from '../model/ids.ts';
import type { GridMap, Size } from '../model/stats.ts';
import { spaceOf } from './size.ts';

/** The squares of a creature's space: `at` and the squares to its right and below (row by row). */
export function squaresOf(at: Square, size: Size): Square[] {
  const n = spaceOf(size);
  const out: Square[] = [];
  for (let dy = 0; dy < n; dy++) for (let dx = 0; dx < n; dx++) out.push([at[0] + dx, at[1] + dy]);
  return out;
}

/** Feet for an offset of |dx|, |dy| squares: diagonals alternate 5/10, the first costs 5. */
export function offsetFeet(dx: number, dy: number): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const diag = Math.min(ax, ay);
  const straight = Math.max(ax, ay) - diag;
  return 5 * (straight + diag + Math.floor(diag / 2));
}

/** Distance in feet between two squares (the 3.5 count). */
export const distanceFeet = (a: Square, b: Square): number => offsetFeet(a[0] - b[0], a[1] - b[1]);

/**
 * Squares between two spans on one axis: span A starts at a0 and is an squares wide, span B at b0, bn wide.
 * 0 when they overlap; the offset from A's nearest square to B's nearest otherwise.
 */
export function axisGap(a0: number, an: number, b0: number, bn: number): number {
  if (b0 > a0 + an - 1) return b0 - (a0 + an - 1);
  if (a0 > b0 + bn - 1) return a0 - (b0 + bn - 1);
  return 0;
}

/** Shortest distanceFeet between any square of A's space and any square of B's space. */
export function spaceDistanceFeet(aAt: Square, aSize: Size, bAt: Square, bSize: Size): number {
  const an = spaceOf(aSize);
  const bn = spaceOf(bSize);
  return offsetFeet(axisGap(aAt[0], an, bAt[0], bn), axisGap(aAt[1], an, bAt[1], bn));
}

/** Chebyshev distance 1 (the 8-neighbourhood). */
export const isAdjacent = (a: Square, b: Square): boolean =>
  Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1;

export const inBounds = (map: GridMap, sq: Square): boolean =>
  Number.isInteger(sq[0]) && Number.isInteger(sq[1]) &&
  sq[0] >= 0 && sq[1] >= 0 && sq[0] < map.width && sq[1] < map.height;

const listed = (list: readonly Square[], sq: Square): boolean =>
  list.some((s) => s[0] === sq[0] && s[1] === sq[1]);

/** In the map's blocked list (out-of-bounds squares are not reported here: see inBounds). */
export const isBlocked = (map: GridMap, sq: Square): boolean => listed(map.blocked, sq);

/** In the map's difficult-terrain list. */
export const isDifficult = (map: GridMap, sq: Square): boolean => listed(map.difficult, sq);

const key = (sq: Square): string => `${sq[0]},${sq[1]}`;

/**
 * CORE-5: cost in feet of moving from `from` along `path` (each square adjacent to the previous).
 * Diagonals alternate 5/10 over the whole path; entering a difficult square doubles that step.
 * Throws a RangeError when a step is not to an adjacent square.
 */
export function pathCostFeet(from: Square, path: readonly Square[], difficult: readonly Square[]): number {
  const hard = new Set(difficult.map(key));
  let prev = from;
  let diagonals = 0;
  let feet = 0;
  for (const sq of path) {
    if (!isAdjacent(prev, sq)) throw new RangeError(`path step ${key(prev)} -> ${key(sq)} is not to an adjacent square`);
    const diagonal = prev[0] !== sq[0] && prev[1] !== sq[1];
    if (diagonal) diagonals++;
    const base = diagonal && diagonals % 2 === 0 ? 10 : 5;
    feet += hard.has(key(sq)) ? base * 2 : base;
    prev = sq;
  }
  return feet;
}
