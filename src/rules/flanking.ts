// FLK-1 geometry: does the line between two allies' centers cross opposite sides or corners of the defender?
import type { Square } from '../model/ids.ts';
import type { Size } from '../model/stats.ts';
import { spaceOf } from './size.ts';

export interface Placed {
  readonly at: Square;
  readonly size: Size;
}

interface Box {
  readonly lo: readonly [number, number];
  readonly hi: readonly [number, number];
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const EPS = 1e-9;

const boxOf = (p: Placed): Box => {
  const n = spaceOf(p.size);
  return { lo: [p.at[0], p.at[1]], hi: [p.at[0] + n, p.at[1] + n] };
};

const centerOf = (p: Placed): Point => {
  const half = spaceOf(p.size) / 2;
  return { x: p.at[0] + half, y: p.at[1] + half };
};

/** Liang-Barsky clip of the segment a->b to the box: [tEntry, tExit], or null when it misses. */
function clip(a: Point, b: Point, box: Box): readonly [number, number] | null {
  let t0 = 0;
  let t1 = 1;
  const from = [a.x, a.y] as const;
  const delta = [b.x - a.x, b.y - a.y] as const;
  for (const i of [0, 1] as const) {
    if (delta[i] === 0) {
      if (from[i] < box.lo[i] || from[i] > box.hi[i]) return null;
      continue;
    }
    const ta = (box.lo[i] - from[i]) / delta[i];
    const tb = (box.hi[i] - from[i]) / delta[i];
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
  }
  return t0 < t1 ? [t0, t1] : null;
}

const at = (a: Point, b: Point, t: number): Point => ({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });

const near = (u: number, v: number): boolean => Math.abs(u - v) < EPS;

const strictlyInside = (p: Point, box: Box): boolean =>
  p.x > box.lo[0] + EPS && p.x < box.hi[0] - EPS && p.y > box.lo[1] + EPS && p.y < box.hi[1] - EPS;

/** Entry and exit lie on opposite sides (a corner belongs to both of its sides). */
function oppositeSides(entry: Point, exit: Point, box: Box): boolean {
  const coords = (p: Point): readonly [number, number] => [p.x, p.y];
  const e = coords(entry);
  const x = coords(exit);
  return ([0, 1] as const).some(
    (i) => (near(e[i], box.lo[i]) && near(x[i], box.hi[i])) || (near(e[i], box.hi[i]) && near(x[i], box.lo[i])),
  );
}

/**
 * FLK-1: the segment between the centers of the attacker's and the ally's spaces passes through the
 * defender's space, entering and leaving through opposite sides or opposite corners. Grazing an edge or
 * a corner does not count: the midpoint of entry and exit must lie strictly inside the space.
 */
export function isFlankingLine(attacker: Placed, ally: Placed, defender: Placed): boolean {
  const a = centerOf(attacker);
  const b = centerOf(ally);
  const box = boxOf(defender);
  const span = clip(a, b, box);
  if (span === null) return false;
  const entry = at(a, b, span[0]);
  const exit = at(a, b, span[1]);
  if (!strictlyInside(at(a, b, (span[0] + span[1]) / 2), box)) return false;
  return oppositeSides(entry, exit, box);
}
