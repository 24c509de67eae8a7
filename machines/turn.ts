// Turn machine: the turns of a round, one creature's at a time (INIT-3), each with its action budget
// (CORE-1) and its pauses for opportunity windows.
// Speed (issue 6): a command is one targetless transition; a window, or the end of a turn and the start
// of the next, is taken by eventless transitions (no raised event, no message to the round).
import { sendParent, setup, spawnChild, stopChild } from 'xstate';
import type { Command } from '../src/model/commands.ts';
import type { Kernel } from '../src/engine/kernel.ts';
import { beginNextTurn, handOnTurn, turnIsOver } from '../src/engine/flow.ts';
import { advance, isLegal, promptCommand, rejectCommand, startAction } from '../src/engine/progress.ts';
import { opportunityMachine } from './opportunity.ts';

export interface TurnInput {
  readonly kernel: Kernel;
  /** Start waiting for the acting creature's command (the kernel's state is mid-turn). */
  readonly resume?: boolean;
}

export type TurnEvent =
  | { type: 'BEGIN_ROUND' }
  | { type: 'COMMAND'; command: Command }
  | { type: 'OPPORTUNITY_CLOSED' };

const windowOpen = (kernel: Kernel): boolean => kernel.window !== null;

export const turnMachine = setup({
  types: {
    context: {} as TurnInput,
    input: {} as TurnInput,
    events: {} as TurnEvent,
  },
  actors: { opportunity: opportunityMachine },
  guards: {
    isLegal: ({ context, event }) => event.type === 'COMMAND' && isLegal(context.kernel, event.command),
    isLegalEndTurn: ({ context, event }) => event.type === 'COMMAND' && event.command.type === 'EndTurn' && isLegal(context.kernel, event.command),
    windowOpen: ({ context }) => windowOpen(context.kernel),
    turnIsOver: ({ context }) => turnIsOver(context.kernel.state),
    // The last turn of the round has ended and no other began.
    roundIsOver: ({ context }) => context.kernel.state.turn === null,
    resuming: ({ context }) => context.resume === true,
  },
  actions: {
    beginFirstTurn: ({ context }) => beginNextTurn(context.kernel, 0),
    handOnTurn: ({ context }) => handOnTurn(context.kernel),
    promptCommand: ({ context, self }) => promptCommand(context.kernel, (command) => self.send({ type: 'COMMAND', command })),
    startAction: ({ context, event }) => {
      if (event.type === 'COMMAND') startAction(context.kernel, event.command);
    },
    rejectCommand: ({ context, event }) => {
      if (event.type === 'COMMAND') rejectCommand(context.kernel, event.command);
    },
    advanceAction: ({ context }) => advance(context.kernel),
    // After a step: ask for the next command, unless a window opened or the turn is over (the eventless
    // transitions of awaitingCommand take those).
    followAction: ({ context, self }) => {
      if (!windowOpen(context.kernel) && !turnIsOver(context.kernel.state)) promptCommand(context.kernel, (command) => self.send({ type: 'COMMAND', command }));
    },
    reportRoundOver: sendParent({ type: 'ROUND_OVER' }),
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
      on: { BEGIN_ROUND: { target: 'awaitingCommand', actions: ['beginFirstTurn', 'followAction'] } },
    },
    awaitingCommand: {
      always: [
        { guard: 'windowOpen', target: 'interrupted' },
        { guard: 'roundIsOver', target: 'idle', actions: 'reportRoundOver' },
        { guard: 'turnIsOver', target: 'handingOn', actions: 'handOnTurn' },
      ],
      on: {
        COMMAND: [
          // Targetless: the eventless transitions above then see whether the round is over (speed, issue 6).
          { guard: 'isLegalEndTurn', actions: ['startAction', 'handOnTurn', 'followAction'] },
          { guard: 'isLegal', actions: ['startAction', 'advanceAction', 'followAction'] },
          { actions: 'rejectCommand' },
        ],
      },
    },
    // The turn has ended and the next one begun, unless the round is over.
    handingOn: {
      always: [{ guard: 'roundIsOver', target: 'idle', actions: 'reportRoundOver' }, { target: 'awaitingCommand', actions: 'followAction' }],
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
