// PROV-5, THR-5, THR-6, THR-7, FF-2, AOO-2, CORE-8, RES-5: who may take an attack of opportunity.
import { describe, expect, it } from 'vitest';
import { aooLeft, canTakeOpportunity, reactorsAgainst } from '../../src/engine/opportunity.ts';
import type { Square } from '../../src/model/ids.ts';
import { fighter, orc, ready, type Patch, type RawCombatant } from '../support/encounters.ts';

const glaive = { name: 'glaive', kind: 'melee', bonus: [6], damage: '1d10+3', reachWeapon: true };

describe('canTakeOpportunity: PROV-5, THR-5, THR-6, THR-7, FF-2, AOO-2, CORE-8', () => {
  // Reactor fighter at [2,2] (longsword, 5 ft reach); provoker orc at [3,2] acting in (or leaving) `squares`.
  it.each<[string, Partial<RawCombatant>, Patch, Partial<RawCombatant>, Square[], boolean]>([
    ['PROV-5 the provoker\'s square is threatened', {}, {}, {}, [[3, 2]], true],
    ['PROV-5 none of the squares is threatened', {}, {}, {}, [[6, 6]], false],
    ['PROV-5 one of several squares is threatened', {}, {}, {}, [[6, 6], [3, 3]], true],
    ['PROV-5 no squares at all', {}, {}, {}, [], false],
    ['PROV-5 a reach weapon does not threaten the adjacent square (THR-4)', { attacks: [glaive] }, {}, {}, [[3, 2]], false],
    ['PROV-5 a reach weapon threatens the square 10 ft away', { attacks: [glaive] }, {}, { at: [4, 2] }, [[4, 2]], true],
    ['THR-5 no weapon (attacks []): no', { attacks: [] }, {}, {}, [[3, 2]], false],
    ['THR-5 only a ranged weapon: no', {
      attacks: [{ name: 'bow', kind: 'ranged', bonus: [3], damage: '1d8', rangeIncrement: 100 }],
    }, {}, {}, [[3, 2]], false],
    ['THR-5 a natural attack: yes', { attacks: [{ name: 'claw', kind: 'natural', bonus: [4], damage: '1d4+2' }] }, {}, {}, [[3, 2]], true],
    ['THR-5 unarmed strike without Improved Unarmed Strike: no', {
      attacks: [{ name: 'fist', kind: 'melee', bonus: [4], damage: '1d3', unarmed: true }],
    }, {}, {}, [[3, 2]], false],
    ['THR-5 unarmed strike with Improved Unarmed Strike: yes', {
      attacks: [{ name: 'fist', kind: 'melee', bonus: [4], damage: '1d3', unarmed: true }], feats: ['improved-unarmed-strike'],
    }, {}, {}, [[3, 2]], true],
    ['THR-5 a held touch-spell charge (holding-charge:shocking-grasp) arms it: yes', {
      attacks: [], conditions: ['holding-charge:shocking-grasp'],
    }, {}, {}, [[3, 2]], true],
    ['THR-6 grappling reactor: no', { conditions: ['grappling'] }, {}, {}, [[3, 2]], false],
    ['THR-6 helpless reactor: no', { conditions: ['helpless'] }, {}, {}, [[3, 2]], false],
    ['THR-6 unconscious reactor: no', { conditions: ['unconscious'] }, {}, {}, [[3, 2]], false],
    ['THR-6 dying reactor (hp -3): no', { hp: -3, maxHp: 38 }, {}, {}, [[3, 2]], false],
    ['THR-6 disabled reactor (hp 0) still threatens: yes', { hp: 0, maxHp: 38 }, {}, {}, [[3, 2]], true],
    ['FF-2 flat-footed reactor: no', {}, { flatFooted: true }, {}, [[3, 2]], false],
    ['FF-2 flat-footed reactor with Combat Reflexes: yes', { feats: ['combat-reflexes'] }, { flatFooted: true }, {}, [[3, 2]], true],
    ['AOO-2 its one attack of opportunity already used: no', {}, { aooUsed: 1 }, {}, [[3, 2]], false],
    ['AOO-2 aooUsed above aooPerRound: no', { aooPerRound: 2 }, { aooUsed: 3 }, {}, [[3, 2]], false],
    ['AOO-2 aooPerRound 2, one used: yes', { aooPerRound: 2 }, { aooUsed: 1 }, {}, [[3, 2]], true],
    ['AOO-2 aooPerRound 0: no', { aooPerRound: 0 }, {}, {}, [[3, 2]], false],
    ['AOO-2 Combat Reflexes, Dex 16: the second one of four is still available', { feats: ['combat-reflexes'], dex: 16 }, { aooUsed: 1 }, {}, [[3, 2]], true],
    ['AOO-2 Combat Reflexes, Dex 16: all four used', { feats: ['combat-reflexes'], dex: 16 }, { aooUsed: 4 }, {}, [[3, 2]], false],
    ['CORE-8 total defense: no', {}, { effects: [{ kind: 'total-defense' }] }, {}, [[3, 2]], false],
    ['CORE-8 fighting defensively does not stop it: yes', {}, { effects: [{ kind: 'fighting-defensively' }] }, {}, [[3, 2]], true],
    ['THR-7 invisible provoker: no', {}, {}, { conditions: ['invisible'] }, [[3, 2]], false],
    ['THR-7 greater-invisible provoker: no', {}, {}, { conditions: ['greater-invisible'] }, [[3, 2]], false],
    ['THR-7 totally concealed provoker: no', {}, {}, { conditions: ['totally-concealed'] }, [[3, 2]], false],
    ['THR-7 blinded reactor: no', { conditions: ['blinded'] }, {}, {}, [[3, 2]], false],
    ['THR-7 concealed (20%) provoker can still be seen: yes', {}, {}, { conditions: ['concealed'] }, [[3, 2]], true],
    ['THR-7 invisible provoker within blindsight range: yes', { senses: { blindsight: 5 } }, {}, { conditions: ['invisible'] }, [[3, 2]], true],
    ['THR-7 invisible provoker beyond blindsight range (10 ft, range 5): no', {
      attacks: [glaive], senses: { blindsight: 5 },
    }, {}, { at: [4, 2], conditions: ['invisible'] }, [[4, 2]], false],
    ['THR-7 invisible provoker at the edge of blindsight range (10 ft, range 10): yes', {
      attacks: [glaive], senses: { blindsight: 10 },
    }, {}, { at: [4, 2], conditions: ['invisible'] }, [[4, 2]], true],
  ])('%s', (_name, reactorOver, reactorPatch, provokerOver, squares, expected) => {
    const s = ready([fighter(reactorOver), orc(provokerOver)], { fighter: reactorPatch });
    expect(canTakeOpportunity(s, 'fighter', 'orc', squares)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['an ally never gets an attack of opportunity', 'fighter', 'friend'],
    ['nor does the ally the other way round', 'friend', 'fighter'],
    ['a creature never provokes from itself', 'fighter', 'fighter'],
  ])('%s', (_name, reactor, provoker) => {
    const s = ready([fighter(), fighter({ id: 'friend', at: [3, 2] })]);
    expect(canTakeOpportunity(s, reactor, provoker, [[3, 2], [2, 2]])).toBe(false);
  });
});

describe('reactorsAgainst: RES-5 reactors in initiative order', () => {
  // Three heroes around the orc at [3,2], listed a, b, c; each threatens the orc's square.
  const heroes = (): RawCombatant[] => [
    fighter({ id: 'a', at: [2, 1] }),
    fighter({ id: 'b', at: [2, 2] }),
    fighter({ id: 'c', at: [2, 3] }),
    orc(),
  ];

  it.each<[string, string[], Record<string, Patch>, string[], string[]]>([
    ['order c, orc, a, b', ['c', 'orc', 'a', 'b'], {}, [], ['c', 'a', 'b']],
    ['order b, a, c, orc', ['b', 'a', 'c', 'orc'], {}, [], ['b', 'a', 'c']],
    ['order orc, c, b, a', ['orc', 'c', 'b', 'a'], {}, [], ['c', 'b', 'a']],
    ['a reactor that cannot take it is left out (b flat-footed)', ['c', 'orc', 'a', 'b'], { b: { flatFooted: true } }, [], ['c', 'a']],
    ['a reactor out of attacks of opportunity is left out', ['b', 'c', 'a', 'orc'], { c: { aooUsed: 1 } }, [], ['b', 'a']],
    ['excluded reactors are left out', ['c', 'orc', 'a', 'b'], {}, ['a'], ['c', 'b']],
  ])('%s', (_name, order, patches, exclude, expected) => {
    const s = { ...ready(heroes(), patches), order };
    expect(reactorsAgainst(s, 'orc', [[3, 2]], exclude)).toEqual(expected);
  });

  it('PROV-5 no reactor when the squares are out of every foe\'s reach', () => {
    const s = { ...ready(heroes()), order: ['a', 'b', 'c', 'orc'] };
    expect(reactorsAgainst(s, 'orc', [[8, 6]])).toEqual([]);
  });
});

describe('aooLeft: AOO-2', () => {
  it.each<[string, Partial<RawCombatant>, number, number]>([
    ['one per round without Combat Reflexes (Dex 16 does not matter)', { dex: 16 }, 0, 1],
    ['Combat Reflexes, Dex 16: 1 + 3 = 4 per round', { feats: ['combat-reflexes'], dex: 16 }, 0, 4],
    ['Combat Reflexes, Dex 16, one used: 3 left', { feats: ['combat-reflexes'], dex: 16 }, 1, 3],
    ['Combat Reflexes, Dex 17 rounds the modifier down: 1 + 3 = 4', { feats: ['combat-reflexes'], dex: 17 }, 0, 4],
    ['Combat Reflexes, Dex 8: never fewer than 1', { feats: ['combat-reflexes'], dex: 8 }, 0, 1],
    ['aooPerRound override: 2', { aooPerRound: 2 }, 0, 2],
    ['aooPerRound override wins over Combat Reflexes', { aooPerRound: 2, feats: ['combat-reflexes'], dex: 16 }, 0, 2],
    ['aooPerRound override 0: none', { aooPerRound: 0 }, 0, 0],
    ['all used: 0', {}, 1, 0],
    ['more used than allowed: 0, never negative', {}, 3, 0],
  ])('%s', (_name, over, used, expected) => {
    const s = ready([fighter(over), orc()], { fighter: { aooUsed: used } });
    expect(aooLeft(s, 'fighter')).toBe(expected);
  });
});
