// Candidate commands built the way src/engine/legal.ts builds them (same paths, same fields in the same
// order), so that each one the tactician returns is one of `request.legal` without paying for the whole list.
import type { Command } from '../../model/commands.ts';
import type { CreatureId, Square } from '../../model/ids.ts';
import type { CombatState, TurnState } from '../../model/state.ts';
import type { AttackProfile, SpellId } from '../../model/stats.ts';
import { reachableSquares, type PathResult } from '../../engine/pathfinding.ts';
import { planCommand } from '../../engine/plan.ts';
import { attackReaches, creatureOf, statsOf } from '../../engine/queries.ts';
import { isDifficult } from '../../rules/grid.ts';
import { withPosition } from './world.ts';

export interface TurnRights {
  /** A Move command is possible (CORE-1, AVOID-1). */
  readonly canMove: boolean;
  /** Feet a Move may cover (legal.ts: a double move when both actions are left). */
  readonly moveBudget: number;
  readonly canStep: boolean;
  readonly canWithdraw: boolean;
  readonly withdrawBudget: number;
  /** Full-round actions (full attack, charge) are affordable. */
  readonly canFull: boolean;
  readonly standardLeft: boolean;
  /** After a move action (not the standard one), a standard action is still left. */
  readonly actAfterMove: boolean;
}

export function turnRights(state: CombatState, turn: TurnState, actor: CreatureId): TurnRights {
  const speed = statsOf(state, actor).speed;
  const full = turn.moveLeft && turn.standardLeft && !turn.limited;
  return {
    canMove: !turn.stepped && (turn.moveLeft || turn.standardLeft),
    moveBudget: full ? speed * 2 : speed,
    canStep: !turn.moved && !turn.stepped && speed >= 5,
    canWithdraw: !turn.moved && !turn.stepped && (turn.limited ? turn.standardLeft : full),
    withdrawBudget: turn.limited ? speed : speed * 2,
    canFull: full,
    standardLeft: turn.standardLeft,
    actAfterMove: turn.moveLeft && turn.standardLeft,
  };
}

export const moveCommand = (actor: CreatureId, path: readonly Square[]): Command => ({ type: 'Move', actor, path });
export const stepCommand = (actor: CreatureId, to: Square): Command => ({ type: 'FiveFootStep', actor, to });
export const withdrawCommand = (actor: CreatureId, path: readonly Square[]): Command => ({ type: 'Withdraw', actor, path });
export const attackCommand = (actor: CreatureId, target: CreatureId, attack: AttackProfile): Command =>
  ({ type: 'Attack', actor, target, with: attack.name, powerAttack: 0 });
export const fullAttackCommand = (actor: CreatureId, target: CreatureId, attack: AttackProfile): Command =>
  ({ type: 'FullAttack', actor, targets: [target], with: attack.kind === 'natural' ? null : attack.name, stepAfter: null, powerAttack: 0 });
export const castCommand = (actor: CreatureId, spell: SpellId, target: CreatureId, defensively: boolean): Command =>
  ({ type: 'CastSpell', actor, spell, target, at: null, defensively });
export const touchCommand = (actor: CreatureId, target: CreatureId): Command => ({ type: 'Touch', actor, target });
export const endTurn = (actor: CreatureId): Command => ({ type: 'EndTurn', actor });
export const totalDefense = (actor: CreatureId): Command => ({ type: 'TotalDefense', actor });
export const standUp = (actor: CreatureId): Command => ({ type: 'StandUp', actor });
export const drawWeapon = (actor: CreatureId): Command => ({ type: 'DrawWeapon', actor });

/** A full attack exists for this weapon in legal.ts: iterative bonuses, or a natural attack. */
export const hasFullAttack = (attack: AttackProfile): boolean => attack.bonus.length > 1 || attack.kind === 'natural';

/** 5-foot step destinations, as legal.ts lists them, less the difficult squares planCommand refuses. */
export function stepSquares(state: CombatState, actor: CreatureId): Square[] {
  return reachableSquares(state, actor, 5)
    .filter((r) => r.path.length === 1 && !isDifficult(state.map, r.path[0]!)) // AVOID-1
    .map((r) => r.path[0]!);
}

/** Reachable destinations with the path legal.ts would give their Move or Withdraw command. */
export function destinations(state: CombatState, actor: CreatureId, budget: number): PathResult[] {
  const start = creatureOf(state, actor).at;
  return reachableSquares(state, actor, budget).filter((r) => {
    const last = r.path[r.path.length - 1];
    return r.path.length > 0 && !(last && last[0] === start[0] && last[1] === start[1]);
  });
}

/**
 * The charge legal.ts offers against `target`: the fewest-squares path within twice the speed that the
 * rules accept. Paths that end out of reach are skipped before asking planCommand (it would refuse them).
 */
export function chargeCommand(state: CombatState, actor: CreatureId, target: CreatureId, options: readonly PathResult[]): Command | null {
  const stats = statsOf(state, actor);
  const attack = stats.attacks.find((a) => a.kind === 'melee' || a.kind === 'natural') ?? stats.attacks[0];
  if (!attack || attack.kind === 'ranged') return null;
  const paths = options.map((o) => o.path).filter((p) => p.length >= 2).sort((a, b) => a.length - b.length);
  for (const path of paths) {
    if (!attackReaches(withPosition(state, actor, path[path.length - 1]!), actor, attack, target)) continue;
    const command: Command = { type: 'Charge', actor, target, path, powerAttack: 0 };
    if (planCommand(state, command).ok) return command;
  }
  return null;
}
