// The simple built-in bot of `d20sim run`: close on the nearest foe and attack it (casters cast first).
import type { Command } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { AttackProfile, SpellId } from '../model/stats.ts';
import { attackReaches, areFoes, canActNow, creatureOf, defaultMelee, distanceBetween, statsOf } from '../engine/queries.ts';
import { SPELL_RULES } from '../rules/spells.ts';
import { spaceOf } from '../rules/size.ts';
import { threatensSquare } from '../rules/threat.ts';
import { findPath, occupancyGrid, prefixCosts } from '../engine/pathfinding.ts';

export function nearestFoe(state: CombatState, id: CreatureId): CreatureId | null {
  let best: CreatureId | null = null;
  let bestDistance = Infinity;
  for (const other of state.listed) {
    if (!areFoes(state, id, other) || !canActNow(state, other)) continue;
    const d = distanceBetween(state, id, other);
    if (d < bestDistance) [best, bestDistance] = [other, d];
  }
  return best;
}

function offensiveSpell(state: CombatState, id: CreatureId, target: CreatureId): SpellId | null {
  const spells = creatureOf(state, id).spells;
  const castable = (['magic-missile', 'acid-arrow'] as const).find(
    (s) => (spells[s] ?? 0) > 0 && distanceBetween(state, id, target) <= SPELL_RULES[s].range(statsOf(state, id).casterLevel),
  );
  return castable ?? null;
}

/** Squares (corner of the attacker's space) from which `attack` reaches some square of the target. */
export function attackSpots(state: CombatState, id: CreatureId, attack: AttackProfile, target: CreatureId): Uint8Array {
  const { width, height } = state.map;
  const stats = statsOf(state, id);
  const t = creatureOf(state, target);
  const tn = spaceOf(statsOf(state, target).size);
  const reach = Math.max(stats.reach, attack.reachWeapon ? stats.reach * 2 : 0) / 5 + spaceOf(stats.size);
  const spots = new Uint8Array(width * height);
  for (let y = Math.max(0, t.at[1] - reach); y <= Math.min(height - 1, t.at[1] + tn + reach); y++) {
    for (let x = Math.max(0, t.at[0] - reach); x <= Math.min(width - 1, t.at[0] + tn + reach); x++) {
      const input = { at: [x, y] as Square, size: stats.size, reach: stats.reach, reachWeapon: attack.reachWeapon, options: state.rules };
      let hit = false;
      for (let dx = 0; dx < tn && !hit; dx++) for (let dy = 0; dy < tn && !hit; dy++) hit = threatensSquare(input, state.map, [t.at[0] + dx, t.at[1] + dy]);
      if (hit) spots[y * width + x] = 1;
    }
  }
  return spots;
}

/** The next command for `id`, whose turn it is. */
export function closerCommand(state: CombatState, id: CreatureId): Command {
  const turn = state.turn;
  const end: Command = { type: 'EndTurn', actor: id };
  // With neither a standard nor a move action left, every branch below ends the turn: skip the search.
  if (!turn || (!turn.standardLeft && !turn.moveLeft)) return end;
  const foe = nearestFoe(state, id);
  if (!foe) return end;
  const stats = statsOf(state, id);
  const melee = defaultMelee(stats);
  if (turn.standardLeft) {
    const spell = offensiveSpell(state, id, foe);
    if (spell) return { type: 'CastSpell', actor: id, spell, target: foe, at: null, defensively: false };
  }
  if (melee && attackReaches(state, id, melee, foe)) {
    const fullAttack = turn.standardLeft && turn.moveLeft && !turn.limited && !turn.moved && fullAttackWorth(stats);
    if (fullAttack) return { type: 'FullAttack', actor: id, targets: [foe], with: null, stepAfter: null, powerAttack: 0 };
    if (turn.standardLeft) return { type: 'Attack', actor: id, target: foe, with: null, powerAttack: 0 };
    return end;
  }
  const ranged = stats.attacks.find((a) => a.kind === 'ranged');
  if (!melee && ranged && turn.standardLeft) return { type: 'Attack', actor: id, target: foe, with: ranged.name, powerAttack: 0 };
  if (!melee || turn.stepped || (!turn.moveLeft && !turn.standardLeft)) return end;
  const moves = turn.moveLeft && turn.standardLeft && !turn.limited ? 2 : 1;
  const route = findPath(state, id, attackSpots(state, id, melee, foe), 400);
  if (!route || route.path.length === 0) return end;
  // Keep the standard action for the attack when one move action gets there.
  const oneMove = trim(state, id, route.path, stats.speed);
  const path = oneMove.length === route.path.length || moves === 1 ? oneMove : trim(state, id, route.path, stats.speed * moves);
  return path.length > 0 ? { type: 'Move', actor: id, path } : end;
}

const fullAttackWorth = (stats: ReturnType<typeof statsOf>): boolean => {
  const melee = defaultMelee(stats);
  if (!melee) return false;
  const naturals = stats.attacks.filter((a) => a.kind === 'natural').length;
  return melee.bonus.length > 1 || (melee.kind === 'natural' && naturals > 1);
};

/** The longest prefix of `path` within `budget` feet that ends where the creature may stop. */
function trim(state: CombatState, id: CreatureId, path: readonly Square[], budget: number): Square[] {
  const costs = prefixCosts(state, creatureOf(state, id).at, path);
  const occupied = occupancyGrid(state, id);
  const n = spaceOf(statsOf(state, id).size);
  for (let k = path.length; k > 0; k--) if (costs[k - 1]! <= budget && spaceIsFree(occupied, state.map.width, n, path[k - 1]!)) return path.slice(0, k);
  return [];
}

/** Is nobody else on the n-by-n space whose corner is `sq`? */
function spaceIsFree(occupied: Uint8Array, width: number, n: number, sq: Square): boolean {
  for (let dx = 0; dx < n; dx++) for (let dy = 0; dy < n; dy++) if (occupied[(sq[1] + dy) * width + sq[0] + dx] !== 0) return false;
  return true;
}
