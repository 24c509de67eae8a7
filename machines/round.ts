// Round machine: walks the initiative order (INIT-1, INIT-3), one turn at a time, skipping who cannot act.
// Speed (issue 6): handing the turn on is one targetless transition; only the end of the round changes state.
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { Kernel } from '../src/engine/kernel.ts';
import { nextTurn, skipTurn } from '../src/engine/flow.ts';
import { turnMachine } from './turn.ts';

export interface RoundInput {
  readonly kernel: Kernel;
  /** Start in the turn of the creature whose turn it is in the kernel's state. */
  readonly resume?: boolean;
}

interface RoundContext extends RoundInput {
  /** Where in the initiative order to look for the next turn. */
  readonly next: number;
}

export type RoundEvent = { type: 'START_ROUND' } | { type: 'TURN_DONE' } | { type: 'ROUND_OVER' };

export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    input: {} as RoundInput,
    events: {} as RoundEvent,
  },
  actors: { turn: turnMachine },
  guards: {
    resuming: ({ context }) => context.resume === true,
  },
  actions: {
    restart: assign({ next: 0 }),
    // INIT-3: skips who cannot act, then hands the turn to the next creature, or ends the round.
    takeNextTurn: enqueueActions(({ context, enqueue }) => {
      const { kernel } = context;
      const pick = nextTurn(kernel.state, context.next);
      for (const skip of pick.skipped) enqueue(() => skipTurn(kernel, skip.id, skip.reason));
      if (pick.index === null) {
        enqueue.raise({ type: 'ROUND_OVER' });
        return;
      }
      enqueue.assign({ next: pick.index + 1 });
      enqueue.sendTo('turn', { type: 'BEGIN_TURN', id: kernel.state.order[pick.index]! });
    }),
    reportRoundDone: sendParent({ type: 'ROUND_DONE' }),
  },
}).createMachine({
  id: 'round',
  context: ({ input }) => ({
    ...input,
    next: input.resume ? Math.max(0, input.kernel.state.order.indexOf(input.kernel.state.turn?.actor ?? '')) + 1 : 0,
  }),
  invoke: { id: 'turn', src: 'turn', input: ({ context }) => ({ kernel: context.kernel, resume: context.resume === true }) },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'resuming', target: 'inTurn' }, { target: 'idle' }],
    },
    idle: {
      on: { START_ROUND: { target: 'inTurn', actions: ['restart', 'takeNextTurn'] } },
    },
    inTurn: {
      on: {
        TURN_DONE: { actions: 'takeNextTurn' },
        ROUND_OVER: { target: 'idle', actions: 'reportRoundDone' },
      },
    },
  },
});
