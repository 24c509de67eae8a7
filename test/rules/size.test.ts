import { describe, it, expect } from 'vitest';
import { isTinyOrSmaller, naturalReach, spaceOf } from '../../src/rules/size.ts';
import type { Size } from '../../src/model/stats.ts';

describe('THR-2 space and natural reach by size', () => {
  it.each<[Size, number, number, number, boolean]>([
    ['fine', 1, 0, 0, true],
    ['diminutive', 1, 0, 0, true],
    ['tiny', 1, 0, 0, true],
    ['small', 1, 5, 5, false],
    ['medium', 1, 5, 5, false],
    ['large', 2, 10, 5, false],
    ['huge', 3, 15, 10, false],
    ['gargantuan', 4, 20, 15, false],
    ['colossal', 6, 30, 20, false],
  ])('%s: space %i, reach tall %i / long %i', (size, space, tall, long, tiny) => {
    expect(spaceOf(size)).toBe(space);
    expect(naturalReach(size, 'tall')).toBe(tall);
    expect(naturalReach(size, 'long')).toBe(long);
    expect(isTinyOrSmaller(size)).toBe(tiny);
  });
});
