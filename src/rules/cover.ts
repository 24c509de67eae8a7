// THR-7 cover from blocked squares: the attacker picks its best corner; the target has cover if some
// line from that corner to a corner of the target's space passes through a blocked square.
import type { Square } from '../model/ids.ts';
import type { GridMap, Size } from '../model/stats.ts';
import { spaceOf } from './size.ts';

export interface Placed {
  readonly at: Square;
  readonly size: Size;
}

type Point = readonly [number, number];

function cornersOf(p: Placed): Point[] {
  const n = spaceOf(p.size);
  const points: Point[] = [];
  for (let dx = 0; dx <= n; dx++) for (let dy = 0; dy <= n; dy++) points.push([p.at[0] + dx, p.at[1] + dy]);
  return points;
}

/** Does the segment a-b pass through the open interior of the unit square at `sq`? */
export function segmentCrossesSquare(a: Point, b: Point, sq: Square): boolean {
  let t0 = 0;
  let t1 = 1;
  const d = [b[0] - a[0], b[1] - a[1]] as const;
  for (const axis of [0, 1] as const) {
    const lo = sq[axis];
    const hi = sq[axis] + 1;
    if (d[axis] === 0) {
      if (a[axis] <= lo || a[axis] >= hi) return false; // along or outside an edge: not through the interior
      continue;
    }
    let ta = (lo - a[axis]) / d[axis];
    let tb = (hi - a[axis]) / d[axis];
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
  }
  return t1 - t0 > 1e-9;
}

export function coverBetween(attacker: Placed, target: Placed, map: GridMap): boolean {
  const targetCorners = cornersOf(target);
  const xs = [attacker.at[0], target.at[0]];
  const ys = [attacker.at[1], target.at[1]];
  const [x0, x1] = [Math.min(...xs) - 1, Math.max(...xs) + spaceOf(attacker.size) + spaceOf(target.size)];
  const [y0, y1] = [Math.min(...ys) - 1, Math.max(...ys) + spaceOf(attacker.size) + spaceOf(target.size)];
  const walls = map.blocked.filter((b) => b[0] >= x0 && b[0] <= x1 && b[1] >= y0 && b[1] <= y1);
  if (walls.length === 0) return false;
  const blocked = (from: Point) => targetCorners.some((to) => walls.some((w) => segmentCrossesSquare(from, to, w)));
  return cornersOf(attacker).every(blocked);
}
