import { describe, it, expect } from 'vitest';
import { compareInitiative, tiedGroups, type InitiativeEntry } from '../../src/rules/initiative.ts';

const e = (id: string, total: number, modifier: number, rollOffs: number[] = []): InitiativeEntry => ({ id, total, modifier, rollOffs });
const order = (entries: InitiativeEntry[]): string[] => [...entries].sort(compareInitiative).map((x) => x.id);

describe('INIT-1 initiative order: highest total first', () => {
  it.each<[string, InitiativeEntry[], string[]]>([
    ['three distinct totals', [e('a', 10, 0), e('b', 20, 0), e('c', 15, 0)], ['b', 'c', 'a']],
    ['already sorted', [e('a', 22, 1), e('b', 12, 1), e('c', 2, 1)], ['a', 'b', 'c']],
    ['reverse listed', [e('a', 3, 5), e('b', 7, 0), e('c', 19, -1)], ['c', 'b', 'a']],
    ['negative totals', [e('a', -2, -3), e('b', 0, -3), e('c', -1, -3)], ['b', 'c', 'a']],
    ['higher total beats higher modifier', [e('a', 14, 8), e('b', 15, 0)], ['b', 'a']],
  ])('%s', (_label, entries, expected) => {
    expect(order(entries)).toEqual(expected);
  });
});

describe('INIT-2 initiative ties: higher modifier, then roll-offs', () => {
  it.each<[string, InitiativeEntry[], string[]]>([
    ['tie broken by higher modifier', [e('a', 15, 1), e('b', 15, 3)], ['b', 'a']],
    ['tie broken by modifier, third creature between', [e('a', 15, 1), e('x', 16, 0), e('b', 15, 3)], ['x', 'b', 'a']],
    ['same total and modifier: first roll-off decides', [e('a', 15, 2, [4]), e('b', 15, 2, [17])], ['b', 'a']],
    ['first roll-off tied: second decides', [e('a', 15, 2, [9, 12]), e('b', 15, 2, [9, 3])], ['a', 'b']],
    ['modifier decides before roll-offs', [e('a', 15, 4, [1]), e('b', 15, 2, [20])], ['a', 'b']],
    [
      'three-way tie: modifier splits one, roll-off the other two',
      [e('a', 12, 1, [5]), e('b', 12, 2), e('c', 12, 1, [18])],
      ['b', 'c', 'a'],
    ],
  ])('%s', (_label, entries, expected) => {
    expect(order(entries)).toEqual(expected);
  });

  it.each<[InitiativeEntry, InitiativeEntry, 'first' | 'second' | 'tied']>([
    [e('a', 15, 2), e('b', 15, 2), 'tied'],
    [e('a', 15, 2, [7]), e('b', 15, 2, [7]), 'tied'],
    [e('a', 15, 2, [8]), e('b', 15, 2, [7]), 'first'],
    [e('a', 15, 1), e('b', 15, 2), 'second'],
    [e('a', 16, 0), e('b', 15, 9), 'first'],
  ])('compare %o with %o: %s goes first', (a, b, who) => {
    const c = compareInitiative(a, b);
    if (who === 'first') expect(c).toBeLessThan(0);
    else if (who === 'second') expect(c).toBeGreaterThan(0);
    else expect(c).toBe(0);
  });
});

describe('INIT-2 tiedGroups: who still needs a roll-off', () => {
  it.each<[string, InitiativeEntry[], string[][]]>([
    ['no ties', [e('a', 10, 0), e('b', 11, 0), e('c', 12, 0)], []],
    ['same total, different modifiers: no group', [e('a', 10, 1), e('b', 10, 2)], []],
    ['same total and modifier: one group', [e('a', 10, 2), e('b', 10, 2), e('c', 14, 2)], [['a', 'b']]],
    [
      'two separate groups, highest first',
      [e('a', 10, 2), e('b', 18, 0), e('c', 10, 2), e('d', 18, 0), e('e', 5, 5)],
      [
        ['b', 'd'],
        ['a', 'c'],
      ],
    ],
    ['three-way group', [e('a', 13, 1), e('b', 13, 1), e('c', 13, 1)], [['a', 'b', 'c']]],
    ['roll-offs differ: no group', [e('a', 10, 2, [5]), e('b', 10, 2, [12])], []],
    ['roll-offs tie again: still a group', [e('a', 10, 2, [6]), e('b', 10, 2, [6])], [['a', 'b']]],
    [
      'three-way roll-off splits one off, two still tied',
      [e('a', 13, 1, [9]), e('b', 13, 1, [15]), e('c', 13, 1, [9])],
      [['a', 'c']],
    ],
    ['second roll-off breaks the tie: no group', [e('a', 10, 2, [6, 3]), e('b', 10, 2, [6, 4])], []],
  ])('%s', (_label, entries, groups) => {
    expect(tiedGroups(entries)).toEqual(groups);
  });
});
