// Checks a command against the rules and breaks it into steps; a rejected command changes nothing.
import type { Command, CommandOf } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { MoveMode } from '../model/events.ts';
import type { ActionCost, CombatState, TurnState } from '../model/state.ts';
import { SPELL_IDS } from '../model/stats.ts';
import { ACTION_NAMES, ACTION_RULES } from '../rules/actions.ts';
import { inBounds, isAdjacent, isBlocked, isDifficult, pathCostFeet, spaceDistanceFeet, squaresOf } from '../rules/grid.ts';
import { SPELL_RULES } from '../rules/spells.ts';
import { isTinyOrSmaller, spaceOf } from '../rules/size.ts';
import type { Rejection } from './kernel.ts';
import { areFoes, attackReaches, canActNow, creatureOf, distanceBetween, findAttack, findUsableAttack, has, hpStateOf, statsOf, threatensCreature, usableMelee } from './queries.ts';
import type { Step } from './steps.ts';

type AttackStep = Extract<Step, { kind: 'attack' }>;

export interface Plan {
  readonly action: string;
  readonly cost: ActionCost;
  readonly steps: readonly Step[];
}

export type PlanResult = { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly rejection: Rejection };

const reject = (code: string, message: string): PlanResult => ({ ok: false, rejection: { code, message } });
const accept = (command: Command, cost: ActionCost, steps: Step[]): PlanResult => ({
  ok: true,
  plan: { action: ACTION_NAMES[command.type], cost, steps },
});

type Planner<T extends Command['type']> = (state: CombatState, turn: TurnState, command: CommandOf<T>) => PlanResult;

/** CORE-1: can the turn still pay for this cost? */
function affordable(turn: TurnState, cost: ActionCost): boolean {
  switch (cost) {
    case 'free':
      return true;
    case 'five-foot-step':
      return !turn.moved && !turn.stepped; // AVOID-1
    case 'standard':
      return turn.standardLeft;
    case 'move':
      return turn.moveLeft || turn.standardLeft;
    case 'double-move':
    case 'full-round':
      return turn.moveLeft && turn.standardLeft && !turn.limited; // SURP-2: no full-round action
    default: {
      const never: never = cost;
      return never;
    }
  }
}

function checkTarget(state: CombatState, actor: CreatureId, target: CreatureId | null): Rejection | null {
  if (target === null) return { code: 'missing-target', message: 'this action needs a target' };
  if (!state.creatures[target]) return { code: 'unknown-target', message: `no combatant "${target}"` };
  if (target === actor) return { code: 'bad-target', message: `${actor} cannot target itself with this` };
  if (hpStateOf(state, target) === 'dead') return { code: 'bad-target', message: `${target} is dead` };
  return null;
}

/** CORE-5: a path of adjacent squares, on the map, not blocked, not through foes, ending free. */
export function checkPath(state: CombatState, actor: CreatureId, path: readonly Square[], mode: MoveMode | 'tumble-through'): Rejection | null {
  const stats = statsOf(state, actor);
  let at = creatureOf(state, actor).at;
  if (path.length === 0) return { code: 'empty-path', message: 'the path has no squares' };
  for (const [i, sq] of path.entries()) {
    if (!isAdjacent(at, sq)) return { code: 'not-adjacent', message: `path[${i}] ${fmt(sq)} is not adjacent to ${fmt(at)}` };
    for (const part of squaresOf(sq, stats.size)) {
      if (!inBounds(state.map, part)) return { code: 'out-of-map', message: `path[${i}] ${fmt(part)} is off the map` };
      if (isBlocked(state.map, part)) return { code: 'blocked', message: `path[${i}] ${fmt(part)} is blocked` };
      const other = occupantOther(state, actor, part);
      // CORE-5: allies may be passed through; foes that can still act may not (AVOID-4 tumbles through).
      const tumblingThrough = mode === 'tumble-through' && i < path.length - 1;
      // Tiny and smaller creatures may enter a foe's space (it provokes from that foe, PROV-4).
      const tiny = isTinyOrSmaller(stats.size);
      if (other && areFoes(state, actor, other) && canActNow(state, other) && !tumblingThrough && !tiny) {
        return { code: 'enemy-space', message: `path[${i}] ${fmt(part)} is occupied by ${other}, a foe` };
      }
      if (other && i === path.length - 1 && !(tiny && areFoes(state, actor, other))) return { code: 'occupied', message: `cannot end the move in ${fmt(part)}, occupied by ${other}` };
    }
    if (mode === 'five-foot-step' && isDifficult(state.map, sq)) {
      return { code: 'difficult-terrain', message: 'no 5-foot step into difficult terrain (AVOID-1)' };
    }
    at = sq;
  }
  return null;
}

function occupantOther(state: CombatState, actor: CreatureId, square: Square): CreatureId | null {
  for (const id of state.listed) {
    if (id === actor || hpStateOf(state, id) === 'dead') continue;
    const c = creatureOf(state, id);
    const size = statsOf(state, id).size;
    if (spaceOf(size) === 1) {
      if (c.at[0] === square[0] && c.at[1] === square[1]) return id;
    } else if (squaresOf(c.at, size).some((s) => s[0] === square[0] && s[1] === square[1])) return id;
  }
  return null;
}

const fmt = (sq: Square): string => `[${sq[0]}, ${sq[1]}]`;

function leaveSteps(state: CombatState, actor: CreatureId, path: readonly Square[], mode: MoveMode, start?: Square): Step[] {
  let from = start ?? creatureOf(state, actor).at;
  const size = statsOf(state, actor).size;
  return path.map((to, i) => {
    // AVOID-4: the foe whose space this step enters, if any (only a tumble through may).
    const entered = squaresOf(to, size).map((sq) => occupantOther(state, actor, sq)).find((id) => id && areFoes(state, actor, id));
    const inside = entered && squaresOf(from, size).some((sq) => occupantOther(state, actor, sq) === entered);
    const step: Step = { kind: 'leave', from, to, mode, exemptSeen: mode === 'withdraw' && i === 0, into: entered && !inside ? entered : null };
    from = to;
    return step;
  });
}

const pathCost = (state: CombatState, actor: CreatureId, path: readonly Square[]): number =>
  pathCostFeet(creatureOf(state, actor).at, path, state.map.difficult);

const planMove: Planner<'Move'> = (state, turn, c) => {
  const bad = checkPath(state, c.actor, c.path, 'move');
  if (bad) return { ok: false, rejection: bad };
  if (turn.stepped) return reject('stepped-already', 'no other movement in a turn with a 5-foot step (AVOID-1)');
  const speed = statsOf(state, c.actor).speed;
  const cost = pathCost(state, c.actor, c.path);
  // CORE-5: one move action covers the creature's speed; a double move covers twice that.
  const kind: ActionCost = cost <= speed ? 'move' : 'double-move';
  if (cost > 2 * speed || (kind === 'double-move' && !affordable(turn, kind))) {
    return reject('too-far', `the path costs ${cost} ft; ${c.actor} can move ${affordable(turn, 'double-move') ? 2 * speed : speed} ft`);
  }
  if (!affordable(turn, kind)) return reject('no-action-left', `${c.actor} has no move action left`);
  return accept(c, kind, leaveSteps(state, c.actor, c.path, 'move'));
};

const planFiveFootStep: Planner<'FiveFootStep'> = (state, turn, c) => {
  if (!affordable(turn, 'five-foot-step')) {
    return reject(turn.stepped ? 'stepped-already' : 'moved-already', 'a 5-foot step only in a turn with no other movement (AVOID-1)');
  }
  if (statsOf(state, c.actor).speed < 5) return reject('too-slow', `${c.actor} cannot take a 5-foot step`);
  const bad = checkPath(state, c.actor, [c.to], 'five-foot-step');
  if (bad) return { ok: false, rejection: bad };
  return accept(c, 'five-foot-step', leaveSteps(state, c.actor, [c.to], 'five-foot-step'));
};

const planWithdraw: Planner<'Withdraw'> = (state, turn, c) => {
  if (turn.moved || turn.stepped) return reject('moved-already', 'a withdraw must be the whole of the turn\'s movement');
  const bad = checkPath(state, c.actor, c.path, 'withdraw');
  if (bad) return { ok: false, rejection: bad };
  // AVOID-2: limited to a standard action, a creature may still withdraw up to its speed.
  const cost: ActionCost = turn.limited ? 'standard' : 'full-round';
  if (!affordable(turn, cost)) return reject('no-action-left', `${c.actor} has no full-round action left`);
  const speed = statsOf(state, c.actor).speed * (turn.limited ? 1 : 2);
  const feet = pathCost(state, c.actor, c.path);
  if (feet > speed) return reject('too-far', `the path costs ${feet} ft; a withdraw covers ${speed} ft`);
  return accept(c, cost, leaveSteps(state, c.actor, c.path, 'withdraw'));
};

function attackStep(state: CombatState, actor: CreatureId, target: CreatureId, name: string | null, index: number, extra = 0): AttackStep | Rejection {
  const stats = statsOf(state, actor);
  const attack = findUsableAttack(state, actor, name);
  if (!attack) return { code: 'no-such-attack', message: name ? `${actor} has no usable attack "${name}"` : `${actor} has no usable attack` };
  const ranged = attack.kind === 'ranged';
  if (!ranged && !attackReaches(state, actor, attack, target)) return { code: 'out-of-reach', message: `${target} is out of reach of ${actor}'s ${attack.name}` };
  if (ranged && distanceBetween(state, actor, target) > 10 * (attack.rangeIncrement ?? 10)) {
    return { code: 'out-of-range', message: `${target} is beyond ${actor}'s ${attack.name} range` };
  }
  // PROV-3: a ranged attack, or an unarmed one without Improved Unarmed Strike, is distracting.
  const unarmedProvokes = attack.unarmed && !stats.feats.includes('improved-unarmed-strike');
  const provokes = ranged ? 'ranged' : unarmedProvokes ? 'unarmed' : null;
  const bonus = attack.bonus[Math.min(index, attack.bonus.length - 1)] ?? 0;
  return { kind: 'attack', target, weapon: attack.name, bonus, extraBonus: extra, provokes, skipIfDown: index > 0, nonlethal: null };
}

const isStep = (x: AttackStep | Rejection): x is AttackStep => 'kind' in x;

/** Manyshot: the feat, a ranged weapon, a target within 30 ft. */
function manyshotProblem(state: CombatState, actor: CreatureId, target: CreatureId, weapon: string): Rejection | null {
  if (!statsOf(state, actor).feats.includes('manyshot')) return { code: 'no-feat', message: `${actor} does not have Manyshot` };
  if (findAttack(statsOf(state, actor), weapon)?.kind !== 'ranged') return { code: 'bad-manyshot', message: 'Manyshot needs a ranged weapon' };
  if (distanceBetween(state, actor, target) > 30) return { code: 'out-of-range', message: 'Manyshot reaches 30 ft' };
  return null;
}

const planAttack: Planner<'Attack'> = (state, turn, c) => {
  const bad = checkTarget(state, c.actor, c.target);
  if (bad) return { ok: false, rejection: bad };
  if (!affordable(turn, 'standard')) return reject('no-action-left', `${c.actor} has no standard action left`);
  const step = attackStep(state, c.actor, c.target, c.with, 0);
  if (!isStep(step)) return { ok: false, rejection: step };
  if (c.manyshot) {
    const bad = manyshotProblem(state, c.actor, c.target, step.weapon);
    if (bad) return { ok: false, rejection: bad };
    return accept(c, 'standard', [{ ...step, extraBonus: -4, nonlethal: c.nonlethal ?? null, volley: 2 }]);
  }
  return accept(c, 'standard', [{ ...step, nonlethal: c.nonlethal ?? null }]);
};

/** CORE-6: the iterative bonuses of the weapon, or every natural attack of a monster. */
function fullAttackBonuses(state: CombatState, actor: CreatureId, name: string | null): { weapon: string; index: number }[] {
  const stats = statsOf(state, actor);
  const main = findAttack(stats, name);
  if (!main) return [];
  if (name === null && main.kind === 'natural') {
    return stats.attacks.filter((a) => a.kind === 'natural').flatMap((a) => a.bonus.map((_, index) => ({ weapon: a.name, index })));
  }
  return main.bonus.map((_, index) => ({ weapon: main.name, index }));
}

const planFullAttack: Planner<'FullAttack'> = (state, turn, c) => {
  if (c.targets.length === 0) return reject('missing-target', 'a full attack needs a target');
  for (const t of c.targets) {
    const bad = checkTarget(state, c.actor, t);
    if (bad) return { ok: false, rejection: bad };
  }
  if (!affordable(turn, 'full-round')) return reject('no-action-left', `${c.actor} has no full-round action left`);
  if (c.stepAfter && (turn.moved || turn.stepped)) return reject('moved-already', 'no 5-foot step after moving (AVOID-1)');
  const steps: Step[] = [];
  for (const [i, { weapon, index }] of fullAttackBonuses(state, c.actor, c.with).entries()) {
    const target = c.targets[Math.min(i, c.targets.length - 1)] ?? c.targets[0]!;
    const step = attackStep(state, c.actor, target, weapon, index);
    if (!isStep(step)) {
      if (i === 0) return { ok: false, rejection: step };
      continue;
    }
    steps.push({ ...step, skipIfDown: i > 0, nonlethal: c.nonlethal ?? null });
  }
  if (c.stepAfter) {
    const bad = checkPath(state, c.actor, [c.stepAfter], 'five-foot-step');
    if (bad) return { ok: false, rejection: bad };
    steps.push({ kind: 'leave', from: creatureOf(state, c.actor).at, to: c.stepAfter, mode: 'five-foot-step', exemptSeen: false, into: null });
  }
  return accept(c, 'full-round', steps);
};

const planCharge: Planner<'Charge'> = (state, turn, c) => {
  const bad = checkTarget(state, c.actor, c.target) ?? checkPath(state, c.actor, c.path, 'charge');
  if (bad) return { ok: false, rejection: bad };
  if (turn.moved || turn.stepped) return reject('moved-already', 'a charge must be the whole of the turn\'s movement');
  // CORE-7: full-round; limited to one action, a charge covers only the creature's speed.
  const cost: ActionCost = turn.limited ? 'standard' : 'full-round';
  if (!affordable(turn, cost)) return reject('no-action-left', `${c.actor} has no full-round action left`);
  const stats = statsOf(state, c.actor);
  const feet = pathCost(state, c.actor, c.path);
  const most = stats.speed * (turn.limited ? 1 : 2);
  if (feet < 10 || feet > most) return reject('bad-charge', `a charge moves at least 10 ft and at most ${most} ft (this path: ${feet} ft)`);
  const straight = chargeApproaches(state, c.actor, c.target, c.path);
  if (straight) return { ok: false, rejection: straight };
  const attack = findAttack(stats, null);
  if (!attack || attack.kind === 'ranged') return reject('no-such-attack', `${c.actor} has no melee attack to charge with`);
  const steps: Step[] = [...leaveSteps(state, c.actor, c.path, 'charge'), { kind: 'effect', effect: 'charged' }];
  steps.push({ kind: 'attack', target: c.target, weapon: attack.name, bonus: attack.bonus[0] ?? 0, extraBonus: 2, provokes: null, skipIfDown: false, nonlethal: null });
  return accept(c, cost, steps);
};

/** CORE-7: every square brings the charger closer, the path is clear, and it ends where it can attack. */
function chargeApproaches(state: CombatState, actor: CreatureId, target: CreatureId, path: readonly Square[]): Rejection | null {
  const size = statsOf(state, actor).size;
  const t = creatureOf(state, target);
  const tSize = statsOf(state, target).size;
  let before = spaceDistanceFeet(creatureOf(state, actor).at, size, t.at, tSize);
  for (const [i, sq] of path.entries()) {
    if (squaresOf(sq, size).some((p) => occupantOther(state, actor, p))) {
      return { code: 'bad-charge', message: `path[${i}] ${fmt(sq)} is not clear: a charge needs an unobstructed path` };
    }
    const now = spaceDistanceFeet(sq, size, t.at, tSize);
    if (now >= before) return { code: 'bad-charge', message: `path[${i}] ${fmt(sq)} does not move straight toward ${target}` };
    before = now;
  }
  const attack = findAttack(statsOf(state, actor), null);
  const end = path[path.length - 1]!;
  const moved = { ...state, creatures: { ...state.creatures, [actor]: { ...creatureOf(state, actor), at: end } } };
  if (!attack || !attackReaches(moved, actor, attack, target)) return { code: 'bad-charge', message: `the charge ends out of reach of ${target}` };
  return null;
}

const planCast: Planner<'CastSpell'> = (state, turn, c) => {
  const rule = SPELL_RULES[c.spell];
  if ((creatureOf(state, c.actor).spells[c.spell] ?? 0) <= 0) return reject('no-spell-left', `${c.actor} has no ${c.spell} left`);
  if (!affordable(turn, 'standard')) return reject('no-action-left', `${c.actor} has no standard action left`);
  const held = rule.delivery === 'melee-touch' && c.target === null;
  if (!held) {
    const self = c.target === c.actor && rule.range(0) === 0;
    const bad = self ? null : checkTarget(state, c.actor, c.target);
    if (bad) return { ok: false, rejection: bad };
    const target = c.target!;
    const reach = rule.range(statsOf(state, c.actor).casterLevel);
    const inRange = reach === 0 ? self || distanceBetween(state, c.actor, target) <= statsOf(state, c.actor).reach : distanceBetween(state, c.actor, target) <= reach;
    if (!inRange) return reject('out-of-range', `${target} is out of range of ${c.spell}`);
  }
  return accept(c, 'standard', [
    { kind: 'spell-begin', spell: c.spell, target: c.target, defensively: c.defensively },
    { kind: 'spell-complete', spell: c.spell, target: c.target, defensively: c.defensively },
  ]);
};

const planTouch: Planner<'Touch'> = (state, turn, c) => {
  const bad = checkTarget(state, c.actor, c.target);
  if (bad) return { ok: false, rejection: bad };
  const charge = creatureOf(state, c.actor).conditions.find((k) => k.startsWith('holding-charge:'));
  if (!charge) return reject('no-charge', `${c.actor} holds no touch-spell charge`);
  if (!affordable(turn, 'standard')) return reject('no-action-left', `${c.actor} has no standard action left`);
  if (distanceBetween(state, c.actor, c.target) > statsOf(state, c.actor).reach) return reject('out-of-reach', `${c.target} is out of reach`);
  const spell = SPELL_IDS.find((id) => charge === `holding-charge:${id}`);
  if (!spell) return reject('no-charge', `${c.actor} holds an unknown charge`);
  return accept(c, 'standard', [{ kind: 'touch', target: c.target, spell }]);
};

/** AVOID-3, AVOID-4: tumbling moves at half speed; `through` may pass foes' spaces. */
const planTumble: Planner<'Tumble'> = (state, turn, c) => {
  const bad = checkPath(state, c.actor, c.path, c.through ? 'tumble-through' : 'tumble');
  if (bad) return { ok: false, rejection: bad };
  if (turn.stepped) return reject('stepped-already', 'no other movement in a turn with a 5-foot step (AVOID-1)');
  const speed = statsOf(state, c.actor).speed;
  const feet = pathCost(state, c.actor, c.path) * 2; // half speed: each foot counts double
  const kind: ActionCost = feet <= speed ? 'move' : 'double-move';
  if (feet > 2 * speed || !affordable(turn, kind)) return reject('too-far', `tumbling, the path costs ${feet} ft of movement; ${c.actor} has ${affordable(turn, 'double-move') ? 2 * speed : speed} ft`);
  return accept(c, kind, leaveSteps(state, c.actor, c.path, 'tumble'));
};

/** AVOID-5: move, attack, move on, all within speed; the foe attacked gets no opportunity. */
const planSpringAttack: Planner<'SpringAttack'> = (state, turn, c) => {
  if (!statsOf(state, c.actor).feats.includes('spring-attack')) return reject('no-feat', `${c.actor} does not have Spring Attack`);
  const bad = checkTarget(state, c.actor, c.target);
  if (bad) return { ok: false, rejection: bad };
  if (c.path.length === 0 || c.then.length === 0) return reject('bad-spring-attack', 'Spring Attack moves at least 5 ft before and after the attack');
  if (turn.moved || turn.stepped) return reject('moved-already', 'Spring Attack must be the whole of the turn\'s movement');
  if (!affordable(turn, 'double-move')) return reject('no-action-left', `${c.actor} needs its move and standard actions`);
  const whole = [...c.path, ...c.then];
  const badPath = checkPath(state, c.actor, whole, 'spring-attack');
  if (badPath) return { ok: false, rejection: badPath };
  const midway = c.path[c.path.length - 1]!;
  if (occupantOther(state, c.actor, midway)) return reject('occupied', `cannot attack from ${fmt(midway)}, occupied`);
  const feet = pathCost(state, c.actor, whole);
  if (feet > statsOf(state, c.actor).speed) return reject('too-far', `Spring Attack moves at most ${statsOf(state, c.actor).speed} ft (this path: ${feet} ft)`);
  const there = withPosition(state, c.actor, midway);
  const step = attackStep(there, c.actor, c.target, null, 0);
  if (!isStep(step)) return { ok: false, rejection: step };
  const steps = [...leaveSteps(state, c.actor, c.path, 'spring-attack'), step, ...leaveSteps(state, c.actor, c.then, 'spring-attack', midway)];
  return accept(c, 'double-move', steps);
};

const withPosition = (state: CombatState, id: CreatureId, at: Square): CombatState => ({
  ...state,
  creatures: { ...state.creatures, [id]: { ...creatureOf(state, id), at } },
});

/** PROV-3, AOO-5: trip and disarm provoke from their target unless the matching Improved feat. */
const planManeuver: Planner<'Trip' | 'Disarm'> = (state, turn, c) => {
  const bad = checkTarget(state, c.actor, c.target);
  if (bad) return { ok: false, rejection: bad };
  if (!affordable(turn, 'standard')) return reject('no-action-left', `${c.actor} has no standard action left`);
  const weapon = usableMelee(state, c.actor);
  if (weapon && !attackReaches(state, c.actor, weapon, c.target)) return reject('out-of-reach', `${c.target} is out of reach`);
  if (!weapon && distanceBetween(state, c.actor, c.target) > statsOf(state, c.actor).reach) return reject('out-of-reach', `${c.target} is out of reach`);
  const maneuver = c.type === 'Trip' ? 'trip' : 'disarm';
  if (maneuver === 'disarm' && !usableMelee(state, c.target)) return reject('nothing-to-disarm', `${c.target} holds no weapon`);
  const rule = ACTION_RULES[c.type];
  const provokes = statsOf(state, c.actor).feats.includes(rule.avoidedBy) ? null : rule.provokes;
  return accept(c, 'standard', [{ kind: 'maneuver', maneuver, target: c.target, provokes }]);
};

/** VAR-1: disregarding a flanker provokes from it; it then gives no flank and gets no +2. */
const planIgnoreFlanker: Planner<'IgnoreFlanker'> = (state, _turn, c) => {
  if (!state.rules.ignoreFlankers) return reject('rule-off', 'ignoring flankers needs the ignoreFlankers rule option (VAR-1)');
  const bad = checkTarget(state, c.actor, c.target);
  if (bad) return { ok: false, rejection: bad };
  if (!areFoes(state, c.actor, c.target) || !threatensCreature(state, c.target, c.actor)) return reject('bad-target', `${c.target} is not a foe threatening ${c.actor}`);
  return accept(c, 'free', [
    { kind: 'distract', trigger: 'ignore-flanker', action: ACTION_NAMES[c.type], only: c.target },
    { kind: 'ignore-flanker', flanker: c.target },
  ]);
};

function planSimple(state: CombatState, turn: TurnState, c: Command): PlanResult {
  const rule = ACTION_RULES[c.type];
  if (!affordable(turn, rule.cost)) return reject('no-action-left', `${c.actor} has no ${rule.cost} action left`);
  const steps: Step[] = [];
  const avoided = rule.avoidedBy !== null && statsOf(state, c.actor).feats.includes(rule.avoidedBy);
  if (rule.provokes && !avoided) steps.push({ kind: 'distract', trigger: rule.provokes, action: ACTION_NAMES[c.type], only: null });
  // A disarmed creature gets a weapon back by drawing one or picking its own up.
  if ((c.type === 'DrawWeapon' || c.type === 'PickUp') && has(creatureOf(state, c.actor), 'disarmed')) steps.push({ kind: 'recover-weapon' });
  if (c.type === 'TotalDefense') steps.push({ kind: 'effect', effect: 'total-defense' });
  if (c.type === 'StandUp') {
    if (!has(creatureOf(state, c.actor), 'prone')) return reject('not-prone', `${c.actor} is not prone`);
    steps.push({ kind: 'stand-up' });
  }
  if (c.type === 'EndTurn') steps.push({ kind: 'end-turn' });
  return accept(c, rule.cost, steps);
}


/** Validates `command` for the creature whose turn it is and plans its steps. */
export function planCommand(state: CombatState, command: Command): PlanResult {
  const result = planSteps(state, command);
  if (!result.ok) return result;
  const steps = [...result.plan.steps];
  // AOO-6: Power Attack is chosen with the attack and lasts until the next turn.
  if ('powerAttack' in command && command.powerAttack > 0) steps.unshift({ kind: 'power-attack', amount: command.powerAttack });
  // CORE-4: a strenuous action begun while disabled costs 1 hp once done.
  if (ACTION_RULES[command.type].strenuous && hpStateOf(state, command.actor) === 'disabled') steps.push({ kind: 'exertion' });
  return { ok: true, plan: { ...result.plan, steps } };
}

function planSteps(state: CombatState, command: Command): PlanResult {
  if (state.phase === 'ended') return reject('fight-over', 'the fight has ended');
  const turn = state.turn;
  if (!state.creatures[command.actor]) return reject('unknown-actor', `no combatant "${command.actor}"`);
  if (!turn || turn.actor !== command.actor) return reject('not-your-turn', `it is not ${command.actor}'s turn${turn ? ` (it is ${turn.actor}'s)` : ''}`);
  if (!canActNow(state, command.actor) && command.type !== 'EndTurn') return reject('cannot-act', `${command.actor} cannot act`);
  switch (command.type) {
    case 'Move': return planMove(state, turn, command);
    case 'FiveFootStep': return planFiveFootStep(state, turn, command);
    case 'Withdraw': return planWithdraw(state, turn, command);
    case 'Attack': return planAttack(state, turn, command);
    case 'FullAttack': return planFullAttack(state, turn, command);
    case 'Charge': return planCharge(state, turn, command);
    case 'CastSpell': return planCast(state, turn, command);
    case 'Touch': return planTouch(state, turn, command);
    case 'Tumble': return planTumble(state, turn, command);
    case 'SpringAttack': return planSpringAttack(state, turn, command);
    case 'Trip':
    case 'Disarm':
      return planManeuver(state, turn, command);
    case 'IgnoreFlanker': return planIgnoreFlanker(state, turn, command);
    case 'DrinkPotion':
    case 'StandUp':
    case 'PickUp':
    case 'TotalDefense':
    case 'DrawWeapon':
    case 'EndTurn':
      return planSimple(state, turn, command);
    default: {
      const never: never = command;
      return never;
    }
  }
}
