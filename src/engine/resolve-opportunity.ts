// Making or declining an attack of opportunity once its window is open (AOO-1..4, RES-5).
import type { OpportunityDecision } from '../model/commands.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent } from '../model/events.ts';
import { decideAttack } from './decide-attack.ts';
import { commit, type Kernel } from './kernel.ts';
import { canTakeOpportunity, type OpportunityWindow } from './opportunity.ts';
import { canActNow, findAttack, statsOf } from './queries.ts';
import { squaresOf } from '../rules/grid.ts';

/** RES-5: once the provoker drops, the remaining opportunities are neither made nor spent. */
export const provokerDown = (kernel: Kernel, window: OpportunityWindow): boolean => !canActNow(kernel.state, window.provoker);

export function promptReactor(kernel: Kernel, window: OpportunityWindow, reactor: CreatureId, reply: (d: OpportunityDecision) => void): void {
  kernel.prompt = { kind: 'opportunity', reactor, against: window.provoker, trigger: window.trigger };
  kernel.submitDecision = reply;
  kernel.submitCommand = null;
}

export function closeWindow(kernel: Kernel): void {
  kernel.window = null;
  kernel.prompt = null;
  kernel.submitDecision = null;
}

/** AOO-4: the reactor's controller chose; AOO-1: one melee attack at its highest bonus. */
export function resolveOpportunity(kernel: Kernel, window: OpportunityWindow, reactor: CreatureId, decision: OpportunityDecision): void {
  kernel.prompt = null;
  kernel.submitDecision = null;
  commit(kernel, opportunityEvents(kernel, window, reactor, decision));
}

function opportunityEvents(kernel: Kernel, window: OpportunityWindow, reactor: CreatureId, decision: OpportunityDecision): CombatEvent[] {
  const { state } = kernel;
  const declined: CombatEvent = { type: 'OpportunityDeclined', reactor, against: window.provoker, rules: ['AOO-4'] };
  const attack = findAttack(statsOf(state, reactor), decision.with);
  const squares = squaresOf(window.at, statsOf(state, window.provoker).size);
  // AOO-5: ranged attacks cannot be made as attacks of opportunity.
  if (!decision.take || !attack || attack.kind === 'ranged' || !canTakeOpportunity(state, reactor, window.provoker, squares)) return [declined];
  return decideAttack(state, kernel.dice, {
    attacker: reactor, target: window.provoker, attack, bonus: Math.max(...attack.bonus), kind: 'opportunity',
    provokedBy: window.trigger, touch: false, extraBonus: 0, rules: ['AOO-2', 'AOO-3', 'RES-1'],
  });
}

/** A scripted controller (SPEC `aoo`): always or never take it, with the default attack. */
export function scriptedDecision(kernel: Kernel, reactor: CreatureId): OpportunityDecision {
  return { take: statsOf(kernel.state, reactor).aooPolicy === 'always', with: null };
}
