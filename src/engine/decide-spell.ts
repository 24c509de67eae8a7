// Spell effects once the casting is complete (RES-3 has already run): SPEC.md's spell table.
import type { Dice } from '../dice/dice.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { AttackProfile, SpellId } from '../model/stats.ts';
import { cureBonus, missileCount, shockingGraspDice, SPELL_RULES } from '../rules/spells.ts';
import { sum } from '../rules/dice-expr.ts';
import { decideAttack, rollDice } from './decide-attack.ts';
import { statsOf } from './queries.ts';

const touchAttack = (name: string, kind: 'melee' | 'ranged', damage: string): AttackProfile => ({
  name, kind, bonus: [0], damage, crit: { range: 20, multiplier: 2 }, reachWeapon: false, unarmed: false, rangeIncrement: null, twoHanded: false, nonlethal: false,
});

function magicMissile(state: CombatState, dice: Dice, caster: CreatureId, target: CreatureId): CombatEvent[] {
  const count = missileCount(statsOf(state, caster).casterLevel);
  const events: CombatEvent[] = [];
  for (let i = 0; i < count; i++) {
    const d4 = dice.roll(4, 'damage', caster);
    // Magic missile needs no attack roll and so never sneak attacks (SNK-8).
    events.push({ type: 'DamageDealt', source: caster, target, cause: 'spell', dice: [d4], dieSize: 4, sneakDice: [], amount: d4 + 1, rules: ['SNK-8'] });
  }
  return events;
}

/** A touch spell delivered by an attack roll: acid arrow (ranged), shocking grasp (melee). SNK-8. */
export function spellAttack(
  state: CombatState,
  dice: Dice,
  caster: CreatureId,
  target: CreatureId,
  spell: SpellId,
  as: { kind: 'regular' | 'opportunity'; provokedBy: Trigger | null } = { kind: 'regular', provokedBy: null },
): CombatEvent[] {
  const stats = statsOf(state, caster);
  const ranged = SPELL_RULES[spell].delivery === 'ranged-touch';
  const damage = ranged ? '2d4' : `${shockingGraspDice(stats.casterLevel)}d6`;
  return decideAttack(state, dice, {
    attacker: caster, target, attack: touchAttack(spell, ranged ? 'ranged' : 'melee', damage),
    bonus: ranged ? stats.rangedTouch : stats.meleeTouch, kind: as.kind, provokedBy: as.provokedBy, touch: true, extraBonus: 0,
    rules: ['SNK-8'],
  });
}

function cure(state: CombatState, dice: Dice, caster: CreatureId, target: CreatureId): CombatEvent[] {
  const rolls = rollDice(dice, 1, 8, 'damage', caster);
  const amount = sum(rolls) + cureBonus(statsOf(state, caster).casterLevel);
  return [{ type: 'HealingReceived', source: caster, target, dice: rolls, dieSize: 8, amount, rules: ['CORE-4'] }];
}

export function spellEffect(state: CombatState, dice: Dice, caster: CreatureId, spell: SpellId, target: CreatureId | null): CombatEvent[] {
  const rule = SPELL_RULES[spell];
  if (rule.delivery === 'melee-touch' && target === null) {
    return [{ type: 'ChargeHeld', id: caster, spell, rules: ['THR-5'] }];
  }
  const who = target ?? caster;
  switch (rule.delivery) {
    case 'missiles':
      return magicMissile(state, dice, caster, who);
    case 'ranged-touch':
    case 'melee-touch':
      return spellAttack(state, dice, caster, who, spell);
    case 'touch-heal':
      return cure(state, dice, caster, who);
    case 'touch-condition':
      return [{ type: 'ConditionGained', id: who, condition: spell === 'invisibility' ? 'invisible' : 'greater-invisible', rules: ['DEX-2', 'THR-7'] }];
    default: {
      const never: never = rule;
      return never;
    }
  }
}
