// Round machine: the rounds (INIT-1, INIT-3). It starts a round's walk down the initiative order, and when the
// order is exhausted begins the next round itself while the fight goes on; the combat hears only that the
// surprise round or the fight is over. Speed (issue 6, DESIGN "one machine event per command"): the turn
// machine hands the turn on itself (flow.handOnTurn), and a new round costs two messages, not four.
import { sendParent, sendTo, setup } from 'xstate';
import type { Kernel } from '../src/engine/kernel.ts';
import { beginNextRound, fightOver } from '../src/engine/flow.ts';
import { turnMachine } from './turn.ts';

export interface RoundInput {
  readonly kernel: Kernel;
  /** Start in the turn of the creature whose turn it is in the kernel's state. */
  readonly resume?: boolean;
}

export type RoundEvent = { type: 'START_ROUND' } | { type: 'ROUND_OVER' };

export const roundMachine = setup({
  types: {
    context: {} as RoundInput,
    input: {} as RoundInput,
    events: {} as RoundEvent,
  },
  actors: { turn: turnMachine },
  guards: {
    resuming: ({ context }) => context.resume === true,
    fightOver: ({ context }) => fightOver(context.kernel.state),
    // SURP-1: the combat machine leaves the surprise round itself.
    inSurpriseRound: ({ context }) => context.kernel.state.phase === 'surprise',
  },
  actions: {
    beginNextRound: ({ context }) => beginNextRound(context.kernel),
    beginWalk: sendTo('turn', { type: 'BEGIN_ROUND' }),
    reportRoundDone: sendParent({ type: 'ROUND_DONE' }),
  },
}).createMachine({
  id: 'round',
  context: ({ input }) => input,
  invoke: { id: 'turn', src: 'turn', input: ({ context }) => ({ kernel: context.kernel, resume: context.resume === true }) },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'resuming', target: 'inRound' }, { target: 'idle' }],
    },
    idle: {
      on: { START_ROUND: { target: 'inRound', actions: 'beginWalk' } },
    },
    inRound: {
      on: {
        ROUND_OVER: [
          { guard: 'fightOver', target: 'idle', actions: 'reportRoundDone' },
          { guard: 'inSurpriseRound', target: 'idle', actions: 'reportRoundDone' },
          // INIT-1: the next round, in the same order.
          { actions: ['beginNextRound', 'beginWalk'] },
        ],
      },
    },
  },
});
