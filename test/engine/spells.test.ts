// Spells: SNK-8 (acid arrow sneaks, magic missile does not), CORE-10 Concentration, cure, invisibility (SNK-7).
import { describe, expect, it } from 'vitest';
import { createCombat } from '../../src/combat/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { of } from '../support/events.ts';
import { encounter, fighter, orc, wizard, type RawCombatant } from '../support/encounters.ts';


const arcaneTrickster = (over: Partial<RawCombatant> = {}) =>
  wizard({ id: 'mage', at: [2, 2], sneakAttack: 2, rangedTouch: 4, spells: { 'acid-arrow': 2, 'magic-missile': 1 }, ...over });

const play = (mage: RawCombatant, target: RawCombatant, dice: Record<number, number[]>) =>
  createCombat(encounter([mage, target]), { dice: scriptedDice(dice), initiative: ['mage', 'orc'] });

describe('SNK-8 spells and sneak attack', () => {
  it('acid arrow against a flat-footed foe within 30 ft adds sneak dice', () => {
    const combat = play(arcaneTrickster(), orc({ at: [6, 2], hp: 40 }), { 20: [10], 4: [2, 3], 6: [4, 5] });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'acid-arrow', target: 'orc', at: null, defensively: false });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ acKind: 'touch', sneak: true, bonus: 4 });
    expect(combat.state.creatures.orc!.hp).toBe(40 - (2 + 3 + 4 + 5));
  });

  it('no sneak dice beyond 30 ft', () => {
    const combat = play(arcaneTrickster(), orc({ at: [10, 2], hp: 40 }), { 20: [10], 4: [2, 3] });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'acid-arrow', target: 'orc', at: null, defensively: false });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ sneak: false });
    expect(combat.state.creatures.orc!.hp).toBe(35);
  });

  it('a critical acid arrow doubles the spell dice, not the sneak dice', () => {
    const combat = play(arcaneTrickster(), orc({ at: [6, 2], hp: 40 }), { 20: [20, 15], 4: [1, 1, 1, 1], 6: [6, 6] });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'acid-arrow', target: 'orc', at: null, defensively: false });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ critical: true, sneak: true });
    expect(of(combat.events, 'DamageDealt')[0]).toMatchObject({ dice: [1, 1, 1, 1], sneakDice: [6, 6], amount: 16 });
  });

  it('magic missile never sneak attacks', () => {
    const combat = play(arcaneTrickster({ casterLevel: 1 }), orc({ at: [6, 2], hp: 40 }), { 4: [3] });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'magic-missile', target: 'orc', at: null, defensively: false });
    expect(of(combat.events, 'DamageDealt').map((d) => [d.amount, d.sneakDice.length])).toEqual([[4, 0]]);
  });
});

describe('CORE-10 Concentration and Combat Casting', () => {
  const cast = (mage: RawCombatant, d20: number[]) => {
    const combat = createCombat(encounter([mage, orc({ at: [3, 2], hp: 40 })]), { dice: scriptedDice({ 20: d20, 4: [1, 1] }), initiative: ['mage', 'orc'] });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'magic-missile', target: 'orc', at: null, defensively: true });
    return of(combat.events, 'ConcentrationChecked').map((c) => [c.reason, c.total, c.dc, c.success]);
  };

  it('casting defensively: DC 15 + spell level; Combat Casting adds 4', () => {
    expect(cast(wizard({ id: 'mage' }), [7])).toEqual([['defensive', 15, 16, false]]);
    expect(cast(wizard({ id: 'mage', feats: ['combat-casting'] }), [7])).toEqual([['defensive', 19, 16, true]]);
  });

  it('casting while grappling: DC 20 + spell level, Combat Casting applies', () => {
    const combat = createCombat(encounter([wizard({ id: 'mage', conditions: ['grappling'], feats: ['combat-casting'] }), orc({ at: [6, 2] })]), {
      dice: scriptedDice({ 20: [9], 4: [1, 1] }), initiative: ['mage', 'orc'],
    });
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'magic-missile', target: 'orc', at: null, defensively: false });
    expect(of(combat.events, 'ConcentrationChecked').map((c) => [c.reason, c.total, c.dc, c.success])).toEqual([['grappling', 21, 21, true]]);
    expect(of(combat.events, 'SpellResolved')).toHaveLength(1);
  });
});

describe('healing and invisibility spells', () => {
  it('cure light wounds heals 1d8 + caster level, up to max hp', () => {
    const combat = createCombat(
      encounter([wizard({ id: 'mage', spells: { 'cure-light-wounds': 1 } }), fighter({ hp: 10, maxHp: 38, at: [3, 2] }), orc({ at: [9, 6] })]),
      { dice: scriptedDice({ 8: [5] }), initiative: ['mage', 'fighter', 'orc'] },
    );
    combat.send({ type: 'CastSpell', actor: 'mage', spell: 'cure-light-wounds', target: 'fighter', at: null, defensively: false });
    expect(combat.state.creatures.fighter!.hp).toBe(18);
  });

  it('invisibility and greater invisibility make their subject invisible', () => {
    for (const [spell, condition] of [['invisibility', 'invisible'], ['greater-invisibility', 'greater-invisible']] as const) {
      const combat = createCombat(encounter([wizard({ id: 'mage', spells: { [spell]: 1 } }), orc({ at: [9, 6] })]), {
        dice: scriptedDice({}), initiative: ['mage', 'orc'],
      });
      combat.send({ type: 'CastSpell', actor: 'mage', spell, target: 'mage', at: null, defensively: false });
      expect(combat.state.creatures.mage!.conditions).toContain(condition);
    }
  });

  it('SNK-7, DEX-2: invisibility ends with the first attack; greater invisibility lasts the whole full attack', () => {
    const run = (condition: 'invisible' | 'greater-invisible') => {
      const combat = createCombat(
        encounter([
          fighter({ id: 'mage', conditions: [condition], attacks: [{ name: 'sword', kind: 'melee', bonus: [6, 1], damage: '1d4' }] }),
          orc({ at: [3, 2], hp: 60 }),
        ]),
        { dice: scriptedDice({ 20: [10, 10], 4: [1, 1] }), initiative: ['orc', 'mage'] },
      );
      combat.send({ type: 'EndTurn', actor: 'orc' });
      combat.send({ type: 'FullAttack', actor: 'mage', targets: ['orc'], with: null, stepAfter: null, powerAttack: 0 });
      return of(combat.events, 'AttackRolled').map((a) => [a.bonus, a.deniedDex]);
    };
    expect(run('invisible')).toEqual([[8, true], [1, false]]);
    expect(run('greater-invisible')).toEqual([[8, true], [3, true]]);
  });
});
