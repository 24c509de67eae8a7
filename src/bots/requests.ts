// What a controller is asked, with its observation and legal commands built only when a bot reads them.
// Speed (issue 6): these are class instances, never object literals with their own getters. V8 gives such a
// literal's accessors to a hidden class that lives in old space, so every literal keeps the fight it points at
// alive through minor GCs: brute fights spent about 0.3 ms each copying and promoting dead fights.
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CreatureId, SideName } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { legalCommands, type LegalCommand } from '../engine/legal.ts';
import { observe, type Observation } from './observation.ts';
import type { CommandRequest, OpportunityRequest } from './controller.ts';

export class LazyCommandRequest implements CommandRequest {
  #observation: Observation | null = null;
  #legal: readonly LegalCommand[] | null = null;

  constructor(
    readonly actor: CreatureId,
    readonly state: CombatState,
    readonly events: readonly CombatEvent[],
    private readonly side: SideName,
  ) {}

  get observation(): Observation {
    return (this.#observation ??= observe(this.state, this.events, this.side));
  }

  get legal(): readonly LegalCommand[] {
    return (this.#legal ??= legalCommands(this.state));
  }
}

export interface OpportunityAsk {
  readonly reactor: CreatureId;
  readonly against: CreatureId;
  readonly trigger: Trigger;
}

export class LazyOpportunityRequest implements OpportunityRequest {
  readonly reactor: CreatureId;
  readonly against: CreatureId;
  readonly trigger: Trigger;
  #observation: Observation | null = null;

  /** `events` is read when the bot first looks at its observation (the log grows while a fight runs). */
  constructor(
    ask: OpportunityAsk,
    readonly state: CombatState,
    private readonly events: () => readonly CombatEvent[],
    private readonly side: SideName,
  ) {
    this.reactor = ask.reactor;
    this.against = ask.against;
    this.trigger = ask.trigger;
  }

  get observation(): Observation {
    return (this.#observation ??= observe(this.state, this.events(), this.side));
  }
}
