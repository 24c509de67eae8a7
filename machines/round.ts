// Round machine: a round's life (INIT-1, INIT-3): it starts the walk down the initiative order, and tells
// the combat when the order is exhausted. Speed (issue 6, DESIGN "one machine event per command"): the
// turn machine hands the turn on itself (flow.handOnTurn), so a turn's end costs no message round trip.
import { sendParent, sendTo, setup } from 'xstate';
import type { Kernel } from '../src/engine/kernel.ts';
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
  },
  actions: {
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
      on: { ROUND_OVER: { target: 'idle', actions: 'reportRoundDone' } },
    },
  },
});
