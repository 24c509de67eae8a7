// Shortest paths on the grid with the 5/10 diagonal rule (CORE-5), for bots.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { inBounds, isBlocked, isDifficult, squaresOf } from '../rules/grid.ts';
import { areFoes, canActNow, creatureOf, hpStateOf, statsOf } from '../engine/queries.ts';

export interface PathResult {
  readonly path: Square[];
  readonly cost: number;
}

const NEIGHBOURS: readonly Square[] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** Who stands where, other than `mover` (dead bodies do not block). */
function occupancy(state: CombatState, mover: CreatureId): Record<string, CreatureId> {
  const at: Record<string, CreatureId> = {};
  for (const id of state.listed) {
    if (id === mover || hpStateOf(state, id) === 'dead') continue;
    for (const sq of squaresOf(creatureOf(state, id).at, statsOf(state, id).size)) at[`${sq[0]},${sq[1]}`] = id;
  }
  return at;
}

/**
 * Cheapest path for `mover` to any square where `goal` holds, within `budget` feet.
 * Foes that can act block; allies may be passed but not stopped on.
 */
export function findPath(state: CombatState, mover: CreatureId, goal: (at: Square) => boolean, budget: number): PathResult | null {
  const size = statsOf(state, mover).size;
  const occupied = occupancy(state, mover);
  const start = creatureOf(state, mover).at;
  const key = (sq: Square, diag: number) => `${sq[0]},${sq[1]},${diag}`;
  const best: Record<string, number> = { [key(start, 0)]: 0 };
  const came: Record<string, string | null> = { [key(start, 0)]: null };
  const where: Record<string, Square> = { [key(start, 0)]: start };
  let frontier: { sq: Square; diag: number; cost: number }[] = [{ sq: start, diag: 0, cost: 0 }];
  let found: { k: string; cost: number } | null = null;
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.cost - b.cost);
    const node = frontier.shift()!;
    const k = key(node.sq, node.diag);
    if (node.cost > (best[k] ?? Infinity)) continue;
    const free = squaresOf(node.sq, size).every((p) => occupied[`${p[0]},${p[1]}`] === undefined);
    if (free && goal(node.sq)) {
      found = { k, cost: node.cost };
      break;
    }
    for (const [dx, dy] of NEIGHBOURS) {
      const next: Square = [node.sq[0] + dx, node.sq[1] + dy];
      const parts = squaresOf(next, size);
      if (!parts.every((p) => inBounds(state.map, p) && !isBlocked(state.map, p))) continue;
      const blocker = parts.map((p) => occupied[`${p[0]},${p[1]}`]).find((id) => id !== undefined && areFoes(state, mover, id) && canActNow(state, id));
      if (blocker) continue;
      const diagonal = dx !== 0 && dy !== 0;
      const base = diagonal ? (node.diag % 2 === 1 ? 10 : 5) : 5;
      const cost = node.cost + (isDifficult(state.map, next) ? base * 2 : base);
      if (cost > budget) continue;
      const diag = diagonal ? node.diag + 1 : node.diag;
      const nk = key(next, diag % 2);
      if (cost >= (best[nk] ?? Infinity)) continue;
      best[nk] = cost;
      came[nk] = k;
      where[nk] = next;
      frontier.push({ sq: next, diag: diag % 2, cost });
    }
  }
  if (!found) return null;
  const path: Square[] = [];
  for (let k: string | null = found.k; k !== null && came[k] !== undefined; k = came[k] ?? null) {
    if (came[k] !== null) path.unshift(where[k]!);
  }
  return { path, cost: found.cost };
}
