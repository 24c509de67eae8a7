import { describe, it, expect } from 'vitest';
import {
  SPELL_RULES,
  concentrationDcDefensive,
  concentrationDcForDamage,
  cureBonus,
  missileCount,
  shockingGraspDice,
} from '../../src/rules/spells.ts';

describe('magic missile: missiles by caster level', () => {
  it.each<[number, number]>([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [8, 4],
    [9, 5],
    [10, 5],
    [20, 5],
  ])('caster level %i: %i missiles', (cl, count) => {
    expect(missileCount(cl)).toBe(count);
  });
});

describe('shocking grasp: 1d6 per caster level, at most 5d6', () => {
  it.each<[number, number]>([
    [1, 1],
    [2, 2],
    [4, 4],
    [5, 5],
    [6, 5],
    [20, 5],
  ])('caster level %i: %id6', (cl, dice) => {
    expect(shockingGraspDice(cl)).toBe(dice);
  });
});

describe('cure light wounds: +1 per caster level, at most +5', () => {
  it.each<[number, number]>([
    [1, 1],
    [3, 3],
    [5, 5],
    [6, 5],
    [20, 5],
  ])('caster level %i: +%i', (cl, bonus) => {
    expect(cureBonus(cl)).toBe(bonus);
  });
});

describe('CORE-10 Concentration DCs', () => {
  it.each<[number, number, number]>([
    // damage, spell level, DC = 10 + damage + level
    [0, 0, 10],
    [1, 1, 12],
    [5, 1, 16],
    [12, 2, 24],
    [30, 4, 44],
  ])('damaged for %i while casting a level %i spell: DC %i', (damage, level, dc) => {
    expect(concentrationDcForDamage(damage, level)).toBe(dc);
  });

  it.each<[number, number]>([
    // spell level, DC = 15 + level
    [0, 15],
    [1, 16],
    [2, 17],
    [4, 19],
    [9, 24],
  ])('casting a level %i spell defensively: DC %i', (level, dc) => {
    expect(concentrationDcDefensive(level)).toBe(dc);
  });

  it.each<[keyof typeof SPELL_RULES, number, number, number]>([
    // spell, damage taken, DC when damaged, DC casting defensively
    ['magic-missile', 6, 17, 16],
    ['acid-arrow', 6, 18, 17],
    ['shocking-grasp', 3, 14, 16],
    ['greater-invisibility', 8, 22, 19],
  ])('%s: damaged %i gives DC %i, defensive DC %i', (spell, damage, dcDamage, dcDefensive) => {
    const level = SPELL_RULES[spell].level;
    expect(concentrationDcForDamage(damage, level)).toBe(dcDamage);
    expect(concentrationDcDefensive(level)).toBe(dcDefensive);
  });
});
