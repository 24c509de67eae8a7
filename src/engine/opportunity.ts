// Who gets an attack of opportunity, checked with plain functions before any machine is spawned.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { RuleId } from '../model/rule-ids.ts';
import type { CombatState } from '../model/state.ts';
import { areFoes, canActNow, creatureOf, initiativeRank, sees, statsOf, threatens } from './queries.ts';
import { coverBetween } from '../rules/cover.ts';

const hasCover = (state: CombatState, from: CreatureId, to: CreatureId): boolean =>
  state.map.blocked.length > 0 &&
  coverBetween({ at: creatureOf(state, from).at, size: statsOf(state, from).size }, { at: creatureOf(state, to).at, size: statsOf(state, to).size }, state.map);

/** AOO-2: attacks of opportunity left this round. */
export const aooLeft = (state: CombatState, id: CreatureId): number =>
  Math.max(0, statsOf(state, id).aooPerRound - creatureOf(state, id).aooUsed);

/** Could `reactor` make an attack of opportunity against `provoker` in (or leaving) one of `squares`? */
export function canTakeOpportunity(
  state: CombatState,
  reactor: CreatureId,
  provoker: CreatureId,
  squares: readonly Square[],
  enteringItsSpace = false,
): boolean {
  if (reactor === provoker || !areFoes(state, reactor, provoker) || !canActNow(state, reactor)) return false;
  const c = creatureOf(state, reactor);
  const stats = statsOf(state, reactor);
  if (aooLeft(state, reactor) <= 0) return false; // AOO-2
  if (c.flatFooted && !stats.feats.includes('combat-reflexes')) return false; // FF-2
  if (c.effects.some((e) => e.kind === 'total-defense')) return false; // CORE-8
  // PROV-4: a foe entering its space provokes even a 0-reach creature; otherwise PROV-1, PROV-5.
  if (!enteringItsSpace && !squares.some((sq) => threatens(state, reactor, sq))) return false;
  if (hasCover(state, reactor, provoker)) return false; // THR-7: cover
  return sees(state, reactor, provoker); // THR-7
}

/** RES-5: reactors in initiative order. */
export function reactorsAgainst(
  state: CombatState,
  provoker: CreatureId,
  squares: readonly Square[],
  exclude: readonly CreatureId[] = [],
): CreatureId[] {
  return state.listed
    .filter((id) => !exclude.includes(id) && canTakeOpportunity(state, id, provoker, squares))
    .sort((a, b) => initiativeRank(state, a) - initiativeRank(state, b));
}

export interface OpportunityWindow {
  readonly provoker: CreatureId;
  readonly trigger: Trigger;
  readonly at: Square;
  readonly reactors: readonly CreatureId[];
}

const PROVOKED_RULES = {
  move: ['PROV-1', 'PROV-2'],
  spell: ['PROV-3', 'RES-3'],
  ranged: ['PROV-3'],
  distracting: ['PROV-3'],
  unarmed: ['PROV-3'],
  'enter-space': ['PROV-4', 'RES-4'],
  trip: ['PROV-3', 'RES-6'],
  disarm: ['PROV-3', 'RES-6'],
  'ignore-flanker': ['VAR-1'],
} as const satisfies Record<Trigger, readonly RuleId[]>;

/** The event that records one reactor's opportunity in a window. */
export const provoked = (w: OpportunityWindow, reactor: CreatureId): CombatEvent => ({
  type: 'OpportunityProvoked', by: w.provoker, reactor, trigger: w.trigger, at: w.at, rules: PROVOKED_RULES[w.trigger],
});
