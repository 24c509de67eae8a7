// Machine tests: the turn's action budget (CORE-1, AVOID-1) and opportunity interruptions (RES-1..3, AOO-4).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { combatMachine } from '../../machines/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { createKernel, type Kernel, type Rejection } from '../../src/engine/kernel.ts';

const rejectionOf = (kernel: Kernel): Rejection | null => kernel.rejection;
import { initialState } from '../../src/engine/initial.ts';
import type { Command } from '../../src/model/commands.ts';
import { encounter, fighter, orc, wizard } from '../support/encounters.ts';

function start(combatants: Parameters<typeof encounter>[0], order: string[], dice: Record<number, number[]> = {}) {
  const kernel = createKernel(initialState(encounter(combatants)), scriptedDice(dice));
  const actor = createActor(combatMachine, { input: { kernel, order } }).start();
  const send = (command: Command) => {
    kernel.rejection = null;
    kernel.submitCommand?.(command);
    return rejectionOf(kernel);
  };
  const decide = (take: boolean) => kernel.submitDecision?.({ take, with: null });
  return { kernel, actor, send, decide };
}

const far = { at: [8, 2] as [number, number] };

describe('CORE-1 action budget', () => {
  it('one standard and one move; a second standard is refused', () => {
    const { send } = start([fighter(), orc({ hp: 50 })], ['fighter', 'orc'], { 20: [2, 2], 8: [1] });
    expect(send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 })).toBeNull();
    expect(send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 })?.code).toBe('no-action-left');
    expect(send({ type: 'Move', actor: 'fighter', path: [[2, 3]] })).toBeNull();
    expect(send({ type: 'Move', actor: 'fighter', path: [[2, 4]] })?.code).toBe('no-action-left');
  });

  it('a move action may replace the standard action (two moves)', () => {
    const { kernel, send } = start([fighter(), orc(far)], ['fighter', 'orc']);
    expect(send({ type: 'Move', actor: 'fighter', path: [[2, 3]] })).toBeNull();
    expect(send({ type: 'Move', actor: 'fighter', path: [[2, 4]] })).toBeNull();
    expect(kernel.state.creatures.fighter!.at).toEqual([2, 4]);
    expect(send({ type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 })?.code).toBe('no-action-left');
  });

  it('a full-round action ends the turn; none after a move', () => {
    const { kernel, send } = start([fighter(), orc({ hp: 50 })], ['fighter', 'orc'], { 20: [2, 2], 8: [] });
    expect(send({ type: 'FullAttack', actor: 'fighter', targets: ['orc'], with: null, stepAfter: null, powerAttack: 0 })).toBeNull();
    expect(kernel.state.turn?.actor).toBe('orc');
    expect(kernel.events.filter((e) => e.type === 'AttackRolled')).toHaveLength(2); // +8/+3
  });

  it('no full-round action after a move action', () => {
    const { send } = start([fighter(), orc({ hp: 50, at: [4, 2] })], ['fighter', 'orc']);
    expect(send({ type: 'Move', actor: 'fighter', path: [[3, 2]] })).toBeNull();
    expect(send({ type: 'FullAttack', actor: 'fighter', targets: ['orc'], with: null, stepAfter: null, powerAttack: 0 })?.code).toBe('no-action-left');
  });

  it('AVOID-1: a 5-foot step, then no other movement', () => {
    const { send } = start([fighter(), orc(far)], ['fighter', 'orc']);
    expect(send({ type: 'FiveFootStep', actor: 'fighter', to: [2, 3] })).toBeNull();
    expect(send({ type: 'Move', actor: 'fighter', path: [[2, 4]] })?.code).toBe('stepped-already');
    expect(send({ type: 'FiveFootStep', actor: 'fighter', to: [2, 4] })?.code).toBe('stepped-already');
  });

  it('a rejected command changes nothing', () => {
    const { kernel, send } = start([fighter(), orc(far)], ['fighter', 'orc']);
    const before = kernel.state;
    const length = kernel.events.length;
    expect(send({ type: 'Move', actor: 'fighter', path: [[4, 4]] })?.code).toBe('not-adjacent');
    expect(send({ type: 'Attack', actor: 'orc', target: 'fighter', with: null, powerAttack: 0 })?.code).toBe('not-your-turn');
    expect(kernel.state).toBe(before);
    expect(kernel.events).toHaveLength(length);
  });
});

describe('RES-1, RES-2, AOO-4 interruptions', () => {
  it('pauses the move before the square is left, and resumes it when the attack does not drop the mover', () => {
    const { kernel, send, decide } = start([fighter(), orc({ hp: 30 })], ['fighter', 'orc'], { 20: [15], 8: [2] });
    send({ type: 'EndTurn', actor: 'fighter' });
    send({ type: 'Move', actor: 'orc', path: [[4, 2], [5, 2]] });
    expect(kernel.prompt).toEqual({ kind: 'opportunity', reactor: 'fighter', against: 'orc', trigger: 'move' });
    expect(kernel.state.creatures.orc!.at).toEqual([3, 2]); // still in the square it is leaving
    decide(true);
    expect(kernel.state.creatures.orc!.hp).toBe(25);
    expect(kernel.state.creatures.orc!.at).toEqual([5, 2]);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'orc' });
  });

  it('foils the move when the attack drops the mover, which stays where it was', () => {
    const { kernel, send, decide } = start([fighter(), orc({ hp: 5 })], ['fighter', 'orc'], { 20: [15], 8: [8] });
    send({ type: 'EndTurn', actor: 'fighter' });
    send({ type: 'Move', actor: 'orc', path: [[4, 2], [5, 2]] });
    decide(true);
    expect(kernel.state.creatures.orc!.at).toEqual([3, 2]);
    expect(kernel.events.some((e) => e.type === 'MovementStopped' && e.id === 'orc')).toBe(true);
    expect(kernel.events.some((e) => e.type === 'Moved' && e.id === 'orc')).toBe(false);
  });

  it('a declined opportunity is gone: leaving the next threatened square does not ask again (PROV-2, AOO-4)', () => {
    const { kernel, send, decide } = start([fighter({ reach: 10 }), orc({ hp: 30 })], ['fighter', 'orc']);
    send({ type: 'EndTurn', actor: 'fighter' });
    send({ type: 'Move', actor: 'orc', path: [[4, 2], [5, 2]] });
    decide(false);
    expect(kernel.prompt).toEqual({ kind: 'command', actor: 'orc' });
    expect(kernel.events.filter((e) => e.type === 'OpportunityProvoked')).toHaveLength(1);
    expect(kernel.events.some((e) => e.type === 'OpportunityDeclined')).toBe(true);
  });

  it('RES-3: a spell is interrupted during the casting; a caster dropped loses it', () => {
    const { kernel, send, decide } = start([wizard({ hp: 4 }), orc({ hp: 30 })], ['orc', 'wizard'], { 20: [15], 4: [4, 4] });
    send({ type: 'EndTurn', actor: 'orc' });
    send({ type: 'CastSpell', actor: 'wizard', spell: 'magic-missile', target: 'orc', at: null, defensively: false });
    expect(kernel.events.some((e) => e.type === 'SpellBegun')).toBe(true);
    expect(kernel.prompt?.kind).toBe('opportunity');
    decide(true);
    expect(kernel.events.some((e) => e.type === 'SpellLost' && e.reason === 'dropped')).toBe(true);
    expect(kernel.state.creatures.orc!.hp).toBe(30);
    expect(kernel.state.creatures.wizard!.spells['magic-missile']).toBe(1);
  });
});
