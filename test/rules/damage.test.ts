import { describe, it, expect } from 'vitest';
import { hitDamage } from '../../src/rules/damage.ts';

describe('CORE-3 hit damage: normal hits and criticals', () => {
  it.each<[string, number[][], number, number[], number]>([
    ['normal hit 1d8+3 rolled 5', [[5]], 3, [], 8],
    ['x2 critical 1d8+3 rolled 5, 6: bonus added twice', [[5], [6]], 3, [], 17],
    ['x3 critical 1d10+4 rolled 2, 7, 10: bonus added three times', [[2], [7], [10]], 4, [], 31],
    ['x2 critical 2d6+5 rolled (3,4),(1,6): bonus added twice', [[3, 4], [1, 6]], 5, [], 24],
    ['x4 critical 1d6+1 rolled 1,2,3,4', [[1], [2], [3], [4]], 1, [], 14],
    ['x2 critical with negative bonus 1d6-1 rolled 4, 4', [[4], [4]], -1, [], 6],
  ])('%s = %i', (_label, weapon, bonus, extra, expected) => {
    expect(hitDamage(weapon, bonus, extra)).toBe(expected);
  });
});

describe('CORE-3 SNK-6 extra dice are never multiplied', () => {
  it.each<[string, number[][], number, number[], number]>([
    ['normal hit 1d6+2 rolled 4 + sneak 2d6 (3,5)', [[4]], 2, [3, 5], 14],
    ['x2 critical 1d6+2 rolled 4, 1 + sneak 2d6 (3,5) once', [[4], [1]], 2, [3, 5], 17],
    ['x3 critical 1d8 rolled 8, 8, 8 + sneak 1d6 (6) once', [[8], [8], [8]], 0, [6], 30],
    ['x2 critical 1d4+1 rolled 2, 3 + sneak 3d6 (1,2,3) once', [[2], [3]], 1, [1, 2, 3], 13],
  ])('%s = %i', (_label, weapon, bonus, extra, expected) => {
    expect(hitDamage(weapon, bonus, extra)).toBe(expected);
  });
});

describe('CORE-3 a hit deals at least 1 damage', () => {
  it.each<[string, number[][], number, number[], number]>([
    ['1d4-5 rolled 1', [[1]], -5, [], 1],
    ['1d4-5 rolled 4', [[4]], -5, [], 1],
    ['1d6-1 rolled 1 (exactly 0)', [[1]], -1, [], 1],
    ['1d6-1 rolled 2 (exactly 1)', [[2]], -1, [], 1],
    ['1d6-1 rolled 3 (2, no floor)', [[3]], -1, [], 2],
    ['x2 critical 1d4-5 rolled 1, 1', [[1], [1]], -5, [], 1],
    ['1d4-5 rolled 1 + sneak 1d6 (6): sum is 2', [[1]], -5, [6], 2],
  ])('%s = %i', (_label, weapon, bonus, extra, expected) => {
    expect(hitDamage(weapon, bonus, extra)).toBe(expected);
  });
});
