// Round machine: walks the initiative order (INIT-1, INIT-3), one turn at a time, skipping who cannot act.
import { assign, sendParent, sendTo, setup } from 'xstate';
import type { Kernel } from '../src/engine/kernel.ts';
import { fightOver, skipReason, skipTurn } from '../src/engine/flow.ts';
import { turnMachine } from './turn.ts';

export interface RoundInput {
  readonly kernel: Kernel;
  /** Start in the turn of the creature whose turn it is in the kernel's state. */
  readonly resume?: boolean;
}

interface RoundContext extends RoundInput {
  readonly index: number;
}

export type RoundEvent = { type: 'START_ROUND' } | { type: 'TURN_DONE' };

const current = (context: RoundContext): string => context.kernel.state.order[context.index] ?? '';

export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    input: {} as RoundInput,
    events: {} as RoundEvent,
  },
  actors: { turn: turnMachine },
  guards: {
    fightOver: ({ context }) => fightOver(context.kernel.state),
    resuming: ({ context }) => context.resume === true,
    orderDone: ({ context }) => context.index >= context.kernel.state.order.length,
    currentSkips: ({ context }) => skipReason(context.kernel.state, current(context)) !== null,
  },
  actions: {
    restart: assign({ index: 0 }),
    skipCurrent: ({ context }) => {
      const reason = skipReason(context.kernel.state, current(context));
      if (reason) skipTurn(context.kernel, current(context), reason);
    },
    nextIndex: assign({ index: ({ context }) => context.index + 1 }),
    beginCurrentTurn: sendTo('turn', ({ context }) => ({ type: 'BEGIN_TURN' as const, id: current(context) })),
    reportRoundDone: sendParent({ type: 'ROUND_DONE' }),
  },
}).createMachine({
  id: 'round',
  context: ({ input }) => ({
    ...input,
    index: input.resume ? Math.max(0, input.kernel.state.order.indexOf(input.kernel.state.turn?.actor ?? '')) : 0,
  }),
  invoke: { id: 'turn', src: 'turn', input: ({ context }) => ({ kernel: context.kernel, resume: context.resume === true }) },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'resuming', target: 'inTurn' }, { target: 'idle' }],
    },
    idle: {
      on: { START_ROUND: { target: 'choosing', actions: 'restart' } },
    },
    choosing: {
      always: [
        { guard: 'fightOver', target: 'idle', actions: 'reportRoundDone' },
        { guard: 'orderDone', target: 'idle', actions: 'reportRoundDone' },
        { guard: 'currentSkips', actions: ['skipCurrent', 'nextIndex'] },
        { target: 'inTurn', actions: 'beginCurrentTurn' },
      ],
    },
    inTurn: {
      on: { TURN_DONE: { target: 'choosing', actions: 'nextIndex' } },
    },
  },
});
