// Declaring and resolving attacks of opportunity (AOO-1..6, RES-1, RES-5, RES-6).
import { MANEUVERS, type Maneuver, type OpportunityDecision } from '../model/commands.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent } from '../model/events.ts';
import type { AttackProfile, SpellId } from '../model/stats.ts';
import { SPELL_IDS } from '../model/stats.ts';
import { squaresOf } from '../rules/grid.ts';
import { decideAttack } from './decide-attack.ts';
import { decideManeuver } from './decide-maneuver.ts';
import { spellAttack } from './decide-spell.ts';
import { commit, type Kernel } from './kernel.ts';
import { canTakeOpportunity, provoked, type OpportunityWindow } from './opportunity.ts';
import { canActNow, creatureOf, findUsableAttack, has, statsOf } from './queries.ts';

/** The form an attack of opportunity takes (AOO-5): a melee attack, a trip or disarm, or a held charge. */
export type OpportunityForm =
  | { readonly kind: 'attack'; readonly attack: AttackProfile }
  | { readonly kind: 'maneuver'; readonly maneuver: Exclude<Maneuver, 'touch'> }
  | { readonly kind: 'touch'; readonly spell: SpellId };

export interface Declared {
  readonly reactor: CreatureId;
  readonly form: OpportunityForm;
}

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

const heldSpell = (kernel: Kernel, reactor: CreatureId): SpellId | null =>
  SPELL_IDS.find((s) => has(creatureOf(kernel.state, reactor), `holding-charge:${s}`)) ?? null;

/** AOO-5: what the controller asked for, if the reactor can do it; ranged attacks never qualify. */
function formOf(kernel: Kernel, reactor: CreatureId, choice: string | null): OpportunityForm | null {
  if (choice === 'touch') {
    const spell = heldSpell(kernel, reactor);
    return spell ? { kind: 'touch', spell } : null;
  }
  const maneuver = MANEUVERS.find((m) => m === choice);
  if (maneuver && maneuver !== 'touch') return { kind: 'maneuver', maneuver };
  const attack = findUsableAttack(kernel.state, reactor, choice);
  if (attack && attack.kind !== 'ranged') return { kind: 'attack', attack };
  // THR-5: a creature armed only by a held charge delivers it by default.
  const spell = choice === null ? heldSpell(kernel, reactor) : null;
  return spell ? { kind: 'touch', spell } : null;
}

/** AOO-4: the controller chose before knowing the outcome; a taken opportunity is spent now (AOO-2). */
export function declareOpportunity(kernel: Kernel, window: OpportunityWindow, reactor: CreatureId, decision: OpportunityDecision): Declared | null {
  kernel.prompt = null;
  kernel.submitDecision = null;
  const form = decision.take ? formOf(kernel, reactor, decision.with) : null;
  const squares = squaresOf(window.at, statsOf(kernel.state, window.provoker).size);
  const able = canTakeOpportunity(kernel.state, reactor, window.provoker, squares, window.trigger === 'enter-space');
  if (!form || !able) {
    commit(kernel, [{ type: 'OpportunityDeclined', reactor, against: window.provoker, rules: ['AOO-4'] }]);
    return null;
  }
  const label = form.kind === 'attack' ? 'attack' : form.kind === 'touch' ? 'touch' : form.maneuver;
  commit(kernel, [{ type: 'OpportunityTaken', reactor, against: window.provoker, with: label, trigger: window.trigger, rules: ['AOO-2', 'AOO-3', 'AOO-4'] }]);
  return { reactor, form };
}

/** RES-6: a trip or disarm made without the Improved feat provokes from its target in turn. */
export function counterWindow(kernel: Kernel, window: OpportunityWindow, declared: Declared): OpportunityWindow | null {
  if (declared.form.kind !== 'maneuver') return null;
  const feat = declared.form.maneuver === 'trip' ? 'improved-trip' : 'improved-disarm';
  if (statsOf(kernel.state, declared.reactor).feats.includes(feat)) return null;
  const target = window.provoker;
  const at = creatureOf(kernel.state, declared.reactor).at;
  const squares = squaresOf(at, statsOf(kernel.state, declared.reactor).size);
  if (!canTakeOpportunity(kernel.state, target, declared.reactor, squares)) return null;
  return { provoker: declared.reactor, trigger: declared.form.maneuver, at, reactors: [target] };
}

/** Opens the answering window of a chain and records its opportunities. */
export function openAnswerWindow(kernel: Kernel, window: OpportunityWindow, declared: Declared): OpportunityWindow {
  const answer = counterWindow(kernel, window, declared)!;
  commit(kernel, answer.reactors.map((reactor) => provoked(answer, reactor)));
  return answer;
}

/** Why a declared attack can no longer be made, if it cannot (RES-1, RES-6). */
function foiledBy(kernel: Kernel, declared: Declared, chainEnded: boolean): 'dropped' | 'disarmed' | 'chain-ended' | null {
  if (!canActNow(kernel.state, declared.reactor)) return 'dropped';
  const weaponLost = declared.form.kind === 'attack' && findUsableAttack(kernel.state, declared.reactor, declared.form.attack.name) === null;
  if (weaponLost || (declared.form.kind === 'maneuver' && declared.form.maneuver === 'disarm' && has(creatureOf(kernel.state, declared.reactor), 'disarmed'))) return 'disarmed';
  return chainEnded ? 'chain-ended' : null;
}

/**
 * Resolves a declared attack once the chain it provoked has resolved (RES-6: last first).
 * Returns true when it was foiled, which ends the chain for the attacks it answered.
 */
export function resolveDeclared(kernel: Kernel, window: OpportunityWindow, declared: Declared, chainEnded: boolean): boolean {
  const reason = foiledBy(kernel, declared, chainEnded);
  if (reason) {
    commit(kernel, [{ type: 'OpportunityFoiled', reactor: declared.reactor, against: window.provoker, reason, rules: ['RES-6'] }]);
    return true;
  }
  commit(kernel, opportunityEvents(kernel, window, declared));
  return false;
}

function opportunityEvents(kernel: Kernel, window: OpportunityWindow, declared: Declared): CombatEvent[] {
  const { state, dice } = kernel;
  const { reactor, form } = declared;
  const target = window.provoker;
  switch (form.kind) {
    case 'attack':
      // AOO-1: one melee attack at the highest normal attack bonus.
      return decideAttack(state, dice, {
        attacker: reactor, target, attack: form.attack, bonus: Math.max(...form.attack.bonus), kind: 'opportunity',
        provokedBy: window.trigger, touch: false, extraBonus: 0, rules: ['AOO-2', 'AOO-3', 'RES-1'],
      });
    case 'maneuver':
      return decideManeuver(state, dice, { attacker: reactor, target, maneuver: form.maneuver, kind: 'opportunity', provokedBy: window.trigger });
    case 'touch':
      return [
        ...spellAttack(state, dice, reactor, target, form.spell, { kind: 'opportunity', provokedBy: window.trigger }),
        { type: 'ChargeDischarged', id: reactor, spell: form.spell, rules: ['AOO-5'] },
      ];
    default: {
      const never: never = form;
      return never;
    }
  }
}
