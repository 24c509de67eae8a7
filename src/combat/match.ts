// Fights driven by controllers, one per side: the built-in bots, or anything that implements Controller.
import type { Controller } from '../bots/controller.ts';
import { statsOf } from '../engine/queries.ts';
import type { SideName } from '../model/ids.ts';
import type { Encounter } from '../model/stats.ts';
import { LazyCommandRequest, LazyOpportunityRequest } from '../bots/requests.ts';
import { createCombat, type Combat, type CombatOptions, type OpportunityController } from './combat.ts';

export type Controllers = Readonly<Record<SideName, Controller>>;

/** Answers each opportunity with the controller of the reactor's side (null: none, the prompt stays open). */
export function opportunityAnswers(controllers: Controllers, events: () => Combat['events']): OpportunityController {
  return (prompt, state) => {
    const side = statsOf(state, prompt.reactor).side;
    const controller = controllers[side];
    if (!controller) return null;
    return controller.chooseOpportunity(new LazyOpportunityRequest(prompt, state, events, side));
  };
}

/** Asks the acting creature's controller for one command and sends it; a rejected one ends the turn. */
export function playOneCommand(combat: Combat, controllers: Controllers): boolean {
  const prompt = combat.prompt;
  if (prompt.kind !== 'command') return false;
  const state = combat.state;
  const side = statsOf(state, prompt.actor).side;
  const controller = controllers[side];
  if (!controller) return false;
  const request = new LazyCommandRequest(prompt.actor, state, combat.events, side);
  const result = combat.send(controller.chooseCommand(request));
  if (!result.ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
  return true;
}

export interface MatchOptions extends Omit<CombatOptions, 'onOpportunity'> {
  readonly controllers: Controllers;
  readonly maxRounds?: number;
}

export interface MatchResult {
  readonly combat: Combat;
  /** True when the round limit stopped the fight (a draw). */
  readonly stopped: boolean;
}

export function playMatch(encounter: Encounter, options: MatchOptions): MatchResult {
  const combat = createCombat(encounter, options);
  const prompt = combat.run(options.maxRounds ?? 100);
  return { combat, stopped: prompt.kind === 'command' };
}
