// Shortest paths on the grid with the 5/10 diagonal rule (CORE-5), for bots: Dijkstra over (square, diagonal
// parity) with a bucket queue, flat arrays indexed by square, and the goal given as a precomputed mask.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { spaceOf } from '../rules/size.ts';
import { areFoes, canActNow, creatureOf, hpStateOf, statsOf } from './queries.ts';

export interface PathResult {
  readonly path: Square[];
  readonly cost: number;
}

const STEPS: readonly (readonly [number, number])[] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** What stands on each square for `mover`: 0 free, 1 an ally or a helpless foe (pass, not stop), 2 a foe that blocks. */
export function occupancyGrid(state: CombatState, mover: CreatureId): Uint8Array {
  const { width, height } = state.map;
  const grid = new Uint8Array(width * height);
  for (const id of state.listed) {
    if (id === mover || hpStateOf(state, id) === 'dead') continue;
    const { at } = creatureOf(state, id);
    const n = spaceOf(statsOf(state, id).size);
    const mark = areFoes(state, mover, id) && canActNow(state, id) ? 2 : 1;
    for (let dx = 0; dx < n; dx++) {
      for (let dy = 0; dy < n; dy++) {
        const x = at[0] + dx;
        const y = at[1] + dy;
        if (x < width && y < height) grid[y * width + x] = Math.max(grid[y * width + x]!, mark);
      }
    }
  }
  return grid;
}

/** Terrain per map object (maps never change during a fight); read-only for callers. */
const terrainCache = new WeakMap<CombatState['map'], Uint8Array>();

function terrainGrid(state: CombatState): Uint8Array {
  let grid = terrainCache.get(state.map);
  if (!grid) {
    grid = buildTerrainGrid(state);
    terrainCache.set(state.map, grid);
  }
  return grid;
}

function buildTerrainGrid(state: CombatState): Uint8Array {
  const { width, height, blocked, difficult } = state.map;
  const grid = new Uint8Array(width * height); // 0 open, 1 difficult, 2 blocked
  for (const [x, y] of difficult) if (x < width && y < height) grid[y * width + x] = 1;
  for (const [x, y] of blocked) if (x < width && y < height) grid[y * width + x] = 2;
  return grid;
}

interface Search {
  readonly width: number;
  /** Per node (square * 2 + diagonal parity): cheapest cost in feet, or -1. */
  readonly best: Int32Array;
  readonly from: Int32Array;
  /** May the mover stop with its corner on this square? */
  readonly stoppable: (sq: number) => boolean;
}

/**
 * Dijkstra from the mover's square (5/10 diagonals, difficult terrain doubles) within `budget` feet, stopping
 * early at the first stoppable square where `goal` is set. Foes that can act block; allies may be passed.
 */
function explore(state: CombatState, mover: CreatureId, budget: number, goal: Uint8Array | null): { search: Search; found: number } {
  const { width, height } = state.map;
  const n = spaceOf(statsOf(state, mover).size);
  const occupied = occupancyGrid(state, mover);
  const terrain = terrainGrid(state);
  const cells = width * height;
  const best = new Int32Array(cells * 2).fill(-1);
  const from = new Int32Array(cells * 2).fill(-1);
  const start = creatureOf(state, mover).at;
  const startNode = (start[1] * width + start[0]) * 2;
  const buckets: number[][] = [[startNode]];
  best[startNode] = 0;
  const fits = (x: number, y: number, stopping: boolean): boolean => {
    if (x < 0 || y < 0 || x + n > width || y + n > height) return false;
    for (let dx = 0; dx < n; dx++) {
      for (let dy = 0; dy < n; dy++) {
        const i = (y + dy) * width + x + dx;
        if (terrain[i] === 2 || occupied[i] === 2 || (stopping && occupied[i] === 1)) return false;
      }
    }
    return true;
  };
  const stoppable = (sq: number) => fits(sq % width, Math.floor(sq / width), true);
  const search = { width, best, from, stoppable };
  for (let step = 0; step * 5 <= budget && step < buckets.length; step++) {
    for (const node of buckets[step] ?? []) {
      const cost = step * 5;
      if (best[node] !== cost) continue;
      const sq = node >> 1;
      const x = sq % width;
      const y = (sq - x) / width;
      if (goal && goal[sq] === 1 && stoppable(sq)) return { search, found: node };
      for (const [dx, dy] of STEPS) {
        const nx = x + dx;
        const ny = y + dy;
        if (!fits(nx, ny, false)) continue;
        const diagonal = dx !== 0 && dy !== 0;
        const parity = node & 1;
        const base = diagonal ? (parity === 1 ? 10 : 5) : 5;
        const nextCost = cost + (terrain[ny * width + nx] === 1 ? base * 2 : base);
        if (nextCost > budget) continue;
        const next = (ny * width + nx) * 2 + (diagonal ? 1 - parity : parity);
        if (best[next] !== -1 && best[next]! <= nextCost) continue;
        best[next] = nextCost;
        from[next] = node;
        (buckets[nextCost / 5] ??= []).push(next);
      }
    }
  }
  return { search, found: -1 };
}

/** Cheapest path for `mover` to a stoppable square whose index (y * width + x) is set in `goal`. */
export function findPath(state: CombatState, mover: CreatureId, goal: Uint8Array, budget: number): PathResult | null {
  const { search, found } = explore(state, mover, budget, goal);
  return found < 0 ? null : { path: unwind(search.from, found, search.width), cost: search.best[found]! };
}

/** Every square the mover can end a move on within `budget` feet, with the cheapest path there. */
export function reachableSquares(state: CombatState, mover: CreatureId, budget: number): PathResult[] {
  const { search } = explore(state, mover, budget, null);
  const out: PathResult[] = [];
  const cells = search.best.length / 2;
  for (let sq = 0; sq < cells; sq++) {
    const a = search.best[sq * 2]!;
    const b = search.best[sq * 2 + 1]!;
    if (a <= 0 && b <= 0) continue; // unreached, or the start
    if (!search.stoppable(sq)) continue;
    const node = a > 0 && (b <= 0 || a <= b) ? sq * 2 : sq * 2 + 1;
    out.push({ path: unwind(search.from, node, search.width), cost: search.best[node]! });
  }
  return out;
}

function unwind(from: Int32Array, node: number, width: number): Square[] {
  const path: Square[] = [];
  for (let at = node; from[at] !== -1; at = from[at]!) {
    const sq = at >> 1;
    path.unshift([sq % width, Math.floor(sq / width)]);
  }
  return path;
}

/** The cost of each prefix of `path` (5/10 diagonals, difficult terrain doubles). */
export function prefixCosts(state: CombatState, start: Square, path: readonly Square[]): number[] {
  const { width } = state.map;
  const terrain = terrainGrid(state);
  const costs: number[] = [];
  let total = 0;
  let diagonals = 0;
  let at = start;
  for (const sq of path) {
    const diagonal = sq[0] !== at[0] && sq[1] !== at[1];
    const base = diagonal ? (diagonals % 2 === 1 ? 10 : 5) : 5;
    if (diagonal) diagonals += 1;
    total += terrain[sq[1] * width + sq[0]] === 1 ? base * 2 : base;
    costs.push(total);
    at = sq;
  }
  return costs;
}
