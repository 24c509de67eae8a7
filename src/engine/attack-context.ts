// The situation of one attack: denied Dex, flanking, AC used, sneak attack (DEX, FLK, SNK, CORE-9).
import type { CreatureId } from '../model/ids.ts';
import type { AcKind, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { AttackProfile, Condition } from '../model/stats.ts';
import { isFlankingLine } from '../rules/flanking.ts';
import { areFoes, canActNow, creatureOf, distanceBetween, has, sees, statsOf, threatensCreature } from './queries.ts';

/** DEX-3, DEX-4: conditions that deny Dex whatever uncanny dodge says (DEX-5: entangled does not). */
const IMMOBILIZED: readonly Condition[] = ['helpless', 'stunned', 'climbing'];

export type DexDenial = 'flat-footed' | 'unseen' | 'immobilized' | 'ignored' | null;

/** DEX-1..5, FF-3: why, if at all, `defender` loses its Dex bonus against `attacker`. */
export function dexDenial(state: CombatState, attacker: CreatureId, defender: CreatureId): DexDenial {
  const d = creatureOf(state, defender);
  const uncanny = statsOf(state, defender).uncannyDodge;
  if (d.conditions.some((k) => IMMOBILIZED.includes(k)) || !canActNow(state, defender)) return 'immobilized';
  if (has(d, 'grappling') && !grappledBy(state, defender, attacker)) return 'immobilized'; // DEX-3
  if (d.flatFooted && !uncanny) return 'flat-footed';
  if (!sees(state, defender, attacker) && !uncanny) return 'unseen';
  if (state.rules.ignoreFlankers && d.ignoring.includes(attacker)) return 'ignored'; // VAR-1
  return null;
}

/** DEX-3: a grappler keeps Dex against its grapple partner: an adjacent foe that is grappling too. */
function grappledBy(state: CombatState, grappler: CreatureId, other: CreatureId): boolean {
  return has(creatureOf(state, other), 'grappling') && areFoes(state, grappler, other) && distanceBetween(state, grappler, other) <= 5;
}

/** FLK-1, FLK-3, FLK-4: is `attacker` flanking `defender` with some ally? */
export function isFlanking(state: CombatState, attacker: CreatureId, defender: CreatureId): boolean {
  const defStats = statsOf(state, defender);
  if (has(creatureOf(state, defender), 'blinded') && defStats.blindsight === 0) return false; // FLK-3
  // FLK-4: improved uncanny dodge, unless the attacker's sneak-attack levels beat it by 4.
  if (defStats.improvedUncannyDodge && statsOf(state, attacker).sneakAttackLevels < defStats.uncannyDodgeLevels + 4) return false;
  if (!threatensCreature(state, attacker, defender)) return false;
  // VAR-1: a flanker the defender disregards gets no +2 and gives no flank to its allies.
  if (isIgnoredFlanker(state, defender, attacker)) return false;
  const attackerPlace = placeOf(state, attacker);
  const defenderPlace = placeOf(state, defender);
  for (const ally of state.listed) {
    if (ally === attacker || ally === defender || isIgnoredFlanker(state, defender, ally)) continue;
    if (areFoes(state, ally, attacker) || !areFoes(state, ally, defender)) continue;
    if (!isFlankingLine(attackerPlace, placeOf(state, ally), defenderPlace)) continue; // the cheap geometry first
    if (threatensCreature(state, ally, defender) && sees(state, defender, ally)) return true; // FLK-3: only flankers the defender can see
  }
  return false;
}

// Module-level helpers, not closures: a closure made on every attack costs time and garbage (issue 6).
const isIgnoredFlanker = (state: CombatState, defender: CreatureId, flanker: CreatureId): boolean =>
  state.rules.ignoreFlankers && creatureOf(state, defender).ignoring.includes(flanker);

const placeOf = (state: CombatState, id: CreatureId) => ({ at: creatureOf(state, id).at, size: statsOf(state, id).size });

/** CORE-11: the miss chance of the defender's concealment against this attacker. */
export function missChance(state: CombatState, attacker: CreatureId, defender: CreatureId): number {
  const d = creatureOf(state, defender);
  // Blindsight within range negates concealment (THR-7, DEX-2).
  const blindsight = statsOf(state, attacker).blindsight;
  if (blindsight > 0 && distanceBetween(state, attacker, defender) <= blindsight) return 0;
  const seen = sees(state, attacker, defender);
  if (!seen || has(d, 'totally-concealed')) return 50;
  return has(d, 'concealed') ? 20 : 0;
}

export interface AcTarget {
  readonly ac: number;
  readonly acKind: AcKind;
}

/** CORE-9, CORE-7, CORE-8, AVOID-6: the AC an attack roll is compared with. */
export function armorClassAgainst(
  state: CombatState,
  defender: CreatureId,
  denied: boolean,
  touch: boolean,
  provokedBy: Trigger | null,
): AcTarget {
  const stats = statsOf(state, defender);
  const c = creatureOf(state, defender);
  const dexAndDodge = stats.ac.total - stats.ac.flatFooted;
  let ac = touch ? stats.ac.touch - (denied ? dexAndDodge : 0) : denied ? stats.ac.flatFooted : stats.ac.total;
  if (!denied) {
    for (const e of c.effects) ac += DODGE_FROM_EFFECT[e.kind];
    if (provokedBy === 'move' && stats.feats.includes('mobility')) ac += 4; // AVOID-6
  }
  if (c.effects.some((e) => e.kind === 'charged')) ac -= 2; // CORE-7
  return { ac, acKind: touch ? 'touch' : 'normal' };
}

const DODGE_FROM_EFFECT = {
  'total-defense': 4,
  'fighting-defensively': 2,
  charged: 0,
} as const satisfies Record<string, number>;

/** SNK-4: creature types immune to sneak attack. */
const SNEAK_IMMUNE_TYPES = ['undead', 'construct', 'ooze', 'plant', 'incorporeal'] as const;

/** SNK-1, SNK-2, SNK-4, SNK-5: may this attack add sneak attack dice? */
export function sneakApplies(
  state: CombatState,
  attacker: CreatureId,
  defender: CreatureId,
  attack: Pick<AttackProfile, 'kind'>,
  denied: boolean,
  flanking: boolean,
): boolean {
  const a = statsOf(state, attacker);
  const d = statsOf(state, defender);
  if (a.sneakAttack <= 0 || !(denied || flanking)) return false;
  if (d.critImmune || (SNEAK_IMMUNE_TYPES as readonly string[]).includes(d.creatureType)) return false;
  if (attack.kind === 'ranged' && distanceBetween(state, attacker, defender) > 30) return false;
  return missChance(state, attacker, defender) === 0;
}
