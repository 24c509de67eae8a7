// The simple built-in bot of `d20sim run`: close on the nearest foe and attack it.
import type { Command } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { attackReaches, areFoes, canActNow, creatureOf, defaultMelee, distanceBetween, statsOf } from '../engine/queries.ts';
import { SPELL_RULES } from '../rules/spells.ts';
import type { SpellId } from '../model/stats.ts';
import { findPath } from './pathfinding.ts';

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

const movedTo = (state: CombatState, id: CreatureId, at: Square): CombatState => ({
  ...state,
  creatures: { ...state.creatures, [id]: { ...creatureOf(state, id), at } },
});

function offensiveSpell(state: CombatState, id: CreatureId, target: CreatureId): SpellId | null {
  const spells = creatureOf(state, id).spells;
  const castable = (['magic-missile', 'acid-arrow'] as const).find(
    (s) => (spells[s] ?? 0) > 0 && distanceBetween(state, id, target) <= SPELL_RULES[s].range(statsOf(state, id).casterLevel),
  );
  return castable ?? null;
}

/** The next command for `id`, whose turn it is. */
export function closerCommand(state: CombatState, id: CreatureId): Command {
  const turn = state.turn;
  const end: Command = { type: 'EndTurn', actor: id };
  const foe = nearestFoe(state, id);
  if (!turn || !foe) return end;
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
  const budget = stats.speed * moves;
  const reachFoe = (at: Square) => attackReaches(movedTo(state, id, at), id, melee, foe);
  const route = findPath(state, id, reachFoe, budget) ?? findPath(state, id, reachFoe, 400);
  if (!route || route.path.length === 0) return end;
  // Keep a standard action for the attack when one move action gets there.
  const oneMove = trimToBudget(state, id, route.path, stats.speed);
  const path = oneMove.length === route.path.length || moves === 1 ? oneMove : trimToBudget(state, id, route.path, budget);
  return path.length > 0 ? { type: 'Move', actor: id, path } : end;
}

const fullAttackWorth = (stats: ReturnType<typeof statsOf>): boolean => {
  const melee = defaultMelee(stats);
  if (!melee) return false;
  const naturals = stats.attacks.filter((a) => a.kind === 'natural').length;
  return melee.bonus.length > 1 || (melee.kind === 'natural' && naturals > 1);
};

/** The longest prefix of `path` within `budget` feet that ends on a free square. */
function trimToBudget(state: CombatState, id: CreatureId, path: readonly Square[], budget: number): Square[] {
  const found = findPath(state, id, (at) => at[0] === path[path.length - 1]![0] && at[1] === path[path.length - 1]![1], budget);
  if (found) return found.path;
  for (let n = path.length - 1; n > 0; n--) {
    const prefix = path.slice(0, n);
    const last = prefix[prefix.length - 1]!;
    const ok = findPath(state, id, (at) => at[0] === last[0] && at[1] === last[1], budget);
    if (ok) return ok.path;
  }
  return [];
}
