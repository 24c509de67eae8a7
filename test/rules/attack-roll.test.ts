import { describe, it, expect } from 'vitest';
import { attackRoll, confirms, missedByConcealment, rollHits } from '../../src/rules/attack-roll.ts';

describe('CORE-2 attack roll: natural 1 and 20', () => {
  it.each<[string, number, number, number, boolean]>([
    ['natural 1 with +50 vs AC 10 misses', 1, 50, 10, false],
    ['natural 1 with +100 vs AC 2 misses', 1, 100, 2, false],
    ['natural 20 with +0 vs AC 99 hits', 20, 0, 99, true],
    ['natural 20 with -10 vs AC 99 hits', 20, -10, 99, true],
  ])('%s', (_label, d20, bonus, ac, hit) => {
    expect(attackRoll(d20, bonus, ac, 20).hit).toBe(hit);
    expect(rollHits(d20, d20 + bonus, ac)).toBe(hit);
  });
});

describe('CORE-2 attack roll: total against AC', () => {
  it.each<[number, number, number, number, boolean]>([
    // d20, bonus, ac, expected total, hit
    [10, 5, 15, 15, true], // exactly equal hits
    [10, 4, 15, 14, false], // one below misses
    [2, 13, 15, 15, true],
    [2, 12, 15, 14, false],
    [19, 0, 20, 19, false],
    [19, 1, 20, 20, true],
    [15, -3, 12, 12, true],
    [15, -4, 12, 11, false],
  ])('d20 %i + %i vs AC %i: total %i, hit %s', (d20, bonus, ac, total, hit) => {
    const out = attackRoll(d20, bonus, ac, 20);
    expect(out.total).toBe(total);
    expect(out.hit).toBe(hit);
  });
});

describe('CORE-2 attack roll: threats', () => {
  it.each<[string, number, number, number, number, boolean, boolean]>([
    // label, d20, bonus, ac, critRange, hit, threat
    ['19 in 19-20 range that hits threatens', 19, 5, 20, 19, true, true],
    ['19 in 19-20 range that misses does not threaten', 19, 0, 25, 19, false, false],
    ['18 in 19-20 range that hits does not threaten', 18, 10, 20, 19, true, false],
    ['19 with range 20 that hits does not threaten', 19, 10, 20, 20, true, false],
    ['natural 20 threatens against AC 99 (range 20)', 20, 0, 99, 20, true, true],
    ['natural 20 threatens against AC 99 (range 19)', 20, 0, 99, 19, true, true],
    ['natural 20 threatens against AC 99 (range 15)', 20, -5, 99, 15, true, true],
    ['15 in 15-20 range that hits threatens', 15, 3, 18, 15, true, true],
    ['15 in 15-20 range that misses does not threaten', 15, 2, 18, 15, false, false],
    ['natural 1 never threatens even with range 1', 1, 50, 10, 1, false, false],
  ])('%s', (_label, d20, bonus, ac, critRange, hit, threat) => {
    const out = attackRoll(d20, bonus, ac, critRange);
    expect(out.hit).toBe(hit);
    expect(out.threat).toBe(threat);
  });
});

describe('CORE-2 confirmation roll', () => {
  it.each<[string, number, number, number, boolean]>([
    ['natural 1 fails even with +50', 1, 50, 10, false],
    ['natural 20 confirms against AC 99', 20, 0, 99, true],
    ['equal to AC confirms', 12, 3, 15, true],
    ['one below AC fails', 11, 3, 15, false],
    ['19 that would miss fails', 19, -5, 15, false],
  ])('%s', (_label, d20, bonus, ac, ok) => {
    expect(confirms(d20, bonus, ac)).toBe(ok);
  });
});

describe('CORE-11 miss chance from concealment (d100)', () => {
  it.each<[number, number, boolean]>([
    [1, 20, true],
    [20, 20, true],
    [21, 20, false],
    [100, 20, false],
    [1, 50, true],
    [50, 50, true],
    [51, 50, false],
    [100, 50, false],
    [1, 0, false],
  ])('d100 %i vs %i%% miss chance: missed %s', (d100, chance, missed) => {
    expect(missedByConcealment(d100, chance)).toBe(missed);
  });
});
