// Machine tests: the combat machine's phases, driven directly (SURP-1, SURP-2, FF-1, INIT-1, CORE-12).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { combatMachine } from '../../machines/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { createKernel } from '../../src/engine/kernel.ts';
import { initialState } from '../../src/engine/initial.ts';
import type { Command } from '../../src/model/commands.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';
import { createCombat } from '../../src/combat/combat.ts';

function start(combatants: Parameters<typeof encounter>[0], order: string[] | null, dice: Record<number, number[]> = {}, extra = {}) {
  const kernel = createKernel(initialState(encounter(combatants, extra)), scriptedDice(dice));
  const actor = createActor(combatMachine, { input: { kernel, order } }).start();
  const send = (command: Command) => kernel.submitCommand?.(command);
  return { kernel, actor, send };
}

describe('SURP-1, SURP-2 surprise round', () => {
  it('comes first when some but not all are aware; only the aware act, with one action', () => {
    const { kernel, actor, send } = start([orc({ aware: true, at: [6, 2] }), fighter({ aware: false })], ['fighter', 'orc']);
    expect(actor.getSnapshot().matches('surpriseRound')).toBe(true);
    expect(kernel.state.round).toBe(0);
    // The unaware fighter, first in the order, is skipped; the orc acts.
    expect(kernel.events.some((e) => e.type === 'TurnSkipped' && e.id === 'fighter')).toBe(true);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'orc' });
    send({ type: 'Move', actor: 'orc', path: [[5, 2]] });
    // SURP-2: the single action used up ends the turn and the surprise round.
    expect(actor.getSnapshot().matches('rounds')).toBe(true);
    expect(kernel.state.round).toBe(1);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'fighter' });
  });

  it('is skipped when everyone is aware', () => {
    const { kernel, actor } = start([orc({ at: [6, 2] }), fighter()], ['fighter', 'orc']);
    expect(actor.getSnapshot().matches('rounds')).toBe(true);
    expect(kernel.state.round).toBe(1);
    expect(kernel.events.some((e) => e.type === 'SurpriseRoundBegan')).toBe(false);
  });

  it('refuses a full-round action in the surprise round', () => {
    const { kernel, send } = start([orc({ aware: true }), fighter({ aware: false })], ['orc', 'fighter']);
    send({ type: 'FullAttack', actor: 'orc', targets: ['fighter'], with: null, stepAfter: null, powerAttack: 0 });
    expect(kernel.rejection?.code).toBe('no-action-left');
    expect(kernel.state.round).toBe(0);
  });
});

describe('FF-1 flat-footed until the first turn', () => {
  it('ends when the creature\'s first turn begins, the surprise turn included', () => {
    const { kernel, send } = start([orc({ aware: true, at: [6, 2] }), fighter({ aware: false })], ['orc', 'fighter']);
    expect(kernel.state.creatures.orc!.flatFooted).toBe(false);
    expect(kernel.state.creatures.fighter!.flatFooted).toBe(true);
    send({ type: 'EndTurn', actor: 'orc' });
    // Round 1: the orc goes first again; the fighter is still flat-footed until its own turn.
    expect(kernel.state.creatures.fighter!.flatFooted).toBe(true);
    send({ type: 'EndTurn', actor: 'orc' });
    expect(kernel.state.creatures.fighter!.flatFooted).toBe(false);
  });

  it('with flatFootedUntilFirstRegularTurn, a surprise-round turn does not end it', () => {
    const { kernel, send } = start([orc({ aware: true, at: [6, 2] }), fighter({ aware: false })], ['orc', 'fighter'], {}, {
      rules: { flatFootedUntilFirstRegularTurn: true },
    });
    expect(kernel.state.creatures.orc!.flatFooted).toBe(true);
    send({ type: 'EndTurn', actor: 'orc' });
    expect(kernel.state.creatures.orc!.flatFooted).toBe(false);
  });
});

describe('INIT-1 INIT-2 initiative through the machine', () => {
  it('rolls in listed order, highest first, and breaks ties by modifier then roll-off', () => {
    const { kernel } = start(
      [orc({ id: 'a', init: 0, at: [6, 2] }), orc({ id: 'b', init: 2, at: [6, 4] }), fighter({ id: 'c', init: 0 }), fighter({ id: 'd', init: 0, at: [2, 4] })],
      null,
      { 20: [10, 8, 10, 10, 3, 9, 5] },
    );
    // All total 10: b first (modifier +2); a, c, d roll off in listed order: 3, 9, 5.
    expect(kernel.state.order).toEqual(['b', 'c', 'd', 'a']);
    expect(kernel.events.filter((e) => e.type === 'InitiativeTieRolled').map((e) => (e.type === 'InitiativeTieRolled' ? e.id : ''))).toEqual(['a', 'c', 'd']);
  });
});

describe('CORE-12 the end', () => {
  it('ends as soon as one side is left standing, and no further turn begins', () => {
    const { kernel, actor, send } = start([fighter(), orc({ hp: 1 })], ['fighter', 'orc'], { 20: [15], 8: [5] });
    send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 });
    expect(actor.getSnapshot().status).toBe('done');
    expect(kernel.state.phase).toBe('ended');
    expect(kernel.state.winner).toBe('heroes');
    expect(kernel.events.filter((e) => e.type === 'TurnBegan' && e.id === 'orc')).toHaveLength(0);
    expect(kernel.prompt).toEqual({ kind: 'ended', winner: 'heroes' });
  });
});

describe('INIT-3, CORE-4 a creature that cannot act keeps its place', () => {
  it('a dying creature keeps its place in the order and bleeds on its turn; the order never changes', () => {
    const { kernel, send } = start(
      [fighter(), orc({ id: 'orc', hp: -3, at: [6, 2] }), orc({ id: 'orc-2', at: [8, 2] })],
      ['fighter', 'orc', 'orc-2'],
      { 100: [50] },
    );
    send({ type: 'EndTurn', actor: 'fighter' });
    // The dying orc's turn begins at its place, it fails to stabilize and loses 1 hp, then orc-2 acts.
    expect(kernel.events.filter((e) => e.type === 'StabilizationRolled')).toHaveLength(1);
    expect(kernel.state.creatures.orc!.hp).toBe(-4);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'orc-2' });
    expect(kernel.state.order).toEqual(['fighter', 'orc', 'orc-2']);
  });

  it('a dead creature is skipped but stays in the order', () => {
    const { kernel, send } = start([fighter(), orc({ id: 'orc', hp: -12, at: [6, 2] }), orc({ id: 'orc-2', at: [8, 2] })], ['fighter', 'orc', 'orc-2']);
    send({ type: 'EndTurn', actor: 'fighter' });
    expect(kernel.events.some((e) => e.type === 'TurnSkipped' && e.id === 'orc' && e.reason === 'cannot-act')).toBe(true);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'orc-2' });
    expect(kernel.state.order).toEqual(['fighter', 'orc', 'orc-2']);
  });
});

describe('resuming from a state (search, what-ifs)', () => {
  it('goes on from a mid-turn state exactly as the original fight would with the same dice', () => {
    const build = (dice: number[]) => {
      const combat = createCombat(encounter([fighter(), orc({ hp: 30 })]), { dice: scriptedDice({ 20: dice, 8: [3, 3, 3], 4: [2, 2, 2, 2] }), initiative: ['fighter', 'orc'] });
      return combat;
    };
    const original = build([5, 12, 15]);
    original.send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 });
    const midTurn = original.state;
    original.send({ type: 'EndTurn', actor: 'fighter' });
    original.send({ type: 'Attack', actor: 'orc', target: 'fighter', with: null, powerAttack: 0 });

    const resumed = createCombat(encounter([fighter(), orc({ hp: 30 })]), { dice: scriptedDice({ 20: [12, 15], 4: [2, 2, 2, 2] }), resumeFrom: midTurn });
    expect(resumed.prompt).toEqual({ kind: 'command', actor: 'fighter' });
    resumed.send({ type: 'EndTurn', actor: 'fighter' });
    resumed.send({ type: 'Attack', actor: 'orc', target: 'fighter', with: null, powerAttack: 0 });
    expect(resumed.state).toEqual(original.state);
  });
});

describe('INIT-1 rounds through the round machine', () => {
  it('begins each regular round itself: the combat machine hears only the end of the surprise round and of the fight', () => {
    const kernel = createKernel(initialState(encounter([orc({ aware: true, hp: 1 }), fighter({ aware: false })])), scriptedDice({ 20: [15], 8: [5] }));
    const heard: string[] = [];
    const actor = createActor(combatMachine, {
      input: { kernel, order: ['orc', 'fighter'] },
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'ROUND_DONE') heard.push(`round ${kernel.state.round}`);
      },
    }).start();
    const send = (command: Command) => kernel.submitCommand?.(command);
    send({ type: 'EndTurn', actor: 'orc' }); // the surprise round ends
    expect(heard).toEqual(['round 0']);
    for (let round = 1; round <= 3; round++) {
      expect(kernel.state.round).toBe(round);
      send({ type: 'EndTurn', actor: 'orc' });
      send({ type: 'EndTurn', actor: 'fighter' });
    }
    expect(kernel.state.round).toBe(4);
    expect(kernel.events.filter((e) => e.type === 'RoundBegan').map((e) => (e.type === 'RoundBegan' ? e.round : 0))).toEqual([1, 2, 3, 4]);
    expect(actor.getSnapshot().matches('rounds')).toBe(true);
    expect(heard).toEqual(['round 0']);
    send({ type: 'EndTurn', actor: 'orc' });
    send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 }); // CORE-12
    expect(heard).toEqual(['round 0', 'round 4']);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
