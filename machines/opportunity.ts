// Attack-of-opportunity machine: spawned when an event provokes. Asks each reactor in initiative order
// (AOO-4, RES-5). A declared trip or disarm that provokes opens a nested window (a frame on the stack)
// whose answers resolve first (RES-6: last first); then the declared attack resolves unless foiled.
import { assign, sendParent, setup } from 'xstate';
import type { OpportunityDecision } from '../src/model/commands.ts';
import type { Kernel } from '../src/engine/kernel.ts';
import type { OpportunityWindow } from '../src/engine/opportunity.ts';
import {
  closeWindow, counterWindow, declareOpportunity, openAnswerWindow, promptReactor, provokerDown, resolveDeclared, type Declared,
} from '../src/engine/resolve-opportunity.ts';

export interface OpportunityInput {
  readonly kernel: Kernel;
  readonly window: OpportunityWindow;
}

/** One window of the chain: the root one, opened by the action, or one opened by a provoking attack. */
interface Frame {
  readonly window: OpportunityWindow;
  readonly index: number;
  readonly declared: Declared | null;
  /** The nested window foiled this frame's declared attack or ended the chain (RES-6). */
  readonly answerEnded: boolean;
  /** One of this frame's declared attacks was foiled: the chain ends for the attack it answered. */
  readonly chainEnded: boolean;
}

interface OpportunityContext {
  readonly kernel: Kernel;
  readonly frames: readonly Frame[];
}

export type OpportunityEvent = { type: 'DECIDE'; decision: OpportunityDecision };

const top = (context: OpportunityContext): Frame => context.frames[context.frames.length - 1]!;
const reactorOf = (frame: Frame): string => frame.window.reactors[frame.index] ?? '';
const withTop = (context: OpportunityContext, change: Partial<Frame>): Frame[] => [...context.frames.slice(0, -1), { ...top(context), ...change }];
const frameDone = (context: OpportunityContext): boolean => {
  const frame = top(context);
  return frame.index >= frame.window.reactors.length || provokerDown(context.kernel, frame.window);
};


export const opportunityMachine = setup({
  types: {
    context: {} as OpportunityContext,
    input: {} as OpportunityInput,
    events: {} as OpportunityEvent,
  },
  guards: {
    // A frame is done when no reactor is left to ask or its provoker is down (RES-1).
    rootFrameDone: ({ context }) => context.frames.length === 1 && frameDone(context),
    answerFrameDone: ({ context }) => context.frames.length > 1 && frameDone(context),
    nothingDeclared: ({ context }) => top(context).declared === null,
    provokesBack: ({ context }) => {
      const frame = top(context);
      return frame.declared !== null && counterWindow(context.kernel, frame.window, frame.declared) !== null;
    },
  },
  actions: {
    promptReactor: ({ context, self }) => {
      const frame = top(context);
      promptReactor(context.kernel, frame.window, reactorOf(frame), (decision) => self.send({ type: 'DECIDE', decision }));
    },
    declare: assign({
      frames: ({ context, event }) => {
        const frame = top(context);
        return withTop(context, { declared: declareOpportunity(context.kernel, frame.window, reactorOf(frame), event.decision) });
      },
    }),
    // RES-6: the answer to a provoking trip or disarm is asked for, and resolved, first.
    openAnswer: assign({
      frames: ({ context }) => {
        const frame = top(context);
        const window = openAnswerWindow(context.kernel, frame.window, frame.declared!);
        return [...context.frames, { window, index: 0, declared: null, answerEnded: false, chainEnded: false }];
      },
    }),
    closeAnswer: assign({
      frames: ({ context }) => {
        const answer = top(context);
        const rest = context.frames.slice(0, -1);
        const parent = rest[rest.length - 1]!;
        return [...rest.slice(0, -1), { ...parent, answerEnded: answer.chainEnded }];
      },
    }),
    // Resolves the declared attack, then on to the next reactor: on the transition (no transient state), and one
    // context update for both (each assign copies the snapshot: speed, issue 6).
    resolveAndMoveOn: assign({
      frames: ({ context }) => {
        const frame = top(context);
        const foiled = frame.declared !== null && resolveDeclared(context.kernel, frame.window, frame.declared, frame.answerEnded);
        return withTop(context, { chainEnded: frame.chainEnded || foiled, index: frame.index + 1, declared: null, answerEnded: false });
      },
    }),
    nextReactor: assign({
      frames: ({ context }) => withTop(context, { index: top(context).index + 1, declared: null, answerEnded: false }),
    }),
    closeWindow: ({ context }) => closeWindow(context.kernel),
    reportClosed: sendParent({ type: 'OPPORTUNITY_CLOSED' }),
  },
}).createMachine({
  id: 'opportunity',
  context: ({ input }) => ({
    kernel: input.kernel,
    frames: [{ window: input.window, index: 0, declared: null, answerEnded: false, chainEnded: false }],
  }),
  initial: 'next',
  states: {
    next: {
      // One guard per outcome, not composed ones: this runs a few times in every window (speed, issue 6).
      always: [
        { guard: 'rootFrameDone', target: 'closed' },
        { guard: 'answerFrameDone', target: 'next', actions: ['closeAnswer', 'resolveAndMoveOn'] },
        { target: 'asking' },
      ],
    },
    asking: {
      entry: 'promptReactor',
      on: { DECIDE: { target: 'declared', actions: 'declare' } },
    },
    declared: {
      always: [
        { guard: 'nothingDeclared', target: 'next', actions: 'nextReactor' },
        { guard: 'provokesBack', target: 'next', actions: 'openAnswer' },
        { target: 'next', actions: 'resolveAndMoveOn' },
      ],
    },
    // Not final: the turn machine stops this actor when it hears the window closed.
    closed: { entry: ['closeWindow', 'reportClosed'] },
  },
});
