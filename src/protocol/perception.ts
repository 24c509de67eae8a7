// What a side's client is told: events about creatures it can neither see nor is touched by are withheld.
import type { Observation } from '../bots/observation.ts';
import type { LegalCommand } from '../engine/legal.ts';
import { sees, statsOf } from '../engine/queries.ts';
import type { CombatEvent } from '../model/events.ts';
import type { CreatureId, SideName } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { toStep, type Step } from './step.ts';

/** Event fields that name one creature. */
const CREATURE_FIELDS = ['id', 'attacker', 'target', 'reactor', 'against', 'by', 'caster', 'source', 'past', 'flanker'] as const;

function creaturesIn(event: CombatEvent, state: CombatState): CreatureId[] {
  const fields = event as unknown as Record<string, unknown>;
  return CREATURE_FIELDS.map((f) => fields[f]).filter((v): v is CreatureId => typeof v === 'string' && Object.hasOwn(state.stats, v));
}

/**
 * Whether `side` perceives `event` (judged on the state just after it): events that name no single creature
 * (rounds, initiative order, the end) are public; others need one of the side's creatures among those named,
 * or every creature named seen by one of the side's creatures.
 */
export function perceives(event: CombatEvent, state: CombatState, side: SideName): boolean {
  const named = creaturesIn(event, state);
  if (named.length === 0) return true;
  if (named.some((id) => statsOf(state, id).side === side)) return true;
  const ours = state.listed.filter((id) => statsOf(state, id).side === side);
  return named.every((id) => ours.some((o) => sees(state, o, id)));
}

/** Fields of a command that name a creature other than its actor. */
function targetsOf(step: Step): CreatureId[] {
  const out: CreatureId[] = [];
  if (typeof step.target === 'string') out.push(step.target);
  if (Array.isArray(step.targets)) out.push(...step.targets.filter((t): t is string => typeof t === 'string'));
  return out;
}

/** The legal commands in step form, without those that name foes the side does not perceive. */
export function legalFor(legal: readonly LegalCommand[], observation: Observation): { command: Step; provokes: CreatureId[] }[] {
  const known = new Set(observation.creatures.map((c) => c.id));
  return legal
    .map((l) => ({ command: toStep(l.command), provokes: l.provokes.filter((id) => known.has(id)) }))
    .filter((l) => targetsOf(l.command).every((id) => known.has(id)));
}
