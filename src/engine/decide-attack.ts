// One attack roll from start to damage: CORE-2, CORE-3, CORE-9, CORE-11, DEX, FLK, SNK.
import type { Dice } from '../dice/dice.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { RuleId } from '../model/rule-ids.ts';
import type { CombatState } from '../model/state.ts';
import type { AttackProfile } from '../model/stats.ts';
import { attackRoll, confirms, missedByConcealment } from '../rules/attack-roll.ts';
import { hitDamage } from '../rules/damage.ts';
import { diceExpr } from '../rules/dice-expr.ts';
import { armorClassAgainst, dexDenial, isFlanking, missChance, sneakApplies } from './attack-context.ts';
import { creatureOf, sees, statsOf } from './queries.ts';
import { squaresOf } from '../rules/grid.ts';
import { threatensSquare } from '../rules/threat.ts';

export interface AttackSpec {
  readonly attacker: CreatureId;
  readonly target: CreatureId;
  readonly attack: AttackProfile;
  /** The attack bonus before situational modifiers (one of the attack's iterative bonuses). */
  readonly bonus: number;
  readonly kind: 'regular' | 'opportunity';
  readonly provokedBy: Trigger | null;
  readonly touch: boolean;
  /** Charge +2 and the like. */
  readonly extraBonus: number;
  /** Damage dice in place of the weapon's (touch spells). */
  readonly damage?: string;
  /** A touch attack that deals no damage (the first step of a trip). */
  readonly damageless?: boolean;
  /** Arrows of a volley sharing this roll (Manyshot). */
  readonly volley?: number;
  /** Deal nonlethal damage; against the weapon's own kind it costs -4 and rules out sneak attack (SNK-3). */
  readonly nonlethal?: boolean;
  readonly rules?: readonly RuleId[];
}

export function rollDice(dice: Dice, count: number, sides: Parameters<Dice['roll']>[0], purpose: 'damage', who: CreatureId): number[] {
  const rolls: number[] = [];
  for (let i = 0; i < count; i++) rolls.push(dice.roll(sides, purpose, who));
  return rolls;
}

export function decideAttack(state: CombatState, dice: Dice, spec: AttackSpec): CombatEvent[] {
  const { attacker, target, attack } = spec;
  const rules: RuleId[] = ['CORE-2', ...(spec.rules ?? [])];
  if (spec.kind === 'opportunity') rules.push('AOO-1');
  const denial = dexDenial(state, attacker, target);
  const denied = denial !== null;
  if (denial === 'flat-footed') rules.push('DEX-1', 'FF-2');
  if (denial === 'unseen') rules.push('DEX-2');
  if (denial === 'immobilized') rules.push('DEX-3');
  if (denial === 'ignored') rules.push('VAR-1');
  const flanking = attack.kind !== 'ranged' && isFlanking(state, attacker, target); // FLK-2: ranged never flanks
  if (flanking) rules.push('FLK-1', 'FLK-2');
  const unseen = !sees(state, target, attacker); // DEX-2: +2 against a defender who cannot see the attacker
  if (unseen) rules.push('DEX-2');
  const mods = situationalModifiers(state, spec);
  const switched = spec.nonlethal !== undefined && spec.nonlethal !== attack.nonlethal;
  if (switched) rules.push('SNK-3');
  rules.push(...mods.rules);
  const bonus = spec.bonus + spec.extraBonus + (flanking ? 2 : 0) + (unseen ? 2 : 0) + mods.attack - (switched ? 4 : 0);
  const { ac, acKind } = armorClassAgainst(state, target, denied, spec.touch, spec.provokedBy);
  if (denied || spec.touch) rules.push('CORE-9');
  const d20 = dice.roll(20, 'attack', attacker);
  const roll = attackRoll(d20, bonus, ac, attack.crit.range);
  const targetStats = statsOf(state, target);
  const confirmD20 = roll.threat && !targetStats.critImmune ? dice.roll(20, 'attack', attacker) : null;
  const critical = confirmD20 !== null && confirms(confirmD20, bonus, ac);
  const chance = roll.hit ? missChance(state, attacker, target) : 0;
  const d100 = chance > 0 ? dice.roll(100, 'miss', attacker) : null;
  if (d100 !== null) rules.push('CORE-11');
  const hit = roll.hit && !(d100 !== null && missedByConcealment(d100, chance));
  // SNK-3: no sneak attack when taking -4 to change the damage from lethal to nonlethal or back.
  const sneak = hit && !spec.damageless && !switched && sneakApplies(state, attacker, target, attack, denied, flanking);
  if (sneak) rules.push('SNK-1', 'SNK-6');
  const rolled: CombatEvent = {
    type: 'AttackRolled', attacker, target, weapon: attack.name, kind: spec.kind, provokedBy: spec.provokedBy, d20, bonus,
    total: roll.total, ac, acKind, hit, threat: roll.threat, confirmD20, critical, flanking, deniedDex: denied,
    missChance: chance, d100, sneak, rules,
  };
  if (!hit || spec.damageless) return [rolled];
  const first = damageEvent(state, dice, spec, critical ? attack.crit.multiplier : 1, sneak, mods.damage);
  // SNK-7: in a volley only the first arrow carries the critical and the sneak attack dice.
  const more = Array.from({ length: (spec.volley ?? 1) - 1 }, () => damageEvent(state, dice, spec, 1, false, mods.damage));
  return [rolled, first, ...more];
}

interface Modifiers {
  readonly attack: number;
  readonly damage: number;
  readonly rules: RuleId[];
}

/** AOO-6 Power Attack on weapon attacks; VAR-3 a reach weapon used up close (-4 attack and damage). */
function situationalModifiers(state: CombatState, spec: AttackSpec): Modifiers {
  const { attack } = spec;
  if (spec.touch || attack.kind === 'ranged') return { attack: 0, damage: 0, rules: [] };
  const power = creatureOf(state, spec.attacker).powerAttack;
  const stats = statsOf(state, spec.attacker);
  const natural = { at: creatureOf(state, spec.attacker).at, size: stats.size, reach: stats.reach, reachWeapon: false };
  const target = creatureOf(state, spec.target);
  const upClose = attack.reachWeapon && state.rules.reachWeaponsUpClose &&
    squaresOf(target.at, statsOf(state, spec.target).size).some((sq) => threatensSquare(natural, state.map, sq));
  const rules: RuleId[] = [];
  if (power > 0) rules.push('AOO-6');
  if (upClose) rules.push('VAR-3');
  const up = upClose ? -4 : 0;
  return { attack: -power + up, damage: power * (attack.twoHanded ? 2 : 1) + up, rules };
}

function damageEvent(state: CombatState, dice: Dice, spec: AttackSpec, multiplier: number, sneak: boolean, extra: number): CombatEvent {
  const expr = diceExpr(spec.damage ?? spec.attack.damage);
  const weaponRolls: number[][] = [];
  // CORE-3: a critical rolls the weapon's dice and bonuses once per multiplier.
  for (let i = 0; i < multiplier; i++) weaponRolls.push(rollDice(dice, expr.count, expr.sides, 'damage', spec.attacker));
  const sneakRolls = sneak ? rollDice(dice, statsOf(state, spec.attacker).sneakAttack, 6, 'damage', spec.attacker) : [];
  const rules: RuleId[] = ['CORE-3'];
  if (sneak) rules.push('SNK-1', 'SNK-6');
  return {
    type: 'DamageDealt', source: spec.attacker, target: spec.target, cause: 'attack', dice: weaponRolls.flat(), dieSize: expr.sides, sneakDice: sneakRolls,
    ...((spec.nonlethal ?? spec.attack.nonlethal) ? { nonlethal: true } : {}),
    amount: hitDamage(weaponRolls, expr.bonus + extra, sneakRolls), rules,
  };
}
