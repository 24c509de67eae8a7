// Runs a planned action step by step, pausing wherever an opportunity window opens (RES-1..5).
import type { Command } from '../model/commands.ts';
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { squaresOf } from '../rules/grid.ts';
import { concentrationDcDefensive, concentrationDcForDamage, concentrationDcGrappling, SPELL_RULES } from '../rules/spells.ts';
import type { Dice } from '../dice/dice.ts';
import { decideAttack } from './decide-attack.ts';
import { spellAttack, spellEffect } from './decide-spell.ts';
import { commit, type Kernel } from './kernel.ts';
import { canTakeOpportunity, provoked, reactorsAgainst, type OpportunityWindow } from './opportunity.ts';
import { decideManeuver } from './decide-maneuver.ts';
import type { MoveMode } from '../model/events.ts';
import type { RuleId } from '../model/rule-ids.ts';
import { planCommand, type PlanResult } from './plan.ts';
import { areFoes, canActNow, creatureOf, findUsableAttack, has, initiativeRank, sees, statsOf, threatens } from './queries.ts';
import type { Step } from './steps.ts';

export interface PendingAction {
  readonly actor: CreatureId;
  readonly command: Command;
  readonly action: string;
  readonly steps: readonly Step[];
  next: number;
  /** Where steps[next] stands: 0 before the entering-a-space window (PROV-4), 1 before the usual window, 2 ready. */
  stage: 0 | 1 | 2;
  /** Log length when the last window opened: damage after it disrupts a spell (RES-3). */
  mark: number;
  stopped: boolean;
  /** Foes that get no opportunity from the rest of this action (tumbled past, AVOID-3/4; attacked, AVOID-5). */
  exempt: CreatureId[];
  /** Foes a tumble check was already made against, and how many DC 15 checks so far (AVOID-3). */
  tumbledAgainst: CreatureId[];
  tumbleChecks: number;
  /** A failed tumble through a foe's space ends the movement after its opportunity (AVOID-4). */
  stopAfterWindow: boolean;
  /**
   * CORE-1: the action's ActionStarted, until it goes to the log with the action's first events (one produce
   * for both: speed, issue 6). It changes only the turn's action budget, which nothing reads before then.
   */
  started: CombatEvent | null;
}

// The guard's plan is reused by the action that follows it for the same command and state.
let lastPlan: { state: CombatState; command: Command; result: PlanResult } | null = null;

function planFor(kernel: Kernel, command: Command): PlanResult {
  if (lastPlan && lastPlan.state === kernel.state && lastPlan.command === command) return lastPlan.result;
  const result = planCommand(kernel.state, command);
  lastPlan = { state: kernel.state, command, result };
  return result;
}

export const isLegal = (kernel: Kernel, command: Command): boolean => planFor(kernel, command).ok;

export function rejectCommand(kernel: Kernel, command: Command): void {
  const result = planFor(kernel, command);
  kernel.rejection = result.ok ? null : result.rejection;
}

/** The fight now waits for the acting creature's next command. */
export function promptCommand(kernel: Kernel, reply: (command: Command) => void): void {
  const actor = kernel.state.turn?.actor;
  kernel.prompt = actor ? { kind: 'command', actor } : null;
  kernel.submitCommand = reply;
  kernel.submitDecision = null;
}

/** Starts a command the guard found legal. */
export function startAction(kernel: Kernel, command: Command): boolean {
  const result = planFor(kernel, command);
  kernel.prompt = null;
  kernel.submitCommand = null;
  if (!result.ok) {
    kernel.rejection = result.rejection;
    return false;
  }
  kernel.rejection = null;
  const { plan } = result;
  kernel.pending = {
    actor: command.actor, command, action: plan.action, steps: plan.steps, next: 0, stage: 0, mark: kernel.events.length, stopped: false,
    exempt: command.type === 'SpringAttack' ? [command.target] : [], tumbledAgainst: [], tumbleChecks: 0, stopAfterWindow: false,
    started: command.type === 'EndTurn' ? null : { type: 'ActionStarted', id: command.actor, action: plan.action, cost: plan.cost, rules: ['CORE-1'] },
  };
  return true;
}

/** Commits events of the pending action, behind its ActionStarted while that is not in the log yet. */
function commitAction(kernel: Kernel, p: PendingAction, events: readonly CombatEvent[]): void {
  if (p.started) {
    commit(kernel, [p.started, ...events]);
    p.started = null;
    return;
  }
  commit(kernel, events);
}

/** Executes steps until a window opens (kernel.window set) or the action is over (kernel.pending cleared). */
export function advance(kernel: Kernel): void {
  const p = kernel.pending;
  if (!p) return;
  while (p.next < p.steps.length && !p.stopped) {
    const step = p.steps[p.next]!;
    if (p.stage < 2) {
      const window = nextWindow(kernel, p, step);
      if (window) {
        p.mark = kernel.events.length;
        kernel.window = window;
        commitAction(kernel, p, window.reactors.map((reactor) => provoked(window, reactor)));
        return;
      }
      continue;
    }
    if (!canActNow(kernel.state, p.actor)) {
      commitAction(kernel, p, foiled(kernel.state, p, step)); // RES-1
      p.stopped = true;
      break;
    }
    if (p.stopAfterWindow) {
      // AVOID-4, RES-4: the failed tumbler stops before the foe's space.
      commitAction(kernel, p, [{ type: 'MovementStopped', id: p.actor, at: creatureOf(kernel.state, p.actor).at, reason: 'tumble-failed', rules: ['AVOID-4', 'RES-4'] }]);
      p.stopped = true;
      break;
    }
    const { events, stop } = executeStep(kernel, p, step);
    commitAction(kernel, p, events);
    p.stopped = stop;
    p.next += 1;
    p.stage = 0;
  }
  commitAction(kernel, p, []);
  kernel.pending = null;
}


/** The next window before `step`, advancing its stage: entering a foe's space first (PROV-4), then the rest. */
function nextWindow(kernel: Kernel, p: PendingAction, step: Step): OpportunityWindow | null {
  if (p.stage === 0) {
    p.stage = 1;
    if (step.kind === 'leave' && step.mode === 'tumble') tumbleChecks(kernel, p, step);
    const entering = step.kind === 'leave' && step.into !== null && (p.stopAfterWindow || (step.mode !== 'tumble' && !p.exempt.includes(step.into)));
    return entering ? enterSpaceWindow(kernel.state, p.actor, step) : null;
  }
  p.stage = 2;
  if (p.stopAfterWindow || !canActNow(kernel.state, p.actor)) return null;
  return windowBefore(kernel.state, p.actor, step, p.exempt);
}

/** PROV-1..3, PROV-5, AVOID-1, AVOID-2: the opportunity window that opens before a step, if any. */
export function windowBefore(state: CombatState, actor: CreatureId, step: Step, exempt: readonly CreatureId[] = []): OpportunityWindow | null {
  const c = creatureOf(state, actor);
  const size = statsOf(state, actor).size;
  const here = squaresOf(c.at, size);
  let trigger: Trigger | null = null;
  let squares = here;
  let exclude: readonly CreatureId[] = exempt;
  let only: CreatureId | null = null;
  if (step.kind === 'leave') {
    if (step.mode === 'five-foot-step') return null; // AVOID-1
    const after = squaresOf(step.to, size);
    squares = here.filter((sq) => !after.some((a) => a[0] === sq[0] && a[1] === sq[1]));
    trigger = 'move';
    exclude = [...exempt, ...(state.turn?.movementOpportunities ?? [])]; // PROV-2
    // AVOID-2: the withdrawing creature's first square is not threatened by foes it can see.
    if (step.exemptSeen) exclude = [...exclude, ...state.listed.filter((id) => sees(state, actor, id))];
  } else if (step.kind === 'attack') {
    trigger = step.provokes;
  } else if (step.kind === 'distract') {
    trigger = step.trigger;
    only = step.only;
  } else if (step.kind === 'maneuver') {
    trigger = step.provokes;
    only = step.target; // PROV-3: a trip or disarm attempt provokes from its target
  } else if (step.kind === 'spell-complete' && !step.defensively) {
    trigger = 'spell'; // PROV-3; RES-3: the attack comes during the casting
  }
  if (!trigger) return null;
  const reactors = reactorsAgainst(state, actor, squares, exclude).filter((id) => only === null || id === only);
  return reactors.length === 0 ? null : { provoker: actor, trigger, at: c.at, reactors };
}

function foiled(state: CombatState, p: PendingAction, step: Step): CombatEvent[] {
  const at = creatureOf(state, p.actor).at;
  if (step.kind === 'leave') return [{ type: 'MovementStopped', id: p.actor, at, reason: 'dropped', rules: ['RES-2'] }];
  if (step.kind === 'spell-complete') return [{ type: 'SpellLost', caster: p.actor, spell: step.spell, reason: 'dropped', rules: ['RES-3'] }];
  return [{ type: 'ActionFoiled', id: p.actor, action: p.action, reason: 'dropped', rules: ['RES-1'] }];
}

interface StepResult {
  readonly events: CombatEvent[];
  readonly stop: boolean;
}

const done = (events: CombatEvent[], stop = false): StepResult => ({ events, stop });

function executeStep(kernel: Kernel, p: PendingAction, step: Step): StepResult {
  const { state, dice } = kernel;
  switch (step.kind) {
    case 'leave':
      return done([{ type: 'Moved', id: p.actor, from: step.from, to: step.to, mode: step.mode, rules: MOVE_RULES[step.mode] }]);
    case 'attack':
      return done(attackEvents(state, dice, p.actor, step));
    case 'spell-begin':
      return beginSpell(state, dice, p.actor, step);
    case 'spell-complete':
      return completeSpell(kernel, p, step);
    case 'touch':
      return done([
        ...spellAttack(state, dice, p.actor, step.target, step.spell),
        { type: 'ChargeDischarged', id: p.actor, spell: step.spell, rules: ['THR-5'] },
      ]);
    case 'distract':
      return done([]);
    case 'maneuver':
      return done(decideManeuver(state, dice, { attacker: p.actor, target: step.target, maneuver: step.maneuver, kind: 'regular', provokedBy: null }));
    case 'power-attack':
      return done([{ type: 'PowerAttackChosen', id: p.actor, amount: step.amount, rules: ['AOO-6'] }]);
    case 'ignore-flanker':
      return done([{ type: 'FlankerIgnored', id: p.actor, flanker: step.flanker, rules: ['VAR-1'] }]);
    case 'recover-weapon':
      return done([{ type: 'ConditionLost', id: p.actor, condition: 'disarmed', rules: ['THR-5'] }]);
    case 'exertion':
      return done([{ type: 'DamageDealt', source: null, target: p.actor, cause: 'exertion', dice: [], dieSize: 0, sneakDice: [], amount: 1, rules: ['CORE-4'] }]);
    case 'effect':
      return done([{ type: 'EffectStarted', id: p.actor, effect: step.effect, rules: step.effect === 'charged' ? ['CORE-7'] : ['CORE-8'] }]);
    case 'stand-up':
      return done([{ type: 'ConditionLost', id: p.actor, condition: 'prone', rules: ['PROV-3'] }]);
    case 'end-turn':
      return done([]);
    default: {
      const never: never = step;
      return never;
    }
  }
}

const MOVE_RULES = {
  move: ['CORE-5', 'PROV-1'],
  'five-foot-step': ['AVOID-1'],
  withdraw: ['CORE-5', 'AVOID-2'],
  tumble: ['CORE-5', 'AVOID-3'],
  charge: ['CORE-5', 'CORE-7'],
  'spring-attack': ['CORE-5', 'AVOID-5'],
} as const satisfies Record<MoveMode, readonly RuleId[]>;

/** AVOID-3, AVOID-4: tumble checks before leaving a square, one per foe passed, in the order passed. */
function tumbleChecks(kernel: Kernel, p: PendingAction, step: Extract<Step, { kind: 'leave' }>): void {
  const { state, dice } = kernel;
  const bonus = statsOf(state, p.actor).skills.tumble;
  const check = (past: CreatureId, dc: number, through: boolean): boolean => {
    const d20 = dice.roll(20, 'check', p.actor);
    const success = d20 + bonus >= dc;
    commitAction(kernel, p, [{ type: 'TumbleChecked', id: p.actor, past, through, d20, bonus, total: d20 + bonus, dc, success, rules: [through ? 'AVOID-4' : 'AVOID-3'] }]);
    return success;
  };
  if (step.into && !p.exempt.includes(step.into)) {
    // AVOID-4: DC 25 to pass through the foe's space; failure stops the mover and provokes (PROV-4).
    if (check(step.into, 25, true)) p.exempt.push(step.into);
    else {
      p.stopAfterWindow = true;
      return;
    }
  }
  const size = statsOf(state, p.actor).size;
  const after = squaresOf(step.to, size);
  const left = squaresOf(step.from, size).filter((sq) => !after.some((a) => a[0] === sq[0] && a[1] === sq[1]));
  const passed = state.listed
    .filter((id) => areFoes(state, id, p.actor) && !p.exempt.includes(id) && !p.tumbledAgainst.includes(id))
    .filter((id) => left.some((sq) => threatens(state, id, sq)))
    .sort((a, b) => initiativeRank(state, a) - initiativeRank(state, b));
  for (const foe of passed) {
    p.tumbledAgainst.push(foe);
    const dc = 15 + 2 * p.tumbleChecks; // AVOID-3: +2 for each foe after the first
    p.tumbleChecks += 1;
    if (check(foe, dc, false)) p.exempt.push(foe);
  }
}

/** PROV-4: trying to enter a foe's space provokes from it, even with 0 reach. */
function enterSpaceWindow(state: CombatState, actor: CreatureId, step: Step): OpportunityWindow | null {
  if (step.kind !== 'leave' || !step.into) return null;
  const foe = step.into;
  const theirs = squaresOf(creatureOf(state, foe).at, statsOf(state, foe).size);
  const able = canTakeOpportunity(state, foe, actor, theirs, true);
  return able ? { provoker: actor, trigger: 'enter-space', at: creatureOf(state, actor).at, reactors: [foe] } : null;
}

function attackEvents(state: CombatState, dice: Dice, actor: CreatureId, step: Extract<Step, { kind: 'attack' }>): CombatEvent[] {
  if (step.skipIfDown && !canActNow(state, step.target)) return [];
  const attack = findUsableAttack(state, actor, step.weapon);
  if (!attack) return [];
  return decideAttack(state, dice, {
    attacker: actor, target: step.target, attack, bonus: step.bonus, kind: 'regular', provokedBy: null, touch: false,
    extraBonus: step.extraBonus, rules: step.extraBonus > 0 ? ['CORE-7'] : [], nonlethal: step.nonlethal ?? attack.nonlethal,
    ...(step.volley ? { volley: step.volley } : {}),
  });
}

/** CORE-10: casting defensively, or while grappling, needs a Concentration check before the spell goes off. */
function beginSpell(state: CombatState, dice: Dice, actor: CreatureId, step: Extract<Step, { kind: 'spell-begin' }>): StepResult {
  const begun: CombatEvent = { type: 'SpellBegun', caster: actor, spell: step.spell, target: step.target, defensively: step.defensively, rules: step.defensively ? ['CORE-10'] : ['PROV-3'] };
  const grappling = has(creatureOf(state, actor), 'grappling');
  if (!step.defensively && !grappling) return done([begun]);
  const stats = statsOf(state, actor);
  // Combat Casting: +4 when casting defensively or while grappling.
  const bonus = stats.skills.concentration + (stats.feats.includes('combat-casting') ? 4 : 0);
  const level = SPELL_RULES[step.spell].level;
  const checks = [
    ...(step.defensively ? [concentration(dice, actor, bonus, concentrationDcDefensive(level), 'defensive')] : []),
    ...(grappling ? [concentration(dice, actor, bonus, concentrationDcGrappling(level), 'grappling')] : []),
  ];
  if (checks.every((c) => c.success)) return done([begun, ...checks]);
  const upTo = checks.findIndex((c) => !c.success);
  return done([begun, ...checks.slice(0, upTo + 1), { type: 'SpellLost', caster: actor, spell: step.spell, reason: 'concentration', rules: ['CORE-10'] }], true);
}

function concentration(dice: Dice, id: CreatureId, bonus: number, dc: number, reason: 'defensive' | 'damage' | 'grappling'): Extract<CombatEvent, { type: 'ConcentrationChecked' }> {
  const d20 = dice.roll(20, 'check', id);
  const total = d20 + bonus;
  return { type: 'ConcentrationChecked', id, d20, bonus, total, dc, success: total >= dc, reason, rules: ['CORE-10'] };
}

/** RES-3: damage taken during the casting calls for Concentration; then the spell takes effect. */
function completeSpell(kernel: Kernel, p: PendingAction, step: Extract<Step, { kind: 'spell-complete' }>): StepResult {
  const { state, dice } = kernel;
  const damage = kernel.events
    .slice(p.mark)
    .reduce((total, e) => total + (e.type === 'DamageDealt' && e.target === p.actor ? e.amount : 0), 0);
  const events: CombatEvent[] = [];
  if (damage > 0) {
    const check = concentration(dice, p.actor, statsOf(state, p.actor).skills.concentration, concentrationDcForDamage(damage, SPELL_RULES[step.spell].level), 'damage');
    events.push({ ...check, rules: ['CORE-10', 'RES-3'] });
    if (!check.success) {
      events.push({ type: 'SpellLost', caster: p.actor, spell: step.spell, reason: 'concentration', rules: ['CORE-10', 'RES-3'] });
      return done(events, true);
    }
  }
  events.push(...spellEffect(state, dice, p.actor, step.spell, step.target));
  events.push({ type: 'SpellResolved', caster: p.actor, spell: step.spell, rules: ['RES-3'] });
  return done(events);
}
