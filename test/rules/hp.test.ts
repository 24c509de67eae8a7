import { describe, it, expect } from 'vitest';
import { HP_STATE_CAN_ACT, abilityModifier, hpState, stabilizes, type HpState } from '../../src/rules/hp.ts';

describe('CORE-4 hit point states', () => {
  it.each<[number, boolean, string, HpState]>([
    [5, false, 'humanoid', 'fine'],
    [1, false, 'humanoid', 'fine'],
    [0, false, 'humanoid', 'disabled'],
    [-1, false, 'humanoid', 'dying'],
    [-9, false, 'humanoid', 'dying'],
    [-10, false, 'humanoid', 'dead'],
    [-15, false, 'humanoid', 'dead'],
    [-3, true, 'humanoid', 'stable'],
    [-9, true, 'humanoid', 'stable'],
    [-10, true, 'humanoid', 'dead'],
    [5, true, 'humanoid', 'fine'],
    // no Constitution: destroyed (dead) at 0
    [0, false, 'undead', 'dead'],
    [0, false, 'construct', 'dead'],
    [-1, false, 'undead', 'dead'],
    [-3, true, 'construct', 'dead'],
    [1, false, 'undead', 'fine'],
    [1, false, 'construct', 'fine'],
    [0, false, 'animal', 'disabled'],
  ])('hp %i, stable %s, %s: %s', (hp, stable, type, state) => {
    expect(hpState(hp, stable, type)).toBe(state);
  });
});

describe('CORE-12 who can act, by hit point state', () => {
  it.each<[HpState, boolean]>([
    ['fine', true],
    ['disabled', true],
    ['dying', false],
    ['stable', false],
    ['dead', false],
  ])('%s: can act %s', (state, canAct) => {
    expect(HP_STATE_CAN_ACT[state]).toBe(canAct);
  });

  it.each<[number, boolean, string, boolean]>([
    [3, false, 'humanoid', true],
    [0, false, 'humanoid', true],
    [-2, false, 'humanoid', false],
    [-2, true, 'humanoid', false],
    [-10, false, 'humanoid', false],
    [0, false, 'undead', false],
  ])('hp %i, stable %s, %s: can act %s', (hp, stable, type, canAct) => {
    expect(HP_STATE_CAN_ACT[hpState(hp, stable, type)]).toBe(canAct);
  });
});

describe('CORE-4 dying creature stabilizes on 10% (d100)', () => {
  it.each<[number, boolean]>([
    [1, true],
    [5, true],
    [10, true],
    [11, false],
    [50, false],
    [100, false],
  ])('d100 %i: stabilizes %s', (d100, ok) => {
    expect(stabilizes(d100)).toBe(ok);
  });
});

describe('ability modifier', () => {
  it.each<[number, number]>([
    [10, 0],
    [11, 0],
    [12, 1],
    [13, 1],
    [9, -1],
    [8, -1],
    [7, -2],
    [1, -5],
    [18, 4],
    [30, 10],
  ])('score %i: modifier %i', (score, mod) => {
    expect(abilityModifier(score)).toBe(mod);
  });
});
