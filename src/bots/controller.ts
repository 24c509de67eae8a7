// The Controller interface (DESIGN.md): given what its side perceives and the legal commands, choose one;
// given an opportunity, take it or not, and with which attack.
import type { Command, OpportunityDecision } from '../model/commands.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { LegalCommand } from '../engine/legal.ts';
import type { Observation } from './observation.ts';

export interface CommandRequest {
  readonly actor: CreatureId;
  readonly observation: Observation;
  readonly legal: readonly LegalCommand[];
  /**
   * The engine's state, for rule queries (reach, threat). Built-in bots read hidden foes only through
   * `observation`; external programs never get it.
   */
  readonly state: CombatState;
  readonly events: readonly CombatEvent[];
}

export interface OpportunityRequest {
  readonly reactor: CreatureId;
  readonly against: CreatureId;
  readonly trigger: Trigger;
  readonly observation: Observation;
  readonly state: CombatState;
}

export interface Controller {
  readonly name: string;
  chooseCommand(request: CommandRequest): Command;
  chooseOpportunity(request: OpportunityRequest): OpportunityDecision;
}

/** A small seeded generator for bots that choose at random (no Math.random: fights replay). */
export function botRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
