// The kernel: the live state, its event log and the dice, shared by the machines of one fight.
import type { Dice } from '../dice/dice.ts';
import type { Command, OpportunityDecision } from '../model/commands.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { PendingAction } from './progress.ts';
import type { OpportunityWindow } from './opportunity.ts';
import { evolveAll } from './evolve.ts';

export interface Rejection {
  readonly code: string;
  readonly message: string;
}

/** What the fight waits for next. */
export type Prompt =
  | { readonly kind: 'command'; readonly actor: CreatureId }
  | { readonly kind: 'opportunity'; readonly reactor: CreatureId; readonly against: CreatureId; readonly trigger: Trigger }
  | { readonly kind: 'ended'; readonly winner: string | null };

export interface Kernel {
  state: CombatState;
  readonly events: CombatEvent[];
  readonly dice: Dice;
  pending: PendingAction | null;
  window: OpportunityWindow | null;
  prompt: Prompt | null;
  rejection: Rejection | null;
  /** Delivers the answer to the current prompt to the machine waiting for it. */
  submitCommand: ((command: Command) => void) | null;
  submitDecision: ((decision: OpportunityDecision) => void) | null;
  readonly listeners: ((event: CombatEvent, state: CombatState) => void)[];
}

export function createKernel(state: CombatState, dice: Dice): Kernel {
  return { state, events: [], dice, pending: null, window: null, prompt: null, rejection: null, submitCommand: null, submitDecision: null, listeners: [] };
}

/**
 * Folds events into the live state and appends them to the log. Listeners see the state right after each
 * event; with none (bulk runs), all the events are folded in one produce (speed, issue 6).
 */
export function commit(kernel: Kernel, events: readonly CombatEvent[]): void {
  if (events.length === 0) return;
  if (kernel.listeners.length === 0) {
    kernel.state = evolveAll(kernel.state, events);
    for (const event of events) kernel.events.push(event);
    return;
  }
  for (const event of events) {
    kernel.state = evolveAll(kernel.state, [event]);
    kernel.events.push(event);
    for (const listen of kernel.listeners) listen(event, kernel.state);
  }
}
