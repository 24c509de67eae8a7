import { describe, it, expect } from 'vitest';
import { effectiveReach, threatenedSquares, threatensSquare, type ThreatInput } from '../../src/rules/threat.ts';
import { spaceDistanceFeet } from '../../src/rules/grid.ts';
import { spaceOf } from '../../src/rules/size.ts';
import type { Square } from '../../src/model/ids.ts';
import type { GridMap, Size } from '../../src/model/stats.ts';

const open: GridMap = { width: 24, height: 24, blocked: [], difficult: [] };

const keys = (squares: readonly Square[]): string[] => squares.map(([x, y]) => `${x},${y}`).sort();

/** Squares of the box x0..x1, y0..y1 (inclusive) minus those of the inner box, if any. */
function ring(x0: number, y0: number, x1: number, y1: number, hole?: readonly [number, number, number, number]): Square[] {
  const out: Square[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const inHole = hole !== undefined && x >= hole[0] && x <= hole[2] && y >= hole[1] && y <= hole[3];
    if (!inHole) out.push([x, y]);
  }
  return out;
}

const creature = (at: Square, size: Size, reach: number, reachWeapon = false, options: ThreatInput['options'] = {}): ThreatInput =>
  ({ at, size, reach, reachWeapon, options });

describe('THR-1 THR-3 natural reach', () => {
  it.each<[string, ThreatInput, GridMap, Square[]]>([
    ['Medium in the open: 8 neighbours and its own square', creature([5, 5], 'medium', 5), open, ring(4, 4, 6, 6)],
    ['Medium in a corner', creature([0, 0], 'medium', 5), open, ring(0, 0, 1, 1)],
    ['Medium on an edge', creature([0, 5], 'medium', 5), open, ring(0, 4, 1, 6)],
    ['Small is as Medium', creature([5, 5], 'small', 5), open, ring(4, 4, 6, 6)],
    ['Large long (5 ft): own 4 squares and the adjacent ring', creature([5, 5], 'large', 5), open, ring(4, 4, 7, 7)],
    ['Large tall (10 ft): up to 10 ft incl. two diagonals', creature([5, 5], 'large', 10), open, ring(3, 3, 8, 8)],
    ['Medium with 10 ft natural reach', creature([5, 5], 'medium', 10), open, ring(3, 3, 7, 7)],
    ['Tiny (0 ft): own square only', creature([5, 5], 'tiny', 0), open, [[5, 5]]],
    ['Large with 0 ft: its own space', creature([5, 5], 'large', 0), open, ring(5, 5, 6, 6)],
  ])('%s', (_name, input, map, expected) => {
    expect(keys(threatenedSquares(input, map))).toEqual(keys(expected));
  });

  it('Medium threatens 9 squares in the open', () => {
    expect(threatenedSquares(creature([5, 5], 'medium', 5), open)).toHaveLength(9);
  });

  it.each<[Square, boolean]>([
    [[3, 3], true], [[8, 8], true], [[3, 8], true], [[2, 5], false], [[5, 9], false], [[2, 2], false],
  ])('Large tall at (5,5), square %j: %s', (sq, expected) => {
    expect(threatensSquare(creature([5, 5], 'large', 10), open, sq)).toBe(expected);
  });

  // Any reach but 10 ft (which has the two-diagonal exception, THR-4).
  it.each<[Size, number]>([['medium', 15], ['huge', 15], ['gargantuan', 20], ['colossal', 30], ['huge', 5]])(
    '%s with %i ft reach: exactly the squares within reach of its space',
    (size, reach) => {
      const input = creature([9, 9], size, reach);
      const expected = ring(0, 0, open.width - 1, open.height - 1).filter(
        (sq) => spaceDistanceFeet(input.at, size, sq, 'medium') <= reach,
      );
      expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
    },
  );
});

describe('THR-4 exactly 10 ft of reach covers the two-diagonal squares', () => {
  it.each<[Size, number]>([['medium', 10], ['large', 10], ['huge', 10], ['gargantuan', 10]])(
    '%s with %i ft reach: within 10 ft of its space, plus the (2,2) diagonals',
    (size, reach) => {
      const input = creature([9, 9], size, reach);
      const n = spaceOf(size);
      const gap = (v: number): number => (v < 9 ? 9 - v : Math.max(0, v - (9 + n - 1)));
      const expected = ring(0, 0, open.width - 1, open.height - 1).filter(
        (sq) => spaceDistanceFeet(input.at, size, sq, 'medium') <= 10 || (gap(sq[0]) === 2 && gap(sq[1]) === 2),
      );
      expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
    },
  );
});

describe('THR-4 reach weapons', () => {
  it('Medium with a glaive: the ring of 16 squares at 10 ft, not the adjacent ones', () => {
    const got = threatenedSquares(creature([5, 5], 'medium', 5, true), open);
    expect(got).toHaveLength(16);
    expect(keys(got)).toEqual(keys(ring(3, 3, 7, 7, [4, 4, 6, 6])));
  });

  it.each<[Square, boolean]>([
    [[3, 3], true], [[7, 3], true], [[5, 3], true], [[4, 3], true], [[6, 6], false], [[5, 5], false], [[4, 5], false],
    [[2, 5], false],
  ])('Medium glaive at (5,5), square %j: %s', (sq, expected) => {
    expect(threatensSquare(creature([5, 5], 'medium', 5, true), open, sq)).toBe(expected);
  });

  it('Large long with a reach weapon (10 ft): the ring two squares out', () => {
    const got = threatenedSquares(creature([5, 5], 'large', 5, true), open);
    expect(keys(got)).toEqual(keys(ring(3, 3, 8, 8, [4, 4, 7, 7])));
    expect(got).toHaveLength(20);
  });

  // Large tall at (10,10): space 10..11; offsets are gaps from the space.
  it.each<[string, Square, boolean]>([
    ['own space', [10, 10], false],
    ['adjacent', [9, 10], false],
    ['10 ft straight', [8, 10], false],
    ['two diagonals (within natural 10)', [8, 8], false],
    ['15 ft straight', [7, 10], true],
    ['20 ft straight', [6, 11], true],
    ['25 ft straight', [5, 10], false],
    ['(3,3) diagonal = 20 ft', [7, 7], true],
    ['(4,1) = 20 ft', [6, 9], true],
    ['(4,2) = 25 ft', [6, 8], false],
    ['(4,4) = 30 ft', [15, 15], false],
  ])('Large tall with a reach weapon (20 ft): %s %j', (_name, sq, expected) => {
    expect(threatensSquare(creature([10, 10], 'large', 10, true), open, sq)).toBe(expected);
  });

  // Huge tall at (10,10): space 10..12, natural 15, reach weapon 30.
  it.each<[string, Square, boolean]>([
    ['own space', [11, 11], false],
    ['(2,2) = 15 ft', [8, 8], false],
    ['(3,0) = 15 ft', [7, 11], false],
    ['(4,0) = 20 ft', [6, 11], true],
    ['(3,3) = 20 ft', [15, 15], true],
    ['(6,0) = 30 ft', [18, 10], true],
    ['(7,0) = 35 ft', [19, 10], false],
    ['(4,4) = 30 ft', [6, 16], true],
    ['(5,5) = 35 ft', [5, 5], false],
    ['(6,1) = 30 ft', [4, 9], true],
    ['(6,2) = 35 ft', [4, 8], false],
  ])('Huge tall with a reach weapon (30 ft): %s %j', (_name, sq, expected) => {
    expect(threatensSquare(creature([10, 10], 'huge', 15, true), open, sq)).toBe(expected);
  });

  it('Huge with a reach weapon: the squares beyond 15 ft up to 30 ft', () => {
    const input = creature([9, 9], 'huge', 15, true);
    const expected = ring(0, 0, open.width - 1, open.height - 1).filter((sq) => {
      const d = spaceDistanceFeet(input.at, 'huge', sq, 'medium');
      return d > 15 && d <= 30;
    });
    expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
  });

  it('Tiny with a reach weapon: reach 0 doubled is still 0, its own square', () => {
    const input = creature([5, 5], 'tiny', 0, true);
    expect(effectiveReach(input)).toBe(0);
    expect(threatenedSquares(input, open)).toEqual([[5, 5]]);
  });
});

describe('VAR-2 tinyReachWeapons', () => {
  it.each<[string, ThreatInput, Square[]]>([
    ['Tiny with a reach weapon: 5 ft ring, not its own square', creature([5, 5], 'tiny', 0, true, { tinyReachWeapons: true }), ring(4, 4, 6, 6, [5, 5, 5, 5])],
    ['Fine too', creature([5, 5], 'fine', 0, true, { tinyReachWeapons: true }), ring(4, 4, 6, 6, [5, 5, 5, 5])],
    ['with VAR-3 also its own square', creature([5, 5], 'tiny', 0, true, { tinyReachWeapons: true, reachWeaponsUpClose: true }), ring(4, 4, 6, 6)],
    ['no effect without a reach weapon', creature([5, 5], 'tiny', 0, false, { tinyReachWeapons: true }), [[5, 5]]],
    ['no effect on Medium', creature([5, 5], 'medium', 5, true, { tinyReachWeapons: true }), ring(3, 3, 7, 7, [4, 4, 6, 6])],
  ])('%s', (_name, input, expected) => {
    expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
  });
});

describe('VAR-3 reachWeaponsUpClose', () => {
  it.each<[string, ThreatInput, Square[]]>([
    ['Medium glaive threatens the ring and within natural reach', creature([5, 5], 'medium', 5, true, { reachWeaponsUpClose: true }), ring(3, 3, 7, 7)],
    ['Large long with a reach weapon', creature([5, 5], 'large', 5, true, { reachWeaponsUpClose: true }), ring(3, 3, 8, 8)],
  ])('%s', (_name, input, expected) => {
    expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
  });

  it('Large tall with a reach weapon threatens everything within 20 ft', () => {
    const input = creature([9, 9], 'large', 10, true, { reachWeaponsUpClose: true });
    const expected = ring(0, 0, open.width - 1, open.height - 1).filter(
      (sq) => spaceDistanceFeet(input.at, 'large', sq, 'medium') <= 20,
    );
    expect(keys(threatenedSquares(input, open))).toEqual(keys(expected));
  });
});

describe('THR-1 THR-4 VAR-2 VAR-3 threatensSquare agrees with threatenedSquares', () => {
  const small: GridMap = { width: 14, height: 11, blocked: [[3, 3]], difficult: [[4, 4]] };
  const sizes: Size[] = ['tiny', 'medium', 'large', 'huge', 'gargantuan', 'colossal'];
  const cases: ThreatInput[] = [];
  for (const size of sizes) for (const reach of [0, 5, 10, 15]) for (const reachWeapon of [false, true]) {
    for (const at of [[0, 0], [5, 4], [12, 9]] as Square[]) {
      cases.push(creature(at, size, reach, reachWeapon, { tinyReachWeapons: true }));
      cases.push(creature(at, size, reach, reachWeapon, { reachWeaponsUpClose: true }));
      cases.push(creature(at, size, reach, reachWeapon));
    }
  }

  it.each(cases.map((c) => [c] as const))('%j', (input) => {
    const listed = new Set(keys(threatenedSquares(input, small)));
    for (let y = -3; y < small.height + 3; y++) for (let x = -3; x < small.width + 3; x++) {
      expect(threatensSquare(input, small, [x, y]), `${x},${y}`).toBe(listed.has(`${x},${y}`));
    }
    for (const key of listed) {
      const [x, y] = key.split(',').map(Number);
      expect(x !== undefined && y !== undefined && x >= 0 && y >= 0 && x < small.width && y < small.height).toBe(true);
    }
  });
});
