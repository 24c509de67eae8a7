// Turn machine: one creature's turn, its action budget (CORE-1), and pauses for opportunity windows.
// Speed (issue 6): a command that leaves the turn going is one targetless transition; only a window
// or the end of the turn raises an event that changes state.
import { and, enqueueActions, sendParent, setup, spawnChild, stopChild } from 'xstate';
import type { Command } from '../src/model/commands.ts';
import type { CreatureId } from '../src/model/ids.ts';
import type { Kernel } from '../src/engine/kernel.ts';
import { beginTurn, endTurn, turnIsOver } from '../src/engine/flow.ts';
import { advance, isLegal, promptCommand, rejectCommand, startAction } from '../src/engine/progress.ts';
import { opportunityMachine } from './opportunity.ts';

export interface TurnInput {
  readonly kernel: Kernel;
  /** Start waiting for the acting creature's command (the kernel's state is mid-turn). */
  readonly resume?: boolean;
}

export type TurnEvent =
  | { type: 'BEGIN_TURN'; id: CreatureId }
  | { type: 'COMMAND'; command: Command }
  | { type: 'OPPORTUNITY_CLOSED' }
  // Raised by the turn itself once an action step has run.
  | { type: 'WINDOW_OPENED' }
  | { type: 'TURN_OVER' };

const windowOpen = (kernel: Kernel): boolean => kernel.window !== null;

/** Finishing a turn: the actions run on the transition back to idle (no separate transient state). */
const FINISH = ['endTurn', 'reportTurnDone'] as const;

export const turnMachine = setup({
  types: {
    context: {} as TurnInput,
    input: {} as TurnInput,
    events: {} as TurnEvent,
  },
  actors: { opportunity: opportunityMachine },
  guards: {
    isLegal: ({ context, event }) => event.type === 'COMMAND' && isLegal(context.kernel, event.command),
    isEndTurn: ({ event }) => event.type === 'COMMAND' && event.command.type === 'EndTurn',
    turnIsOver: ({ context }) => turnIsOver(context.kernel.state),
    resuming: ({ context }) => context.resume === true,
  },
  actions: {
    beginTurn: ({ context, event }) => {
      if (event.type === 'BEGIN_TURN') beginTurn(context.kernel, event.id);
    },
    promptCommand: ({ context, self }) => promptCommand(context.kernel, (command) => self.send({ type: 'COMMAND', command })),
    startAction: ({ context, event }) => {
      if (event.type === 'COMMAND') startAction(context.kernel, event.command);
    },
    rejectCommand: ({ context, event }) => {
      if (event.type === 'COMMAND') rejectCommand(context.kernel, event.command);
    },
    advanceAction: ({ context }) => advance(context.kernel),
    // After a step: pause for the window it opened, finish the turn, or ask for the next command.
    followAction: enqueueActions(({ context, enqueue, self }) => {
      if (windowOpen(context.kernel)) enqueue.raise({ type: 'WINDOW_OPENED' });
      else if (turnIsOver(context.kernel.state)) enqueue.raise({ type: 'TURN_OVER' });
      else enqueue(() => promptCommand(context.kernel, (command) => self.send({ type: 'COMMAND', command })));
    }),
    endTurn: ({ context }) => endTurn(context.kernel),
    reportTurnDone: sendParent({ type: 'TURN_DONE' }),
  },
}).createMachine({
  id: 'turn',
  initial: 'start',
  context: ({ input }) => input,
  states: {
    start: {
      always: [{ guard: 'resuming', target: 'awaitingCommand', actions: 'promptCommand' }, { target: 'idle' }],
    },
    idle: {
      on: { BEGIN_TURN: { target: 'awaitingCommand', actions: ['beginTurn', 'followAction'] } },
    },
    awaitingCommand: {
      on: {
        COMMAND: [
          { guard: and(['isEndTurn', 'isLegal']), target: 'idle', actions: ['startAction', ...FINISH] },
          { guard: 'isLegal', actions: ['startAction', 'advanceAction', 'followAction'] },
          { actions: 'rejectCommand' },
        ],
        WINDOW_OPENED: { target: 'interrupted' },
        TURN_OVER: { target: 'idle', actions: FINISH },
      },
    },
    interrupted: {
      // RES-1..3: the provoking action waits while its window resolves.
      entry: spawnChild('opportunity', {
        id: 'opportunity',
        input: ({ context }) => ({ kernel: context.kernel, window: context.kernel.window! }),
      }),
      on: { OPPORTUNITY_CLOSED: { target: 'awaitingCommand', actions: [stopChild('opportunity'), 'advanceAction', 'followAction'] } },
    },
  },
});
