import { describe, it, expect } from 'vitest';
import {
  distanceFeet, inBounds, isAdjacent, isBlocked, isDifficult, pathCostFeet, spaceDistanceFeet, squaresOf,
} from '../../src/rules/grid.ts';
import type { Square } from '../../src/model/ids.ts';
import type { GridMap, Size } from '../../src/model/stats.ts';

const map: GridMap = { width: 6, height: 4, blocked: [[2, 1]], difficult: [[3, 3]] };

describe('THR-2 footprints', () => {
  it.each<[Size, Square, Square[]]>([
    ['tiny', [3, 3], [[3, 3]]],
    ['medium', [0, 0], [[0, 0]]],
    ['large', [2, 1], [[2, 1], [3, 1], [2, 2], [3, 2]]],
  ])('%s at %j covers %j', (size, at, squares) => {
    expect(squaresOf(at, size)).toEqual(squares);
  });

  it.each<[Size, number]>([['huge', 9], ['gargantuan', 16], ['colossal', 36]])('%s covers %i squares', (size, count) => {
    expect(squaresOf([0, 0], size)).toHaveLength(count);
  });
});

describe('CORE-5 distance: straight 5 ft, diagonals alternate 5/10', () => {
  it.each<[Square, Square, number]>([
    [[0, 0], [0, 0], 0],
    [[0, 0], [1, 0], 5],
    [[0, 0], [1, 1], 5],
    [[0, 0], [2, 2], 15],
    [[0, 0], [3, 3], 20],
    [[0, 0], [4, 4], 30],
    [[0, 0], [4, 1], 20],
    [[0, 0], [0, 4], 20],
    [[0, 0], [2, 1], 10],
    [[5, 5], [3, 2], 20],
  ])('%j -> %j = %i ft', (a, b, feet) => {
    expect(distanceFeet(a, b)).toBe(feet);
    expect(distanceFeet(b, a)).toBe(feet);
  });
});

describe('THR-2 CORE-5 distance between spaces', () => {
  it.each<[Square, Size, Square, Size, number]>([
    [[0, 0], 'medium', [1, 1], 'medium', 5],
    [[0, 0], 'large', [2, 0], 'medium', 5],
    [[0, 0], 'large', [3, 3], 'medium', 15],
    [[0, 0], 'large', [1, 1], 'medium', 0],
    [[0, 0], 'huge', [5, 1], 'large', 15],
    [[4, 4], 'medium', [0, 0], 'large', 20],
  ])('%j %s to %j %s = %i ft', (aAt, aSize, bAt, bSize, feet) => {
    expect(spaceDistanceFeet(aAt, aSize, bAt, bSize)).toBe(feet);
    expect(spaceDistanceFeet(bAt, bSize, aAt, aSize)).toBe(feet);
  });

  it('equals the brute-force minimum over both spaces', () => {
    const sizes: Size[] = ['medium', 'large', 'huge', 'gargantuan'];
    for (const aSize of sizes) for (const bSize of sizes) for (let x = 0; x < 9; x++) for (let y = 0; y < 9; y++) {
      const a: Square = [4, 4];
      const b: Square = [x, y];
      const brute = Math.min(...squaresOf(a, aSize).flatMap((p) => squaresOf(b, bSize).map((q) => distanceFeet(p, q))));
      expect(spaceDistanceFeet(a, aSize, b, bSize)).toBe(brute);
    }
  });
});

describe('CORE-5 path cost', () => {
  it.each<[string, Square[], Square[], number]>([
    ['empty path', [], [], 0],
    ['three straight steps', [[1, 0], [2, 0], [3, 0]], [], 15],
    ['two diagonals', [[1, 1], [2, 2]], [], 15],
    ['three diagonals', [[1, 1], [2, 2], [3, 3]], [], 20],
    ['diagonal count runs across the path', [[1, 1], [2, 1], [3, 2]], [], 20],
    ['difficult straight step', [[1, 0]], [[1, 0]], 10],
    ['difficult first diagonal', [[1, 1]], [[1, 1]], 10],
    ['difficult second diagonal', [[1, 1], [2, 2]], [[2, 2]], 25],
    ['difficult square only left, not entered', [[1, 0]], [[0, 0]], 5],
    ['mixed', [[1, 0], [2, 1], [3, 2], [3, 3]], [[3, 2], [3, 3]], 40],
  ])('%s', (_name, path, difficult, feet) => {
    expect(pathCostFeet([0, 0], path, difficult)).toBe(feet);
  });

  it.each<[Square[]]>([[[[2, 0]]], [[[1, 0], [1, 0]]], [[[1, 1], [3, 3]]]])('rejects a non-adjacent step %j', (path) => {
    expect(() => pathCostFeet([0, 0], path, [])).toThrow(RangeError);
  });
});

describe('CORE-5 adjacency and map squares', () => {
  it.each<[Square, Square, boolean]>([
    [[2, 2], [3, 3], true],
    [[2, 2], [2, 1], true],
    [[2, 2], [2, 2], false],
    [[2, 2], [4, 2], false],
    [[2, 2], [0, 0], false],
  ])('isAdjacent(%j, %j) = %s', (a, b, expected) => {
    expect(isAdjacent(a, b)).toBe(expected);
  });

  it.each<[Square, boolean]>([
    [[0, 0], true], [[5, 3], true], [[6, 0], false], [[0, 4], false], [[-1, 0], false], [[0.5, 1], false],
  ])('inBounds(%j) = %s', (sq, expected) => {
    expect(inBounds(map, sq)).toBe(expected);
  });

  it.each<[Square, boolean, boolean]>([
    [[2, 1], true, false], [[3, 3], false, true], [[0, 0], false, false],
  ])('%j blocked %s, difficult %s', (sq, blocked, difficult) => {
    expect(isBlocked(map, sq)).toBe(blocked);
    expect(isDifficult(map, sq)).toBe(difficult);
  });
});
