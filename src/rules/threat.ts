// THR-1..4, VAR-2, VAR-3: which squares a creature threatens (geometry only; THR-5/6 decide elsewhere).
import type { Square } from '../model/ids.ts';
import type { GridMap, Size } from '../model/stats.ts';
import { axisGap, inBounds, offsetFeet } from './grid.ts';
import { isTinyOrSmaller, spaceOf } from './size.ts';

export interface ThreatOptions {
  readonly tinyReachWeapons?: boolean;
  readonly reachWeaponsUpClose?: boolean;
}

export interface ThreatInput {
  readonly at: Square;
  readonly size: Size;
  /** Natural reach in feet (THR-2, or the stat block's override). */
  readonly reach: number;
  readonly reachWeapon: boolean;
  readonly options?: ThreatOptions;
}

/** Reach at which the 3.5 exception lets the (2,2) diagonal count as in reach (THR-4). */
const TWO_DIAGONAL_REACH = 10;

/** Is an offset of gx, gy squares from the space within `reach` feet? */
function withinReach(gx: number, gy: number, reach: number): boolean {
  // THR-4: a reach of exactly 10 ft also covers the squares two diagonals away.
  if (reach === TWO_DIAGONAL_REACH) return Math.max(gx, gy) <= 2;
  return offsetFeet(gx, gy) <= reach;
}

/** Farthest reach in feet: natural, or doubled by a reach weapon. */
export function effectiveReach(input: ThreatInput): number {
  if (!input.reachWeapon) return input.reach;
  const doubled = 2 * input.reach; // THR-4: a reach weapon doubles natural reach (0 stays 0).
  // VAR-2: Tiny or smaller creatures get 5 ft with a reach weapon.
  if (input.options?.tinyReachWeapons === true && isTinyOrSmaller(input.size)) return Math.max(doubled, 5);
  return doubled;
}

/** Reach in feet within which nothing is threatened (the hole of the ring), or -1 for none. */
function holeReach(input: ThreatInput): number {
  // VAR-3: a reach weapon used up close also threatens within natural reach.
  if (!input.reachWeapon || input.options?.reachWeaponsUpClose === true) return -1;
  return input.reach; // THR-4: only squares beyond natural reach.
}

/** Does the creature threaten `sq`? Allocation-free; agrees with threatenedSquares. */
export function threatensSquare(input: ThreatInput, map: GridMap, sq: Square): boolean {
  if (!inBounds(map, sq)) return false;
  const n = spaceOf(input.size);
  const gx = axisGap(input.at[0], n, sq[0], 1);
  const gy = axisGap(input.at[1], n, sq[1], 1);
  const outer = effectiveReach(input);
  // THR-3: reach 0 threatens only its own space (a reach weapon leaves 0 at 0).
  if (outer <= 0) return gx === 0 && gy === 0;
  // THR-1: every square within reach, own space included.
  if (!withinReach(gx, gy, outer)) return false;
  const hole = holeReach(input);
  return hole < 0 || !withinReach(gx, gy, hole);
}

/** Farthest threatened square from the space, in squares along one axis. */
const radiusSquares = (reach: number): number => (reach === TWO_DIAGONAL_REACH ? 2 : Math.floor(Math.max(reach, 0) / 5));

/** Every in-bounds square the creature threatens, row by row. */
export function threatenedSquares(input: ThreatInput, map: GridMap): Square[] {
  const r = radiusSquares(effectiveReach(input));
  const n = spaceOf(input.size);
  const [x0, y0] = input.at;
  const out: Square[] = [];
  for (let y = Math.max(0, y0 - r); y <= Math.min(map.height - 1, y0 + n - 1 + r); y++) {
    for (let x = Math.max(0, x0 - r); x <= Math.min(map.width - 1, x0 + n - 1 + r); x++) {
      if (threatensSquare(input, map, [x, y])) out.push([x, y]);
    }
  }
  return out;
}
