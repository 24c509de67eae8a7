// Shortest paths on the grid with the 5/10 diagonal rule (CORE-5), for bots: Dijkstra over (square, diagonal
// parity) with a bucket queue, flat arrays indexed by square, and the goal given as a precomputed mask.
// Speed (issue 6): where the mover's space fits is marked once per search, and the grids are reused.
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
  /** Per square: may the mover stop with its corner there (1)? */
  readonly stop: Uint8Array;
}

/** Neighbour offsets, straight ones first (the order decides ties between equal paths). */
const DX = [1, -1, 0, 0, 1, 1, -1, -1] as const;
const DY = [0, 0, 1, -1, 1, -1, 1, -1] as const;

/**
 * Grids reused from one search to the next (speed, issue 6: typed arrays this size live outside V8's heap and
 * are slow to allocate and free). A search's grids are read before the next search starts.
 */
const scratch = { cells: 0, best: new Int32Array(0), from: new Int32Array(0), pass: new Uint8Array(0), stop: new Uint8Array(0) };

function scratchFor(cells: number): typeof scratch {
  if (scratch.cells !== cells) {
    scratch.cells = cells;
    scratch.best = new Int32Array(cells * 2);
    scratch.from = new Int32Array(cells * 2);
    scratch.pass = new Uint8Array(cells);
    scratch.stop = new Uint8Array(cells);
  }
  return scratch;
}

/** For each corner square: may the mover's n-by-n space pass there (pass), or end its move there (stop)? */
function markSpaces(width: number, height: number, n: number, terrain: Uint8Array, occupied: Uint8Array, pass: Uint8Array, stop: Uint8Array): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let canPass = x + n <= width && y + n <= height;
      let canStop = canPass;
      for (let dy = 0; dy < n && canPass; dy++) {
        for (let dx = 0; dx < n; dx++) {
          const i = (y + dy) * width + x + dx;
          if (terrain[i] === 2 || occupied[i] === 2) canPass = false;
          if (occupied[i] === 1) canStop = false;
        }
      }
      pass[y * width + x] = canPass ? 1 : 0;
      stop[y * width + x] = canPass && canStop ? 1 : 0;
    }
  }
}

/**
 * Dijkstra from the mover's square (5/10 diagonals, difficult terrain doubles) within `budget` feet, stopping
 * early at the first stoppable square where `goal` is set. Foes that can act block; allies may be passed.
 */
function explore(state: CombatState, mover: CreatureId, budget: number, goal: Uint8Array | null): { search: Search; found: number } {
  const { width, height } = state.map;
  const n = spaceOf(statsOf(state, mover).size);
  const terrain = terrainGrid(state);
  const { best, from, pass, stop } = scratchFor(width * height);
  best.fill(-1);
  from.fill(-1);
  markSpaces(width, height, n, terrain, occupancyGrid(state, mover), pass, stop);
  const start = creatureOf(state, mover).at;
  const startNode = (start[1] * width + start[0]) * 2;
  const buckets: number[][] = [[startNode]];
  best[startNode] = 0;
  const search = { width, best, from, stop };
  for (let step = 0; step * 5 <= budget && step < buckets.length; step++) {
    const bucket = buckets[step];
    if (!bucket) continue;
    const cost = step * 5;
    for (let k = 0; k < bucket.length; k++) {
      const node = bucket[k]!;
      if (best[node] !== cost) continue;
      const sq = node >> 1;
      const x = sq % width;
      const y = (sq - x) / width;
      if (goal !== null && goal[sq] === 1 && stop[sq] === 1) return { search, found: node };
      const parity = node & 1;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d]!;
        const ny = y + DY[d]!;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const nsq = ny * width + nx;
        if (pass[nsq] !== 1) continue;
        const diagonal = d >= 4;
        const base = diagonal && parity === 1 ? 10 : 5;
        const nextCost = cost + (terrain[nsq] === 1 ? base * 2 : base);
        if (nextCost > budget) continue;
        const next = nsq * 2 + (diagonal ? 1 - parity : parity);
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
    if (search.stop[sq] !== 1) continue;
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
