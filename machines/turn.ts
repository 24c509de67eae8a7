// Turn machine: one creature's turn, its action budget (CORE-1), and pauses for opportunity windows.
// Speed (issue 6): a command that leaves the turn going is one targetless transition; a window or the
// end of the turn is taken by an eventless transition (no raised event, no extra microstep).
import { and, sendParent, setup, spawnChild, stopChild } from 'xstate';
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
  | { type: 'OPPORTUNITY_CLOSED' };

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
    windowOpen: ({ context }) => windowOpen(context.kernel),
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
    // After a step: ask for the next command, unless a window opened or the turn is over (the eventless
    // transitions of awaitingCommand take those).
    followAction: ({ context, self }) => {
      if (!windowOpen(context.kernel) && !turnIsOver(context.kernel.state)) promptCommand(context.kernel, (command) => self.send({ type: 'COMMAND', command }));
    },
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
      always: [
        { guard: 'windowOpen', target: 'interrupted' },
        { guard: 'turnIsOver', target: 'idle', actions: FINISH },
      ],
      on: {
        COMMAND: [
          { guard: and(['isEndTurn', 'isLegal']), target: 'idle', actions: ['startAction', ...FINISH] },
          { guard: 'isLegal', actions: ['startAction', 'advanceAction', 'followAction'] },
          { actions: 'rejectCommand' },
        ],
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
