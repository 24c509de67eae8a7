import { describe, expect, it } from 'vitest';
import { parseEncounter } from '../../src/io/encounter.ts';
import type { StatBlock } from '../../src/model/stats.ts';
import { combatant, encounter } from './fixtures.ts';

const statsOf = (extra: Record<string, unknown>): StatBlock => {
  const result = parseEncounter(encounter([combatant('x', [3, 3], extra)]), 'e.json');
  if (!result.ok) throw new Error(result.error);
  const first = result.value.combatants[0];
  if (first === undefined) throw new Error('no combatant');
  return first.stats;
};

describe('encounter defaults', () => {
  it('applies the SPEC defaults to a minimal combatant', () => {
    const result = parseEncounter(encounter([combatant('orc', [0, 0], { attacks: undefined })]), 'e.json');
    if (!result.ok) throw new Error(result.error);
    const enc = result.value;
    expect(enc.rules).toEqual({
      flatFootedUntilFirstRegularTurn: false, ignoreFlankers: false, tinyReachWeapons: false, reachWeaponsUpClose: false,
    });
    expect(enc.map).toEqual({ width: 12, height: 8, blocked: [], difficult: [] });
    const c = enc.combatants[0];
    expect(c).toMatchObject({ hp: 10, conditions: [], aware: true, spells: {} });
    expect(c?.stats).toMatchObject({
      name: 'orc', size: 'medium', shape: 'tall', reach: 5, speed: 30, maxHp: 10, init: 0, dex: 10, attacks: [],
      feats: [], sneakAttack: 0, sneakAttackLevels: 0, uncannyDodge: false, improvedUncannyDodge: false,
      uncannyDodgeLevels: 0, skills: { tumble: 0, concentration: 0 }, creatureType: 'humanoid', critImmune: false,
      blindsight: 0, aooPerRound: 1, aooPolicy: 'always', meleeTouch: 0, rangedTouch: 0, casterLevel: 1,
    });
  });

  it('fills attack defaults', () => {
    expect(statsOf({}).attacks[0]).toEqual({
      name: 'axe', kind: 'melee', bonus: [4], damage: '1d12+3', crit: { range: 20, multiplier: 2 },
      reachWeapon: false, unarmed: false, rangeIncrement: null, twoHanded: false, nonlethal: false,
    });
  });

  it('gives reach by size and shape (THR-2) unless reach is given', () => {
    expect(statsOf({ size: 'large' }).reach).toBe(10);
    expect(statsOf({ size: 'large', shape: 'long' }).reach).toBe(5);
    expect(statsOf({ size: 'tiny' }).reach).toBe(0);
    expect(statsOf({ size: 'colossal', shape: 'long', at: [0, 0] }).reach).toBe(20);
    expect(statsOf({ size: 'large', reach: 15 }).reach).toBe(15);
  });

  it('adds the Dex modifier to attacks of opportunity with Combat Reflexes (AOO-2)', () => {
    expect(statsOf({ feats: ['combat-reflexes'], dex: 12 }).aooPerRound).toBe(2);
    expect(statsOf({ feats: ['combat-reflexes'], dex: 8 }).aooPerRound).toBe(1);
    expect(statsOf({ dex: 18 }).aooPerRound).toBe(1);
    expect(statsOf({ feats: ['combat-reflexes'], dex: 18, aooPerRound: 0 }).aooPerRound).toBe(0);
  });

  it('makes undead and their like immune to critical hits unless told otherwise', () => {
    expect(statsOf({ creatureType: 'undead' }).critImmune).toBe(true);
    expect(statsOf({ creatureType: 'construct', critImmune: false }).critImmune).toBe(false);
  });

  it('takes touch bonuses from the first melee or natural and the first ranged attack', () => {
    const stats = statsOf({
      attacks: [
        { name: 'bow', kind: 'ranged', bonus: [6, 1], damage: '1d8' },
        { name: 'bite', kind: 'natural', bonus: [3], damage: '1d6' },
      ],
      senses: { blindsight: 60 },
    });
    expect([stats.meleeTouch, stats.rangedTouch, stats.blindsight]).toEqual([3, 6, 60]);
  });

  it('accepts held charges and ignores unknown fields', () => {
    const result = parseEncounter(
      { ...encounter([combatant('x', [1, 1], { conditions: ['holding-charge:shocking-grasp'], color: 'red' })]), extra: 1 },
      'e.json',
    );
    expect(result.ok && result.value.combatants[0]?.conditions).toEqual(['holding-charge:shocking-grasp']);
  });

  it('lets tiny creatures share a square but not larger ones', () => {
    const tiny = encounter([combatant('rat', [1, 1], { size: 'tiny' }), combatant('orc', [1, 1])]);
    expect(parseEncounter(tiny, 'e.json').ok).toBe(true);
  });
});
