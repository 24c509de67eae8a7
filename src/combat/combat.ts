// The public Combat API: runs the machines with dice and controllers (DESIGN.md "library API").
import { createActor, type Actor } from 'xstate';
import { combatMachine } from '../../machines/combat.ts';
import { isDiceExhausted, type Dice } from '../dice/dice.ts';
import { seededDice } from '../dice/seeded.ts';
import { initialState } from '../engine/initial.ts';
import { createKernel, type Kernel, type Prompt, type Rejection } from '../engine/kernel.ts';
import type { Command, OpportunityDecision } from '../model/commands.ts';
import type { CombatEvent } from '../model/events.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { Encounter } from '../model/stats.ts';
import type { LogCommandLine, LogDecisionLine, LogRejectedLine } from '../log/format.ts';
import type { Controller } from '../bots/controller.ts';
import { observe, type Observation } from '../bots/observation.ts';
import { LazyCommandRequest, LazyOpportunityRequest } from '../bots/requests.ts';
import { legalCommands, type LegalCommand } from '../engine/legal.ts';
import { statsOf } from '../engine/queries.ts';
import type { SideName } from '../model/ids.ts';

/**
 * Answers opportunity prompts as they come (AOO-4); commands are sent by whoever drives the fight.
 * Returning null leaves the prompt open, to be answered later with `combat.decide` (an outside program).
 */
export type OpportunityController = (prompt: Extract<Prompt, { kind: 'opportunity' }>, state: CombatState) => OpportunityDecision | null;

export interface CombatOptions {
  readonly seed?: string | number;
  readonly dice?: Dice;
  /** A scripted initiative order; rolled when absent. */
  readonly initiative?: readonly CreatureId[] | null;
  /** Go on from this state (at a command prompt) instead of starting the fight: for search and what-ifs. */
  readonly resumeFrom?: CombatState;
  /** Controllers by side: they answer opportunities, and `step`/`run` ask them for commands. */
  readonly controllers?: Readonly<Record<SideName, Controller>>;
  readonly onOpportunity?: OpportunityController;
  readonly onEvent?: (event: CombatEvent, state: CombatState) => void;
  /** Commands, rejections and opportunity decisions, in order, for the log (src/log). */
  readonly onEntry?: (entry: LogCommandLine | LogRejectedLine | LogDecisionLine) => void;
  /** The last input's events were taken back (scripted dice ran out): drop what was recorded since its command. */
  readonly onRollback?: () => void;
}

export type SendResult = { readonly ok: true } | { readonly ok: false; readonly rejection: Rejection };

export interface Combat {
  readonly initial: CombatState;
  readonly state: CombatState;
  readonly events: readonly CombatEvent[];
  readonly prompt: Prompt;
  send(command: Command): SendResult;
  decide(decision: OpportunityDecision): SendResult;
  /** Every legal command for the creature whose turn it is, with the foes each would provoke. */
  legal(): LegalCommand[];
  /** What `side` can perceive now. */
  observe(side: SideName): Observation;
  /** Asks the acting creature's controller for a command and sends it (false when none can be asked). */
  step(): boolean;
  /** Steps until the fight ends, or a side without a controller must act, or `maxRounds` is passed. */
  run(maxRounds?: number): Prompt;
}

const alwaysTake: OpportunityController = () => ({ take: true, with: null });

export function createCombat(encounter: Encounter, options: CombatOptions = {}): Combat {
  return startCombat(options.resumeFrom ?? initialState(encounter), options);
}

/** Goes on from a state at a command prompt (search rollouts, what-ifs): no initiative, no log before it. */
export function resumeCombat(state: CombatState, options: Omit<CombatOptions, 'resumeFrom'> = {}): Combat {
  return startCombat(state, { ...options, resumeFrom: state });
}

function startCombat(initial: CombatState, options: CombatOptions): Combat {
  if (options.resumeFrom && (!options.resumeFrom.turn || options.resumeFrom.phase === 'ended')) throw new Error('resumeFrom needs a state at a command prompt');
  const kernel = createKernel(initial, options.dice ?? seededDice(options.seed ?? 0));
  if (options.onEvent) kernel.listeners.push(options.onEvent);
  const controllers = options.controllers;
  const fromControllers: OpportunityController | null = controllers
    ? (prompt, state) => {
        const side = statsOf(state, prompt.reactor).side;
        const controller = controllers[side];
        if (!controller) return null;
        // Built lazily: bots that do not look at it (brute) should not pay for a pass over the log.
        return controller.chooseOpportunity(new LazyOpportunityRequest(prompt, state, () => kernel.events, side));
      }
    : null;
  const onOpportunity = options.onOpportunity ?? fromControllers ?? alwaysTake;
  const actor = createActor(combatMachine, { input: { kernel, order: options.initiative ?? null, resume: options.resumeFrom !== undefined } });
  let fault: Rejection | null = null;
  actor.subscribe({ error: () => {} }); // errors are read from the snapshot after each send
  const guarded = (run: () => void): SendResult =>
    guardedRun(kernel, actor, run, (r) => {
      fault = r;
      options.onRollback?.();
    }, () => fault);
  const startResult = guarded(() => actor.start());
  const record = options.onEntry ?? (() => {});
  const submitDecision = (decision: OpportunityDecision): void => {
    const prompt = kernel.prompt;
    const submit = kernel.submitDecision;
    if (prompt?.kind !== 'opportunity' || !submit) return;
    record({ kind: 'decision', reactor: prompt.reactor, against: prompt.against, decision });
    submit(decision);
  };
  const answerOpportunities = (): void => {
    while (kernel.prompt?.kind === 'opportunity' && kernel.submitDecision) {
      const decision = onOpportunity(kernel.prompt, kernel.state);
      if (!decision) return;
      submitDecision(decision);
    }
  };
  if (startResult.ok) guarded(answerOpportunities);
  const combat: Combat = Object.assign(new LiveFields(kernel, () => fault), {
    initial,
    send(command: Command): SendResult {
      if (fault) return { ok: false, rejection: fault };
      const submit = kernel.submitCommand;
      if (!submit) return { ok: false, rejection: notWaiting(kernel) };
      kernel.rejection = null;
      record({ kind: 'command', command });
      const result = guarded(() => {
        submit(command);
        answerOpportunities();
      });
      const rejection = result.ok ? kernel.rejection : result.rejection;
      if (rejection) record({ kind: 'rejected', code: rejection.code, message: rejection.message });
      return rejection ? { ok: false, rejection } : { ok: true };
    },
    decide(decision: OpportunityDecision): SendResult {
      if (fault) return { ok: false, rejection: fault };
      if (!kernel.submitDecision) return { ok: false, rejection: { code: 'no-opportunity', message: 'no opportunity is waiting for a decision' } };
      return guarded(() => {
        submitDecision(decision);
        answerOpportunities();
      });
    },
    legal: (): LegalCommand[] => legalCommands(kernel.state),
    observe: (side: SideName): Observation => observe(kernel.state, kernel.events, side),
    step(): boolean {
      const prompt = combat.prompt;
      if (prompt.kind !== 'command' || !controllers) return false;
      const side = statsOf(kernel.state, prompt.actor).side;
      const controller = controllers[side];
      if (!controller) return false;
      const command = controller.chooseCommand(new LazyCommandRequest(prompt.actor, kernel.state, kernel.events, side));
      if (!combat.send(command).ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
      return true;
    },
    run(maxRounds = 100): Prompt {
      while (combat.prompt.kind === 'command' && kernel.state.round <= maxRounds && combat.step());
      return combat.prompt;
    },
  });
  return combat;
}

/**
 * The fight's changing fields, read through getters on a prototype: an object literal with its own getters
 * would keep every finished fight alive through minor GCs (src/bots/requests.ts says why).
 */
class LiveFields {
  constructor(
    private readonly kernel: Kernel,
    private readonly fault: () => Rejection | null,
  ) {}

  get state(): CombatState {
    return this.kernel.state;
  }

  get events(): readonly CombatEvent[] {
    return this.kernel.events;
  }

  get prompt(): Prompt {
    if (this.fault()) return { kind: 'ended', winner: null };
    return this.kernel.prompt ?? { kind: 'ended', winner: this.kernel.state.winner };
  }
}

function notWaiting(kernel: Kernel): Rejection {
  if (kernel.state.phase === 'ended') return { code: 'fight-over', message: 'the fight has ended' };
  return { code: 'not-waiting', message: 'the fight is waiting for an opportunity decision, not a command' };
}

/**
 * Runs one input through the machines. If the dice run out mid-step (SPEC `dice-exhausted`), the state
 * and log go back to where they were before the step and the fight stops.
 */
function guardedRun(
  kernel: Kernel,
  actor: Actor<typeof combatMachine>,
  run: () => void,
  setFault: (r: Rejection) => void,
  fault: () => Rejection | null,
): SendResult {
  const before = { state: kernel.state, length: kernel.events.length };
  let error: unknown = null;
  try {
    run();
  } catch (e) {
    error = e;
  }
  const snapshot = actor.getSnapshot();
  if (error === null && snapshot.status === 'error') error = snapshot.error;
  if (error === null) return fault() ? { ok: false, rejection: fault()! } : { ok: true };
  if (!isDiceExhausted(error)) throw error;
  kernel.state = before.state;
  kernel.events.length = before.length;
  const rejection = { code: 'dice-exhausted', message: error.message };
  setFault(rejection);
  return { ok: false, rejection };
}
