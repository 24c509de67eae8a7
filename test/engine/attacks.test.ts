// AOO-5, AOO-6, VAR-1, VAR-3, CORE-4 exertion: special attacks and options.
import { describe, expect, it } from 'vitest';
import { createCombat, type CombatOptions } from '../../src/combat/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { of } from '../support/events.ts';
import { encounter, fighter, orc, type RawCombatant } from '../support/encounters.ts';


function fight(combatants: RawCombatant[], order: string[], dice: Record<number, number[]>, options: Partial<CombatOptions> = {}, extra = {}) {
  return createCombat(encounter(combatants, extra), { dice: scriptedDice(dice), initiative: order, ...options });
}

describe('AOO-6 Power Attack applies to attacks of opportunity', () => {
  it('the penalty and bonus chosen on its turn apply to its attack of opportunity until its next turn', () => {
    const combat = fight([fighter({ feats: ['power-attack'] }), orc({ hp: 40 })], ['fighter', 'orc'], { 20: [2, 15], 8: [4, 4] });
    combat.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 3 });
    combat.send({ type: 'EndTurn', actor: 'fighter' });
    combat.send({ type: 'Move', actor: 'orc', path: [[4, 2]] });
    const [own, aoo] = of(combat.events, 'AttackRolled');
    expect(own!.bonus).toBe(5); // +8 - 3
    expect(aoo!.kind).toBe('opportunity');
    expect(aoo!.bonus).toBe(5);
    expect(of(combat.events, 'DamageDealt').map((d) => d.amount)).toEqual([10]); // 4 + 3 + 3
  });

  it('two-handed weapons add twice the penalty to damage', () => {
    const combat = fight(
      [fighter({ attacks: [{ name: 'greatsword', kind: 'melee', bonus: [8], damage: '2d6+4', twoHanded: true }] }), orc({ hp: 40 })],
      ['fighter', 'orc'],
      { 20: [15], 6: [1, 1] },
    );
    combat.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 2 });
    expect(of(combat.events, 'DamageDealt')[0]!.amount).toBe(1 + 1 + 4 + 4);
  });
});

describe('AOO-5 trip and held charges as attacks of opportunity', () => {
  it('a trip as an attack of opportunity: touch attack, opposed checks, the mover falls prone', () => {
    const combat = fight(
      [fighter({ str: 16 }), orc({ hp: 30, str: 10, dex: 10 })],
      ['fighter', 'orc'],
      // touch attack 12 + 8 vs touch 10: hit; Str check 12 + 3 vs 5 + 0
      { 20: [12, 12, 5] },
      { onOpportunity: (prompt) => ({ take: prompt.reactor === 'fighter', with: 'trip' }) },
    );
    combat.send({ type: 'EndTurn', actor: 'fighter' });
    combat.send({ type: 'Move', actor: 'orc', path: [[4, 2]] });
    const [trip] = of(combat.events, 'ManeuverRolled');
    expect(trip).toMatchObject({ maneuver: 'trip', kind: 'opportunity', attackerTotal: 15, defenderTotal: 5, success: true });
    expect(combat.state.creatures.orc!.conditions).toContain('prone');
    // RES-6: a trip without Improved Trip provokes from its target (who declines here).
    expect(of(combat.events, 'OpportunityProvoked').map((e) => [e.reactor, e.trigger])).toEqual([['fighter', 'move'], ['orc', 'trip']]);
  });

  it('a held touch-spell charge is delivered as an attack of opportunity and discharged', () => {
    const combat = fight(
      [
        fighter({ id: 'mage', attacks: [], conditions: ['holding-charge:shocking-grasp'], casterLevel: 3, meleeTouch: 2 }),
        orc({ hp: 30 }),
      ],
      ['mage', 'orc'],
      { 20: [15], 6: [2, 2, 2] },
      { onOpportunity: () => ({ take: true, with: 'touch' }) },
    );
    combat.send({ type: 'EndTurn', actor: 'mage' });
    combat.send({ type: 'Move', actor: 'orc', path: [[4, 2]] });
    const [touch] = of(combat.events, 'AttackRolled');
    expect(touch).toMatchObject({ kind: 'opportunity', acKind: 'touch', ac: 10, weapon: 'shocking-grasp' });
    expect(combat.state.creatures.orc!.hp).toBe(24);
    expect(combat.state.creatures.mage!.conditions).not.toContain('holding-charge:shocking-grasp');
  });

  it('a ranged attack is never made as an attack of opportunity', () => {
    const combat = fight([fighter(), orc({ hp: 30 })], ['fighter', 'orc'], {}, {
      onOpportunity: () => ({ take: true, with: 'javelin' }),
    });
    combat.send({ type: 'EndTurn', actor: 'fighter' });
    // The orc threatens nothing worth noting here; the fighter asks for a javelin it lacks: declined.
    combat.send({ type: 'Move', actor: 'orc', path: [[4, 2]] });
    expect(of(combat.events, 'OpportunityDeclined')).toHaveLength(1);
    expect(of(combat.events, 'AttackRolled')).toHaveLength(0);
  });
});

describe('VAR-1 ignoring a flanker', () => {
  const trio = (rules: Record<string, boolean>) =>
    fight(
      [fighter({ id: 'a', at: [1, 2] }), orc({ id: 'orc', at: [2, 2], hp: 40 }), fighter({ id: 'b', at: [3, 2], feats: ['combat-reflexes'] })],
      ['orc', 'a', 'b'],
      { 20: [10, 10, 10], 8: [1, 1, 1] },
      {},
      { rules },
    );

  it('with the option, the defender disregards one flanker: provokes from it, loses Dex to it, and the other gets no flank', () => {
    const combat = trio({ ignoreFlankers: true });
    expect(combat.send({ type: 'IgnoreFlanker', actor: 'orc', target: 'b' }).ok).toBe(true);
    expect(of(combat.events, 'OpportunityProvoked').map((e) => [e.reactor, e.trigger])).toEqual([['b', 'ignore-flanker']]);
    combat.send({ type: 'EndTurn', actor: 'orc' });
    combat.send({ type: 'Attack', actor: 'a', target: 'orc', with: null, powerAttack: 0 });
    expect(of(combat.events, 'AttackRolled').at(-1)).toMatchObject({ attacker: 'a', flanking: false });
    combat.send({ type: 'EndTurn', actor: 'a' });
    combat.send({ type: 'Attack', actor: 'b', target: 'orc', with: null, powerAttack: 0 });
    expect(of(combat.events, 'AttackRolled').at(-1)).toMatchObject({ attacker: 'b', flanking: false, deniedDex: true });
  });

  it('without the option it is refused', () => {
    const combat = trio({});
    const result = combat.send({ type: 'IgnoreFlanker', actor: 'orc', target: 'b' });
    expect(result.ok ? '' : result.rejection.code).toBe('rule-off');
  });
});

describe('VAR-3 reach weapons up close', () => {
  const glaive = { name: 'glaive', kind: 'melee', bonus: [8], damage: '1d10+4', reachWeapon: true };
  it('off: an adjacent foe is out of reach of a glaive', () => {
    const combat = fight([fighter({ attacks: [glaive] }), orc({ hp: 40 })], ['fighter', 'orc'], {});
    const result = combat.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 });
    expect(result.ok ? '' : result.rejection.code).toBe('out-of-reach');
  });

  it('on: the adjacent foe may be attacked at -4 attack and damage', () => {
    const combat = fight([fighter({ attacks: [glaive] }), orc({ hp: 40 })], ['fighter', 'orc'], { 20: [10], 10: [5] }, {}, {
      rules: { reachWeaponsUpClose: true },
    });
    expect(combat.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 }).ok).toBe(true);
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ bonus: 4, total: 14 });
    expect(of(combat.events, 'DamageDealt')[0]!.amount).toBe(5 + 4 - 4);
  });
});

describe('CORE-4 disabled', () => {
  it('one action a turn, and a strenuous one costs 1 hp after it is done', () => {
    const combat = fight([fighter({ hp: 0 }), fighter({ id: 'friend', at: [0, 0] }), orc({ hp: 40 })], ['fighter', 'orc', 'friend'], { 20: [2] });
    expect(combat.state.turn).toMatchObject({ actor: 'fighter', limited: true });
    combat.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 });
    expect(combat.state.creatures.fighter!.hp).toBe(-1);
    expect(combat.state.turn?.actor).toBe('orc');
  });
});

describe('SNK-3 nonlethal damage and sneak attack', () => {
  const rogue = (over = {}) => fighter({ id: 'rogue', sneakAttack: 2, feats: ['combat-reflexes'], ...over });
  it('a lethal weapon dealing nonlethal damage takes -4 and loses the sneak attack; the damage is nonlethal', () => {
    // The orc is flat-footed (it has not acted): a sneak attack would apply.
    const combat = fight([rogue(), orc({ hp: 10 })], ['rogue', 'orc'], { 20: [15], 8: [3] });
    combat.send({ type: 'Attack', actor: 'rogue', target: 'orc', with: null, powerAttack: 0, nonlethal: true });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ bonus: 4, sneak: false, deniedDex: true });
    expect(combat.state.creatures.orc).toMatchObject({ hp: 10, nonlethal: 6 });
  });

  it('the same attack dealing lethal damage sneak attacks', () => {
    const combat = fight([rogue(), orc({ hp: 30 })], ['rogue', 'orc'], { 20: [15], 8: [3], 6: [2, 2] });
    combat.send({ type: 'Attack', actor: 'rogue', target: 'orc', with: null, powerAttack: 0 });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ bonus: 8, sneak: true });
    expect(combat.state.creatures.orc!.hp).toBe(30 - (3 + 3 + 4));
  });

  it('a sap (a nonlethal weapon) sneak attacks for nonlethal damage with no penalty', () => {
    const sap = { name: 'sap', kind: 'melee', bonus: [6], damage: '1d6', nonlethal: true };
    const combat = fight([rogue({ attacks: [sap] }), orc({ hp: 30 })], ['rogue', 'orc'], { 20: [15], 6: [2, 2, 2] });
    combat.send({ type: 'Attack', actor: 'rogue', target: 'orc', with: null, powerAttack: 0 });
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ bonus: 6, sneak: true });
    expect(combat.state.creatures.orc).toMatchObject({ hp: 30, nonlethal: 6 });
  });

  it('nonlethal damage beyond current hit points knocks the creature out', () => {
    const sap = { name: 'sap', kind: 'melee', bonus: [6], damage: '1d6+10', nonlethal: true };
    const combat = fight([rogue({ attacks: [sap], sneakAttack: 0 }), orc({ hp: 5 })], ['rogue', 'orc'], { 20: [15], 6: [1] });
    combat.send({ type: 'Attack', actor: 'rogue', target: 'orc', with: null, powerAttack: 0 });
    expect(combat.state.phase).toBe('ended');
    expect(combat.state.winner).toBe('heroes');
  });
});

describe('SNK-7 a volley: only the first arrow sneak attacks', () => {
  const archer = (feats: string[]) =>
    fighter({ id: 'archer', at: [2, 2], sneakAttack: 2, feats, attacks: [{ name: 'shortbow', kind: 'ranged', bonus: [8], damage: '1d6', rangeIncrement: 60 }] });
  it('Manyshot: one roll at -4, two arrows, sneak dice on the first only', () => {
    const combat = fight([archer(['manyshot']), orc({ at: [6, 2], hp: 40 })], ['archer', 'orc'], { 20: [15], 6: [3, 5, 4, 2] });
    expect(combat.send({ type: 'Attack', actor: 'archer', target: 'orc', with: 'shortbow', powerAttack: 0, manyshot: true }).ok).toBe(true);
    expect(of(combat.events, 'AttackRolled')[0]).toMatchObject({ bonus: 4, sneak: true });
    expect(of(combat.events, 'DamageDealt').map((d) => [d.dice, d.sneakDice])).toEqual([[[3], [5, 4]], [[2], []]]);
  });

  it('needs the feat', () => {
    const combat = fight([archer([]), orc({ at: [6, 2] })], ['archer', 'orc'], {});
    const result = combat.send({ type: 'Attack', actor: 'archer', target: 'orc', with: 'shortbow', powerAttack: 0, manyshot: true });
    expect(result.ok ? '' : result.rejection.code).toBe('no-feat');
  });
});
