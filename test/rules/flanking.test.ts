import { describe, it, expect } from 'vitest';
import { isFlankingLine, type Placed } from '../../src/rules/flanking.ts';
import type { Square } from '../../src/model/ids.ts';
import type { Size } from '../../src/model/stats.ts';

const m = (at: Square, size: Size = 'medium'): Placed => ({ at, size });

describe('FLK-1 flanking line through opposite sides or corners', () => {
  it.each<[string, Placed, Placed, Placed, boolean]>([
    ['opposite sides, left/right', m([1, 2]), m([3, 2]), m([2, 2]), true],
    ['opposite sides, top/bottom', m([2, 1]), m([2, 3]), m([2, 2]), true],
    ['opposite corners', m([1, 1]), m([3, 3]), m([2, 2]), true],
    ['other opposite corners', m([3, 1]), m([1, 3]), m([2, 2]), true],
    ['knight move: adjacent sides', m([1, 2]), m([3, 3]), m([2, 2]), false],
    ['both on one side', m([1, 1]), m([3, 1]), m([2, 2]), false],
    ['both to the left', m([1, 2]), m([1, 3]), m([2, 2]), false],
    ['line only touches a corner', m([1, 2]), m([2, 1]), m([2, 2]), false],
    ['Large defender, attacker left, ally right and lower', m([1, 2]), m([4, 3]), m([2, 2], 'large'), true],
    ['Large defender, straight across', m([1, 2]), m([4, 2]), m([2, 2], 'large'), true],
    ['Large defender, opposite corners', m([1, 1]), m([4, 4]), m([2, 2], 'large'), true],
    ['Large defender, adjacent sides', m([1, 3]), m([3, 4]), m([2, 2], 'large'), false],
    ['Large defender, with reach from 10 ft away', m([0, 3]), m([5, 2]), m([2, 2], 'large'), true],
    ['Large allies along an edge only graze it', m([0, 1], 'large'), m([3, 1], 'large'), m([2, 2]), false],
    ['Large attacker and Medium ally across', m([0, 2], 'large'), m([3, 2]), m([2, 2]), true],
    ['Huge defender, ally below', m([4, 0]), m([3, 5]), m([2, 1], 'huge'), true],
    ['no line through the defender', m([0, 0]), m([0, 5]), m([2, 2]), false],
  ])('%s', (_name, attacker, ally, defender, expected) => {
    expect(isFlankingLine(attacker, ally, defender)).toBe(expected);
    expect(isFlankingLine(ally, attacker, defender)).toBe(expected);
  });

  it('every pair of opposite squares around a Medium defender flanks, other pairs do not', () => {
    const ring: Square[] = [[1, 1], [2, 1], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [1, 2]];
    ring.forEach((a, i) => ring.forEach((b, j) => {
      expect(isFlankingLine(m(a), m(b), m([2, 2])), `${a} / ${b}`).toBe((i + 4) % 8 === j);
    }));
  });
});
