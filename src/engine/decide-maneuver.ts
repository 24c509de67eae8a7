// Trip and disarm attempts, as actions or as attacks of opportunity (AOO-5, PROV-3, RES-6).
import type { Dice } from '../dice/dice.ts';
import type { Maneuver } from '../model/commands.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { AttackProfile } from '../model/stats.ts';
import { abilityModifier } from '../rules/hp.ts';
import { attackerWinsOpposed, disarmModifier, SIZE_SPECIAL_MODIFIER } from '../rules/maneuvers.ts';
import { decideAttack } from './decide-attack.ts';
import { creatureOf, statsOf, usableMelee } from './queries.ts';

export interface ManeuverSpec {
  readonly attacker: CreatureId;
  readonly target: CreatureId;
  readonly maneuver: Exclude<Maneuver, 'touch'>;
  readonly kind: 'regular' | 'opportunity';
  readonly provokedBy: Trigger | null;
}

export function decideManeuver(state: CombatState, dice: Dice, spec: ManeuverSpec): CombatEvent[] {
  return spec.maneuver === 'trip' ? decideTrip(state, dice, spec) : decideDisarm(state, dice, spec);
}

const rules = (spec: ManeuverSpec) => (spec.kind === 'opportunity' ? (['AOO-5', 'AOO-1'] as const) : (['AOO-5'] as const));

/** Trip: a melee touch attack, then Strength against the better of Strength and Dexterity. */
function decideTrip(state: CombatState, dice: Dice, spec: ManeuverSpec): CombatEvent[] {
  const a = statsOf(state, spec.attacker);
  const d = statsOf(state, spec.target);
  const weapon = usableMelee(state, spec.attacker) ?? touchProfile();
  const touch = decideAttack(state, dice, {
    attacker: spec.attacker, target: spec.target, attack: { ...weapon, name: `trip (${weapon.name})` }, bonus: a.meleeTouch,
    kind: spec.kind, provokedBy: spec.provokedBy, touch: true, extraBonus: 0, damageless: true, rules: [...rules(spec)],
  });
  const rolled = touch[0];
  if (!rolled || rolled.type !== 'AttackRolled' || !rolled.hit) return touch;
  const attackerModifier = abilityModifier(a.str) + SIZE_SPECIAL_MODIFIER[a.size];
  const defenderModifier = Math.max(abilityModifier(d.str), abilityModifier(d.dex)) + SIZE_SPECIAL_MODIFIER[d.size];
  const attackerD20 = dice.roll(20, 'check', spec.attacker);
  const defenderD20 = dice.roll(20, 'check', spec.target);
  const success = attackerWinsOpposed(attackerD20 + attackerModifier, attackerModifier, defenderD20 + defenderModifier, defenderModifier);
  const events: CombatEvent[] = [...touch, {
    type: 'ManeuverRolled', attacker: spec.attacker, target: spec.target, maneuver: 'trip', kind: spec.kind, provokedBy: spec.provokedBy,
    attackerD20, attackerTotal: attackerD20 + attackerModifier, defenderD20, defenderTotal: defenderD20 + defenderModifier, success,
    rules: [...rules(spec)],
  }];
  if (success) events.push({ type: 'ConditionGained', id: spec.target, condition: 'prone', rules: ['AOO-5'] });
  return events;
}

/** Disarm: opposed melee attack rolls; the loser of a successful attempt drops its weapon. */
function decideDisarm(state: CombatState, dice: Dice, spec: ManeuverSpec): CombatEvent[] {
  const a = statsOf(state, spec.attacker);
  const d = statsOf(state, spec.target);
  const own = usableMelee(state, spec.attacker);
  const theirs = usableMelee(state, spec.target);
  const attackerModifier = Math.max(...(own?.bonus ?? [0])) + disarmModifier(a.size, d.size, own?.twoHanded ?? false) - (own ? 0 : 4);
  const defenderModifier = Math.max(...(theirs?.bonus ?? [0])) + disarmModifier(d.size, a.size, theirs?.twoHanded ?? false);
  const attackerD20 = dice.roll(20, 'attack', spec.attacker);
  const defenderD20 = dice.roll(20, 'attack', spec.target);
  const armed = theirs !== null && theirs.kind === 'melee' && !creatureOf(state, spec.target).conditions.includes('disarmed');
  const success = armed && attackerWinsOpposed(attackerD20 + attackerModifier, attackerModifier, defenderD20 + defenderModifier, defenderModifier);
  const events: CombatEvent[] = [{
    type: 'ManeuverRolled', attacker: spec.attacker, target: spec.target, maneuver: 'disarm', kind: spec.kind, provokedBy: spec.provokedBy,
    attackerD20, attackerTotal: attackerD20 + attackerModifier, defenderD20, defenderTotal: defenderD20 + defenderModifier, success,
    rules: [...rules(spec)],
  }];
  if (success) events.push({ type: 'ConditionGained', id: spec.target, condition: 'disarmed', rules: ['AOO-5', 'THR-5'] });
  return events;
}

const touchProfile = (): AttackProfile => ({
  name: 'unarmed', kind: 'melee', bonus: [0], damage: '1d3', crit: { range: 20, multiplier: 2 }, reachWeapon: false, unarmed: true,
  rangeIncrement: null, twoHanded: false, nonlethal: true,
});
