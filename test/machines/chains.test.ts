// RES-6 chains: the five-disarm example of the seeds, resolved last-first, through the real machines.
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { createCombat } from '../../src/combat/combat.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';

// "You" have three attacks of opportunity, the foe two; both disarm whenever they can.
const duel = () =>
  encounter([
    fighter({ id: 'you', aooPerRound: 3, attacks: [{ name: 'sword', kind: 'melee', bonus: [6], damage: '1d8' }] }),
    orc({ id: 'foe', hp: 30, aooPerRound: 2, attacks: [{ name: 'axe', kind: 'melee', bonus: [4], damage: '1d8' }] }),
  ]);

function run(d20: number[]) {
  const combat = createCombat(duel(), {
    dice: scriptedDice({ 20: d20 }),
    initiative: ['you', 'foe'],
    onOpportunity: () => ({ take: true, with: 'disarm' }),
  });
  combat.send({ type: 'EndTurn', actor: 'you' });
  combat.send({ type: 'Move', actor: 'foe', path: [[4, 2], [5, 2]] });
  return combat;
}

function label(e: CombatEvent): string | null {
  if (e.type === 'OpportunityTaken') return `take:${e.reactor}`;
  if (e.type === 'ManeuverRolled') return `disarm:${e.attacker}:${e.success}`;
  if (e.type === 'OpportunityFoiled') return `foiled:${e.reactor}:${e.reason}`;
  return null;
}

const kinds = (events: readonly CombatEvent[]) => events.map(label).filter((l): l is string => l !== null);

describe('RES-6 the five-disarm chain', () => {
  it('declares five attacks, resolves the last first, and a successful disarm ends the chain', () => {
    // #5 (you): d20 15 + 6 = 21 vs foe d20 5 + 4 = 9: the foe is disarmed.
    const combat = run([15, 5]);
    expect(kinds(combat.events)).toEqual([
      'take:you', 'take:foe', 'take:you', 'take:foe', 'take:you',
      'disarm:you:true',
      // #4 foiled (the foe has no weapon); the chain ends: #3 and #1 are not made, #2 could not be anyway.
      'foiled:foe:disarmed', 'foiled:you:chain-ended', 'foiled:foe:disarmed', 'foiled:you:chain-ended',
    ]);
    expect(combat.state.creatures.foe!.conditions).toContain('disarmed');
    // AOO-2: declared attacks are spent even when the chain foils them.
    expect(combat.state.creatures.you!.aooUsed).toBe(3);
    expect(combat.state.creatures.foe!.aooUsed).toBe(2);
    // The provoking move goes on: the foe was not dropped.
    expect(combat.state.creatures.foe!.at).toEqual([5, 2]);
  });

  it('a failed disarm lets the answer before it resolve, and so on until one side is disarmed', () => {
    // #5 you fail (2+6=8 vs 10+4=14); #4 foe succeeds (18+4=22 vs 3+6=9): you are disarmed, #3 is foiled.
    const combat = run([2, 10, 18, 3]);
    expect(kinds(combat.events).slice(5)).toEqual([
      'disarm:you:false', 'disarm:foe:true', 'foiled:you:disarmed', 'foiled:foe:chain-ended', 'foiled:you:disarmed',
    ]);
    expect(combat.state.creatures.you!.conditions).toContain('disarmed');
  });

  it('with Improved Disarm the disarm provokes nothing: no chain', () => {
    const combat = createCombat(
      encounter([
        fighter({ id: 'you', feats: ['improved-disarm'], attacks: [{ name: 'sword', kind: 'melee', bonus: [6], damage: '1d8' }] }),
        orc({ id: 'foe', hp: 30, attacks: [{ name: 'axe', kind: 'melee', bonus: [4], damage: '1d8' }] }),
      ]),
      { dice: scriptedDice({ 20: [15, 5] }), initiative: ['you', 'foe'], onOpportunity: () => ({ take: true, with: 'disarm' }) },
    );
    combat.send({ type: 'EndTurn', actor: 'you' });
    combat.send({ type: 'Move', actor: 'foe', path: [[4, 2]] });
    expect(kinds(combat.events)).toEqual(['take:you', 'disarm:you:true']);
  });
});
