import { describe, it, expect } from 'vitest';
import { seededDice } from '../../src/dice/seeded.ts';
import { scriptedDice, type Fallback } from '../../src/dice/scripted.ts';
import { DIE_SIZES, isDiceExhausted, type DiePurpose, type DieSize } from '../../src/dice/dice.ts';

const rolls = (n: number, roll: () => number): number[] => Array.from({ length: n }, roll);

describe('seeded dice: reproducible', () => {
  it.each<[string | number, DieSize, DiePurpose, string | null]>([
    [42, 20, 'attack', 'fighter'],
    ['abc', 6, 'damage', 'rogue'],
    [0, 100, 'miss', null],
    ['seed-1', 20, 'initiative', 'orc-1'],
  ])('seed %j, d%i for %s by %s: same seed gives the same sequence', (seed, sides, purpose, who) => {
    const a = seededDice(seed);
    const b = seededDice(seed);
    const seqA = rolls(50, () => a.roll(sides, purpose, who));
    const seqB = rolls(50, () => b.roll(sides, purpose, who));
    expect(seqA).toEqual(seqB);
    // and the sequence is not constant
    expect(new Set(seqA).size).toBeGreaterThan(1);
  });

  it.each<[string | number, string | number]>([
    [1, 2],
    ['a', 'b'],
    [42, '43'],
  ])('seeds %j and %j give different sequences', (s1, s2) => {
    const a = seededDice(s1);
    const b = seededDice(s2);
    expect(rolls(30, () => a.roll(20, 'attack', 'x'))).not.toEqual(rolls(30, () => b.roll(20, 'attack', 'x')));
  });
});

describe('seeded dice: values within 1..sides', () => {
  it.each(DIE_SIZES.map((s) => [s] as [DieSize]))('d%i: 2000 rolls stay within 1..sides and are integers', (sides) => {
    const dice = seededDice(`range-${sides}`);
    const seq = rolls(2000, () => dice.roll(sides, 'damage', 'tester'));
    for (const v of seq) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(sides);
    }
  });

  it.each<[DieSize, string | number]>([
    [6, 1],
    [6, 'faces'],
    [4, 7],
    [20, 'd20'],
  ])('every face of a d%i appears (seed %j, 1000 rolls)', (sides, seed) => {
    const dice = seededDice(seed);
    const seen = new Set(rolls(1000, () => dice.roll(sides, 'attack', 'a')));
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: sides }, (_, i) => i + 1));
  });
});

describe('seeded dice: independent streams per creature and purpose', () => {
  it.each<[string, DiePurpose, string | null, DiePurpose, string | null]>([
    // B's sequence (purpose, who) with and without interleaved A rolls (purpose, who)
    ['another creature, same purpose', 'attack', 'b', 'attack', 'a'],
    ['same creature, another purpose', 'attack', 'b', 'damage', 'b'],
    ['another creature and purpose', 'initiative', 'b', 'damage', 'a'],
    ['the fight itself vs a creature', 'miss', null, 'miss', 'a'],
    ['a creature vs the fight itself', 'stabilize', 'b', 'stabilize', null],
  ])('%s: rolling for A does not change B', (_label, bPurpose, bWho, aPurpose, aWho) => {
    const alone = seededDice('streams');
    const expected = rolls(40, () => alone.roll(20, bPurpose, bWho));

    const mixed = seededDice('streams');
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      for (let k = 0; k < (i % 3) + 1; k++) mixed.roll(20, aPurpose, aWho);
      seen.push(mixed.roll(20, bPurpose, bWho));
    }
    expect(seen).toEqual(expected);
  });

  it.each<[DiePurpose, string, DiePurpose, string]>([
    ['attack', 'a', 'attack', 'b'],
    ['attack', 'a', 'damage', 'a'],
  ])('streams %s/%s and %s/%s differ from each other', (p1, w1, p2, w2) => {
    const dice = seededDice('differ');
    const s1 = rolls(30, () => dice.roll(20, p1, w1));
    const s2 = rolls(30, () => dice.roll(20, p2, w2));
    expect(s1).not.toEqual(s2);
  });
});

describe('scripted dice: per-size queues consumed in order', () => {
  it('each die size has its own queue, consumed in order', () => {
    const dice = scriptedDice({ 20: [17, 3, 20], 6: [4, 1], 100: [55] });
    const seq: [DieSize, number][] = [
      [20, 17],
      [6, 4],
      [100, 55],
      [20, 3],
      [6, 1],
      [20, 20],
    ];
    for (const [sides, value] of seq) expect(dice.roll(sides, 'attack', 'x')).toBe(value);
    expect(dice.remaining()).toEqual({ 20: [], 6: [], 100: [] });
  });

  it('purpose and creature do not matter, only the size', () => {
    const dice = scriptedDice({ 20: [5, 6, 7] });
    expect(dice.roll(20, 'initiative', 'a')).toBe(5);
    expect(dice.roll(20, 'attack', 'b')).toBe(6);
    expect(dice.roll(20, 'check', null)).toBe(7);
  });

  it('remaining() reports what is left and is a copy', () => {
    const queues = { 20: [1, 2, 3], 8: [8] };
    const dice = scriptedDice(queues);
    dice.roll(20, 'attack', 'a');
    const left = dice.remaining();
    expect(left).toEqual({ 20: [2, 3], 8: [8] });
    left[20]!.length = 0;
    expect(dice.remaining()).toEqual({ 20: [2, 3], 8: [8] });
    // the caller's queues are not consumed
    expect(queues).toEqual({ 20: [1, 2, 3], 8: [8] });
  });

  it.each<[string, Record<number, number[]>, DieSize, number]>([
    // queues, die size rolled, how many can be rolled before it runs out
    ['no queue at all for d20', {}, 20, 0],
    ['no queue for d8 (other sizes queued)', { 20: [10], 6: [3] }, 8, 0],
    ['empty d6 queue', { 6: [] }, 6, 0],
    ['d20 queue of two', { 20: [10, 11] }, 20, 2],
    ['d100 queue of one', { 100: [42] }, 100, 1],
  ])('%s: throws dice-exhausted naming the die', (_label, queues, sides, available) => {
    const dice = scriptedDice(queues);
    for (let i = 0; i < available; i++) dice.roll(sides, 'attack', 'a');
    let caught: unknown;
    try {
      dice.roll(sides, 'attack', 'a');
    } catch (e) {
      caught = e;
    }
    expect(isDiceExhausted(caught)).toBe(true);
    if (!isDiceExhausted(caught)) return;
    expect(caught.code).toBe('dice-exhausted');
    expect(caught.sides).toBe(sides);
    expect(caught.message).toContain(`d${sides}`);
  });

  it.each<[string, unknown, boolean]>([
    ['plain Error', new Error('no d20 left'), false],
    ['string', 'dice-exhausted', false],
    ['object with code, not an Error', { code: 'dice-exhausted', sides: 20 }, false],
    ['Error with another code', Object.assign(new Error('x'), { code: 'other' }), false],
    ['Error with the code', Object.assign(new Error('x'), { code: 'dice-exhausted' }), true],
  ])('isDiceExhausted(%s) is %s', (_label, value, expected) => {
    expect(isDiceExhausted(value)).toBe(expected);
  });
});

describe('scripted dice: fallback when a queue is empty', () => {
  it.each<[Exclude<Fallback, null>, DieSize, number]>([
    ['average', 6, 3],
    ['average', 20, 10],
    ['average', 4, 2],
    ['average', 8, 4],
    ['average', 10, 5],
    ['average', 12, 6],
    ['average', 100, 50],
    ['average', 2, 1],
    ['average', 3, 2],
    ['max', 6, 6],
    ['max', 20, 20],
    ['max', 4, 4],
    ['max', 100, 100],
    ['min', 6, 1],
    ['min', 20, 1],
    ['min', 100, 1],
  ])('fallback %s on d%i gives %i', (fallback, sides, value) => {
    const dice = scriptedDice({}, fallback);
    expect(dice.roll(sides, 'damage', 'a')).toBe(value);
    expect(dice.roll(sides, 'damage', 'a')).toBe(value);
  });

  it.each<Exclude<Fallback, null>>(['max', 'min', 'average'])('fallback %s is used only after the queue runs out', (fallback) => {
    const dice = scriptedDice({ 20: [7, 13] }, fallback);
    expect(dice.roll(20, 'attack', 'a')).toBe(7);
    expect(dice.roll(20, 'attack', 'a')).toBe(13);
    expect(dice.roll(20, 'attack', 'a')).toBe({ max: 20, min: 1, average: 10 }[fallback]);
  });

  it('fallback null throws like no fallback', () => {
    const dice = scriptedDice({ 6: [2] }, null);
    expect(dice.roll(6, 'damage', 'a')).toBe(2);
    expect(() => dice.roll(6, 'damage', 'a')).toThrow(/d6/);
  });
});
