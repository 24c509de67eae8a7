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
  /** Start from the kernel's state, at its command prompt, instead of from the beginning (search, what-ifs). */
  readonly resume?: boolean;
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
    resumingSurprise: ({ context }) => context.resume === true && context.kernel.state.phase === 'surprise',
    resuming: ({ context }) => context.resume === true,
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
  invoke: { id: 'round', src: 'round', input: ({ context }) => ({ kernel: context.kernel, resume: context.resume === true }) },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'resumingSurprise', target: 'surpriseRound.resumed' },
        { guard: 'resuming', target: 'rounds.resumed' },
        { target: 'initiative' },
      ],
    },
    initiative: {
      entry: 'rollInitiative',
      always: [
        { guard: 'fightOver', target: 'ended' },
        { guard: 'hasSurpriseRound', target: 'surpriseRound' },
        { target: 'rounds' },
      ],
    },
    surpriseRound: {
      initial: 'beginning',
      states: { beginning: { entry: ['beginSurpriseRound', 'startRound'] }, resumed: {} },
      on: { ROUND_DONE: [{ guard: 'fightOver', target: 'ended' }, { target: 'rounds' }] },
    },
    // The regular rounds: the round machine begins each one after the first, and reports only the end.
    rounds: {
      initial: 'beginning',
      states: { beginning: { entry: ['beginNextRound', 'startRound'] }, resumed: {} },
      on: { ROUND_DONE: [{ guard: 'fightOver', target: 'ended' }, { target: 'rounds', reenter: true }] },
    },
    ended: { type: 'final', entry: 'endCombat' },
  },
});
