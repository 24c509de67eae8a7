// AVOID-3, AVOID-4, AVOID-5, PROV-4, RES-4, THR-7 (cover): movement that avoids or draws opportunities.
import { describe, expect, it } from 'vitest';
import { createCombat } from '../../src/combat/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { of } from '../support/events.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';

const tumbler = (over = {}) =>
  fighter({ id: 'rogue', at: [2, 2], init: 3, skills: { tumble: 10 }, hp: 30, ...over });


describe('AVOID-3 Tumble past foes', () => {
  it('one check per foe passed, DC 15 then 17; a failed check provokes from that foe and the move goes on', () => {
    const combat = createCombat(
      encounter([tumbler(), orc({ id: 'orc-a', at: [3, 1], hp: 30, feats: ['combat-reflexes'] }), orc({ id: 'orc-b', at: [3, 3], hp: 30, feats: ['combat-reflexes'] })]),
      // Rogue's checks: 6+10=16 vs 15 (pass orc-a), 5+10=15 vs 17 (fail orc-b); orc-b's AoO 3: miss.
      { dice: scriptedDice({ 20: [6, 5, 3] }), initiative: ['rogue', 'orc-a', 'orc-b'] },
    );
    expect(combat.send({ type: 'Tumble', actor: 'rogue', path: [[3, 2]], through: false }).ok).toBe(true);
    const checks = of(combat.events, 'TumbleChecked');
    expect(checks.map((c) => [c.past, c.dc, c.success])).toEqual([['orc-a', 15, true], ['orc-b', 17, false]]);
    expect(of(combat.events, 'OpportunityProvoked').map((e) => e.reactor)).toEqual(['orc-b']);
    expect(combat.state.creatures.rogue!.at).toEqual([3, 2]);
  });

  it('moves at half speed: 20 ft of tumbling needs a double move', () => {
    const combat = createCombat(encounter([tumbler(), orc({ at: [9, 6] })]), { dice: scriptedDice({}), initiative: ['rogue', 'orc'] });
    const far = combat.send({ type: 'Tumble', actor: 'rogue', path: [[2, 3], [2, 4], [2, 5], [2, 6]], through: false });
    expect(far.ok).toBe(true);
    expect(combat.state.turn?.moveLeft).toBe(false);
    expect(combat.state.turn?.standardLeft).toBe(false);
  });
});

describe('AVOID-4, PROV-4, RES-4 Tumble through a foe', () => {
  it('DC 25 passes through without provoking from it', () => {
    const combat = createCombat(encounter([tumbler(), orc({ at: [3, 2], hp: 30, feats: ['combat-reflexes'] })]), {
      dice: scriptedDice({ 20: [16] }),
      initiative: ['rogue', 'orc'],
    });
    const result = combat.send({ type: 'Tumble', actor: 'rogue', path: [[3, 2], [4, 2]], through: true });
    expect(result.ok).toBe(true);
    expect(of(combat.events, 'TumbleChecked').map((c) => [c.dc, c.success])).toEqual([[25, true]]);
    expect(of(combat.events, 'OpportunityProvoked')).toHaveLength(0);
    expect(combat.state.creatures.rogue!.at).toEqual([4, 2]);
  });

  it('a failure stops the mover before the space and provokes from that foe (enter-space)', () => {
    const combat = createCombat(encounter([tumbler(), orc({ at: [3, 2], hp: 30, feats: ['combat-reflexes'] })]), {
      dice: scriptedDice({ 20: [5, 10], 4: [1, 1] }),
      initiative: ['rogue', 'orc'],
    });
    combat.send({ type: 'Tumble', actor: 'rogue', path: [[3, 2], [4, 2]], through: true });
    expect(of(combat.events, 'OpportunityProvoked').map((e) => e.trigger)).toEqual(['enter-space']);
    expect(of(combat.events, 'MovementStopped').map((e) => e.reason)).toEqual(['tumble-failed']);
    expect(combat.state.creatures.rogue!.at).toEqual([2, 2]);
  });

  it('a plain move may not pass through a foe', () => {
    const combat = createCombat(encounter([tumbler(), orc({ at: [3, 2] })]), { dice: scriptedDice({}), initiative: ['rogue', 'orc'] });
    const result = combat.send({ type: 'Move', actor: 'rogue', path: [[3, 2], [4, 2]] });
    expect(result.ok ? '' : result.rejection.code).toBe('enemy-space');
  });
});

describe('AVOID-5 Spring Attack', () => {
  it('the foe attacked gets no opportunity; another foe still does', () => {
    const combat = createCombat(
      encounter([
        fighter({ id: 'dancer', at: [1, 2], feats: ['spring-attack'], speed: 30 }),
        orc({ id: 'target', at: [3, 2], hp: 30, feats: ['combat-reflexes'] }),
        orc({ id: 'other', at: [3, 4], hp: 30, feats: ['combat-reflexes'] }),
      ]),
      { dice: scriptedDice({ 20: [2, 2] }), initiative: ['dancer', 'target', 'other'] },
    );
    const result = combat.send({ type: 'SpringAttack', actor: 'dancer', path: [[2, 3]], target: 'target', then: [[1, 4]], powerAttack: 0 });
    expect(result.ok).toBe(true);
    expect(of(combat.events, 'OpportunityProvoked').map((e) => e.reactor)).toEqual(['other']);
    expect(of(combat.events, 'AttackRolled').map((e) => [e.attacker, e.kind])).toEqual([['dancer', 'regular'], ['other', 'opportunity']]);
  });

  it('needs the feat', () => {
    const combat = createCombat(encounter([fighter({ at: [1, 2] }), orc({ at: [3, 2] })]), { dice: scriptedDice({}), initiative: ['fighter', 'orc'] });
    const result = combat.send({ type: 'SpringAttack', actor: 'fighter', path: [[2, 3]], target: 'orc', then: [[1, 4]], powerAttack: 0 });
    expect(result.ok ? '' : result.rejection.code).toBe('no-feat');
  });
});

describe('THR-7 cover', () => {
  // The glaive reaches two squares away; a wall between them gives the orc cover.
  const glaive = { name: 'glaive', kind: 'melee', bonus: [8], damage: '1d10+4', reachWeapon: true };
  const provoked = (blocked: [number, number][]) => {
    const combat = createCombat(
      encounter([fighter({ at: [2, 2], attacks: [glaive] }), orc({ at: [4, 2] })], { map: { width: 12, height: 8, blocked } }),
      { dice: scriptedDice({ 20: [1] }), initiative: ['fighter', 'orc'] },
    );
    combat.send({ type: 'EndTurn', actor: 'fighter' });
    expect(combat.send({ type: 'Move', actor: 'orc', path: [[5, 2]] }).ok).toBe(true);
    return of(combat.events, 'OpportunityProvoked').length;
  };

  it('no attack of opportunity against a foe with cover, though its square is threatened', () => {
    expect(provoked([[3, 2]])).toBe(0);
  });

  it('without the wall the same move provokes', () => {
    expect(provoked([[3, 5]])).toBe(1);
  });
});

describe('THR-3, PROV-4 Tiny creatures and entering a foe\'s space', () => {
  const rat = (over = {}) =>
    orc({ id: 'rat', size: 'tiny', hp: 2, ac: { total: 14, touch: 14, flatFooted: 12 }, attacks: [{ name: 'bite', kind: 'natural', bonus: [4], damage: '1d3-4' }], ...over });

  it('a Tiny creature threatens only its own space: leaving an adjacent square provokes nothing from it', () => {
    const combat = createCombat(encounter([fighter({ at: [2, 2], feats: ['combat-reflexes'] }), rat({ at: [3, 2] })]), {
      dice: scriptedDice({}), initiative: ['rat', 'fighter'],
    });
    combat.send({ type: 'EndTurn', actor: 'rat' });
    expect(combat.send({ type: 'Move', actor: 'fighter', path: [[2, 3], [2, 4]] }).ok).toBe(true);
    expect(of(combat.events, 'OpportunityProvoked')).toHaveLength(0);
  });

  it('a Tiny creature entering a foe\'s space provokes from that foe before it enters', () => {
    const combat = createCombat(encounter([fighter({ at: [2, 2] }), rat({ at: [4, 2] })]), {
      dice: scriptedDice({ 20: [15], 8: [1] }), initiative: ['fighter', 'rat'],
    });
    combat.send({ type: 'EndTurn', actor: 'fighter' });
    combat.send({ type: 'Move', actor: 'rat', path: [[3, 2], [2, 2]] });
    expect(of(combat.events, 'OpportunityProvoked').map((e) => [e.reactor, e.trigger])).toEqual([['fighter', 'enter-space']]);
    // RES-4: dropped before entering, it stays in the square it came from.
    expect(combat.state.creatures.rat!.at).toEqual([3, 2]);
  });

  it('a foe that fails to tumble into a Tiny creature\'s space provokes from it despite its 0 reach', () => {
    const combat = createCombat(
      encounter([tumbler({ at: [2, 2] }), rat({ at: [3, 2], feats: ['combat-reflexes'] })]),
      { dice: scriptedDice({ 20: [2, 1] }), initiative: ['rogue', 'rat'] },
    );
    combat.send({ type: 'Tumble', actor: 'rogue', path: [[3, 2], [4, 2]], through: true });
    expect(of(combat.events, 'OpportunityProvoked').map((e) => [e.reactor, e.trigger])).toEqual([['rat', 'enter-space']]);
    expect(combat.state.creatures.rogue!.at).toEqual([2, 2]);
  });
});
