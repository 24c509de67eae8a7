// Attack-of-opportunity machine: spawned when an event provokes; asks each reactor in turn (AOO-4, RES-5).
import { assign, or, sendParent, setup } from 'xstate';
import type { OpportunityDecision } from '../src/model/commands.ts';
import type { Kernel } from '../src/engine/kernel.ts';
import type { OpportunityWindow } from '../src/engine/opportunity.ts';
import { closeWindow, promptReactor, provokerDown, resolveOpportunity } from '../src/engine/resolve-opportunity.ts';

export interface OpportunityInput {
  readonly kernel: Kernel;
  readonly window: OpportunityWindow;
}

interface OpportunityContext extends OpportunityInput {
  readonly index: number;
}

export type OpportunityEvent = { type: 'DECIDE'; decision: OpportunityDecision };

const reactorOf = (context: OpportunityContext): string => context.window.reactors[context.index] ?? '';

export const opportunityMachine = setup({
  types: {
    context: {} as OpportunityContext,
    input: {} as OpportunityInput,
    events: {} as OpportunityEvent,
  },
  guards: {
    noReactorLeft: ({ context }) => context.index >= context.window.reactors.length,
    provokerDown: ({ context }) => provokerDown(context.kernel, context.window),
  },
  actions: {
    promptReactor: ({ context, self }) =>
      promptReactor(context.kernel, context.window, reactorOf(context), (decision) => self.send({ type: 'DECIDE', decision })),
    resolve: ({ context, event }) => resolveOpportunity(context.kernel, context.window, reactorOf(context), event.decision),
    nextReactor: assign({ index: ({ context }) => context.index + 1 }),
    closeWindow: ({ context }) => closeWindow(context.kernel),
    reportClosed: sendParent({ type: 'OPPORTUNITY_CLOSED' }),
  },
}).createMachine({
  id: 'opportunity',
  context: ({ input }) => ({ ...input, index: 0 }),
  initial: 'next',
  states: {
    next: {
      always: [{ guard: or(['noReactorLeft', 'provokerDown']), target: 'closed' }, { target: 'asking' }],
    },
    asking: {
      entry: 'promptReactor',
      on: { DECIDE: { target: 'next', actions: ['resolve', 'nextReactor'] } },
    },
    closed: { type: 'final', entry: ['closeWindow', 'reportClosed'] },
  },
});
