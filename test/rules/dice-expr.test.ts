import { describe, it, expect } from 'vitest';
import { diceExpr, parseDiceExpr, sum, type DiceExpr } from '../../src/rules/dice-expr.ts';

describe('dice expressions (SPEC: NdM, NdM+K, NdM-K) for CORE-3 damage', () => {
  it.each<[string, DiceExpr]>([
    ['1d6', { count: 1, sides: 6, bonus: 0 }],
    ['2d4', { count: 2, sides: 4, bonus: 0 }],
    ['1d8+3', { count: 1, sides: 8, bonus: 3 }],
    ['1d10+4', { count: 1, sides: 10, bonus: 4 }],
    ['3d6-2', { count: 3, sides: 6, bonus: -2 }],
    ['1d4-5', { count: 1, sides: 4, bonus: -5 }],
    ['1d20+0', { count: 1, sides: 20, bonus: 0 }],
    ['10d12+15', { count: 10, sides: 12, bonus: 15 }],
    ['1d2', { count: 1, sides: 2, bonus: 0 }],
    ['1d3', { count: 1, sides: 3, bonus: 0 }],
    ['1d100', { count: 1, sides: 100, bonus: 0 }],
    // surrounding whitespace is trimmed
    [' 1d6+2 ', { count: 1, sides: 6, bonus: 2 }],
    ['\t2d8-1\n', { count: 2, sides: 8, bonus: -1 }],
  ])('parses %j', (text, expected) => {
    expect(parseDiceExpr(text)).toEqual(expected);
    expect(diceExpr(text)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['d7', '1d7'],
    ['d5', '2d5+1'],
    ['d0', '1d0'],
    ['d1', '1d1'],
    ['zero dice', '0d6'],
    ['zero dice with bonus', '0d6+3'],
    ['missing count', 'd6'],
    ['missing sides', '1d'],
    ['garbage', 'banana'],
    ['empty', ''],
    ['only spaces', '   '],
    ['plain number', '5'],
    ['dangling sign', '1d6+'],
    ['double sign', '1d6+-2'],
    ['two bonuses', '1d6+2+1'],
    ['multiplier', '1d6*2'],
    ['negative count', '-1d6'],
    ['uppercase D', '1D6'],
    ['inner space before sign', '1d6 +2'],
    ['inner spaces around sign', '1d6 + 2'],
    ['inner space in dice', '1 d6'],
  ])('rejects %s: %j', (_label, text) => {
    expect(parseDiceExpr(text)).toBeNull();
    expect(() => diceExpr(text)).toThrow(/invalid dice expression/);
  });
});

describe('sum of rolled dice', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[4], 4],
    [[1, 2, 3], 6],
    [[6, 6, 6, 6], 24],
  ])('sum(%j) = %i', (values, total) => {
    expect(sum(values)).toBe(total);
  });
});
