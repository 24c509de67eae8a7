// Every legal command for the creature whose turn it is, each with the opportunities it would provoke.
import type { Command } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { SPELL_IDS, type SpellId } from '../model/stats.ts';
import { squaresOf } from '../rules/grid.ts';
import { SPELL_RULES } from '../rules/spells.ts';
import { canTakeOpportunity } from './opportunity.ts';
import { reachableSquares } from './pathfinding.ts';
import { planCommand } from './plan.ts';
import { areFoes, creatureOf, hpStateOf, sees, statsOf, threatens, usableAttacks } from './queries.ts';

export interface LegalCommand {
  readonly command: Command;
  /** Foes that would get an attack of opportunity from it, as things stand (PROV-1..5). */
  readonly provokes: readonly CreatureId[];
}

const withPosition = (state: CombatState, id: CreatureId, at: Square): CombatState => ({
  ...state,
  creatures: { ...state.creatures, [id]: { ...creatureOf(state, id), at } },
});

/** Foes that would get a movement opportunity along `path` (one each per turn, PROV-2). */
export function provokedAlong(state: CombatState, mover: CreatureId, path: readonly Square[], mode: 'move' | 'withdraw' | 'five-foot-step'): CreatureId[] {
  if (mode === 'five-foot-step') return [];
  const size = statsOf(state, mover).size;
  const already = new Set(state.turn?.movementOpportunities ?? []);
  const out: CreatureId[] = [];
  let here = creatureOf(state, mover).at;
  for (const [i, next] of path.entries()) {
    const now = withPosition(state, mover, here);
    const after = squaresOf(next, size);
    const left = squaresOf(here, size).filter((sq) => !after.some((a) => a[0] === sq[0] && a[1] === sq[1]));
    for (const foe of state.listed) {
      if (already.has(foe) || out.includes(foe)) continue;
      if (mode === 'withdraw' && i === 0 && sees(state, mover, foe)) continue; // AVOID-2
      if (canTakeOpportunity(now, foe, mover, left)) out.push(foe);
    }
    here = next;
  }
  return out;
}

/** Foes that would get an opportunity for a distracting action where the creature stands (PROV-3). */
function provokedHere(state: CombatState, actor: CreatureId, only: CreatureId | null = null): CreatureId[] {
  const here = squaresOf(creatureOf(state, actor).at, statsOf(state, actor).size);
  return state.listed.filter((foe) => (only === null || foe === only) && canTakeOpportunity(state, foe, actor, here));
}

function moveCommands(state: CombatState, actor: CreatureId): LegalCommand[] {
  const turn = state.turn!;
  const speed = statsOf(state, actor).speed;
  const start = creatureOf(state, actor).at;
  const out: LegalCommand[] = [];
  const isStart = (p: Square[]) => p.length === 0 || (p[p.length - 1]![0] === start[0] && p[p.length - 1]![1] === start[1]);
  const budget = turn.moveLeft && turn.standardLeft && !turn.limited ? speed * 2 : speed;
  if (!turn.stepped && (turn.moveLeft || turn.standardLeft)) {
    for (const { path } of reachableSquares(state, actor, budget)) {
      if (!isStart(path)) out.push({ command: { type: 'Move', actor, path }, provokes: provokedAlong(state, actor, path, 'move') });
    }
    // AVOID-3: tumbling at half speed (creatures with ranks in Tumble); `provokes` lists the foes whose checks could fail.
    const tumbleFeet = Math.floor(budget / 2 / 5) * 5;
    if (statsOf(state, actor).skills.tumble > 0 && tumbleFeet >= 5) {
      for (const { path } of reachableSquares(state, actor, tumbleFeet)) {
        if (!isStart(path)) out.push({ command: { type: 'Tumble', actor, path, through: false }, provokes: provokedAlong(state, actor, path, 'move') });
      }
    }
  }
  if (!turn.moved && !turn.stepped) {
    for (const { path } of reachableSquares(state, actor, 5)) {
      if (path.length === 1) out.push({ command: { type: 'FiveFootStep', actor, to: path[0]! }, provokes: [] });
    }
    const far = turn.limited ? speed : speed * 2;
    for (const { path } of reachableSquares(state, actor, far)) {
      if (!isStart(path)) out.push({ command: { type: 'Withdraw', actor, path }, provokes: provokedAlong(state, actor, path, 'withdraw') });
    }
  }
  return out;
}

function attackCommands(state: CombatState, actor: CreatureId): LegalCommand[] {
  const out: LegalCommand[] = [];
  const foes = state.listed.filter((id) => areFoes(state, actor, id) && hpStateOf(state, id) !== 'dead');
  for (const target of foes) {
    for (const attack of usableAttacks(state, actor)) {
      const provokes = attack.kind === 'ranged' || (attack.unarmed && !statsOf(state, actor).feats.includes('improved-unarmed-strike')) ? provokedHere(state, actor) : [];
      out.push({ command: { type: 'Attack', actor, target, with: attack.name, powerAttack: 0 }, provokes });
      if (attack.bonus.length > 1 || attack.kind === 'natural') {
        out.push({ command: { type: 'FullAttack', actor, targets: [target], with: attack.kind === 'natural' ? null : attack.name, stepAfter: null, powerAttack: 0 }, provokes });
      }
    }
    out.push({ command: { type: 'Trip', actor, target }, provokes: statsOf(state, actor).feats.includes('improved-trip') ? [] : provokedHere(state, actor, target) });
    out.push({ command: { type: 'Disarm', actor, target }, provokes: statsOf(state, actor).feats.includes('improved-disarm') ? [] : provokedHere(state, actor, target) });
    out.push({ command: { type: 'Touch', actor, target }, provokes: [] });
  }
  return out;
}

/** Charges: the straight approach to each foe, found as the shortest path that ends in reach. */
function chargeCommands(state: CombatState, actor: CreatureId): LegalCommand[] {
  const out: LegalCommand[] = [];
  const speed = statsOf(state, actor).speed;
  const options = reachableSquares(state, actor, speed * 2);
  for (const target of state.listed.filter((id) => areFoes(state, actor, id) && hpStateOf(state, id) !== 'dead')) {
    const paths = options.map((o) => o.path).filter((p) => p.length >= 2).sort((a, b) => a.length - b.length);
    const path = paths.find((p) => planCommand(state, { type: 'Charge', actor, target, path: p, powerAttack: 0 }).ok);
    if (path) out.push({ command: { type: 'Charge', actor, target, path, powerAttack: 0 }, provokes: provokedAlong(state, actor, path, 'move') });
  }
  return out;
}

function spellCommands(state: CombatState, actor: CreatureId): LegalCommand[] {
  const out: LegalCommand[] = [];
  const spells = creatureOf(state, actor).spells;
  for (const spell of SPELL_IDS.filter((s): s is SpellId => (spells[s] ?? 0) > 0)) {
    const friendly = SPELL_RULES[spell].delivery === 'touch-heal' || SPELL_RULES[spell].delivery === 'touch-condition';
    const targets = state.listed.filter((id) => (friendly ? !areFoes(state, actor, id) : areFoes(state, actor, id)) && hpStateOf(state, id) !== 'dead');
    for (const target of [...targets, ...(SPELL_RULES[spell].delivery === 'melee-touch' ? [null] : [])]) {
      out.push({ command: { type: 'CastSpell', actor, spell, target, at: null, defensively: false }, provokes: provokedHere(state, actor) });
      out.push({ command: { type: 'CastSpell', actor, spell, target, at: null, defensively: true }, provokes: [] });
    }
  }
  return out;
}

function simpleCommands(state: CombatState, actor: CreatureId): LegalCommand[] {
  return [
    { command: { type: 'TotalDefense', actor }, provokes: [] },
    { command: { type: 'DrawWeapon', actor }, provokes: [] },
    { command: { type: 'StandUp', actor }, provokes: provokedHere(state, actor) },
    { command: { type: 'PickUp', actor }, provokes: provokedHere(state, actor) },
    { command: { type: 'EndTurn', actor }, provokes: [] },
  ];
}

/** Every command the rules accept now for the creature whose turn it is (checked by planCommand). */
export function legalCommands(state: CombatState): LegalCommand[] {
  const actor = state.turn?.actor;
  if (!actor || state.phase === 'ended') return [];
  const candidates = [
    ...attackCommands(state, actor),
    ...spellCommands(state, actor),
    ...moveCommands(state, actor),
    ...chargeCommands(state, actor),
    ...simpleCommands(state, actor),
  ];
  return candidates.filter((c) => planCommand(state, c.command).ok);
}

/** Whether `id` threatens `target` now: for bots weighing opportunities. */
export const threatensNow = (state: CombatState, id: CreatureId, target: CreatureId): boolean =>
  squaresOf(creatureOf(state, target).at, statsOf(state, target).size).some((sq) => threatens(state, id, sq));
