// Combat machine: initiative, awareness and the surprise round (SURP-1), rounds, and the end (CORE-12).
import { sendTo, setup } from 'xstate';
import type { CreatureId } from '../src/model/ids.ts';
import type { Kernel } from '../src/engine/kernel.ts';
import { beginNextRound, beginSurpriseRound, endCombat, fightOver, hasSurpriseRound, rollInitiative } from '../src/engine/flow.ts';
import { roundMachine } from './round.ts';

export interface CombatInput {
  readonly kernel: Kernel;
  /** A scripted initiative order (SPEC `initiative`), or null to roll it. */
  readonly order: readonly CreatureId[] | null;
}

export type CombatMachineEvent = { type: 'ROUND_DONE' };

export const combatMachine = setup({
  types: {
    context: {} as CombatInput,
    input: {} as CombatInput,
    events: {} as CombatMachineEvent,
  },
  actors: { round: roundMachine },
  guards: {
    hasSurpriseRound: ({ context }) => hasSurpriseRound(context.kernel.state),
    fightOver: ({ context }) => fightOver(context.kernel.state),
  },
  actions: {
    rollInitiative: ({ context }) => rollInitiative(context.kernel, context.order),
    beginSurpriseRound: ({ context }) => beginSurpriseRound(context.kernel),
    beginNextRound: ({ context }) => beginNextRound(context.kernel),
    startRound: sendTo('round', { type: 'START_ROUND' }),
    endCombat: ({ context }) => endCombat(context.kernel),
  },
}).createMachine({
  id: 'combat',
  context: ({ input }) => input,
  invoke: { id: 'round', src: 'round', input: ({ context }) => ({ kernel: context.kernel }) },
  initial: 'initiative',
  states: {
    initiative: {
      entry: 'rollInitiative',
      always: [
        { guard: 'fightOver', target: 'ended' },
        { guard: 'hasSurpriseRound', target: 'surpriseRound' },
        { target: 'rounds' },
      ],
    },
    surpriseRound: {
      entry: ['beginSurpriseRound', 'startRound'],
      on: { ROUND_DONE: [{ guard: 'fightOver', target: 'ended' }, { target: 'rounds' }] },
    },
    rounds: {
      entry: ['beginNextRound', 'startRound'],
      on: { ROUND_DONE: [{ guard: 'fightOver', target: 'ended' }, { target: 'rounds', reenter: true }] },
    },
    ended: { type: 'final', entry: 'endCombat' },
  },
});
