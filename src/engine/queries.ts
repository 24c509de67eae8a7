// Read-only questions about a combat state, shared by decide, the machines, bots and narration.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState, CreatureState } from '../model/state.ts';
import type { AttackProfile, Condition, StatBlock } from '../model/stats.ts';
import { HP_STATE_CAN_ACT, hpState, type HpState } from '../rules/hp.ts';
import { threatensSquare } from '../rules/threat.ts';
import { spaceDistanceFeet, squaresOf } from '../rules/grid.ts';
import { spaceOf } from '../rules/size.ts';

export function statsOf(state: CombatState, id: CreatureId): StatBlock {
  const s = state.stats[id];
  if (!s) throw new Error(`unknown creature ${JSON.stringify(id)}`);
  return s;
}

export function creatureOf(state: CombatState, id: CreatureId): CreatureState {
  const c = state.creatures[id];
  if (!c) throw new Error(`unknown creature ${JSON.stringify(id)}`);
  return c;
}

export const has = (c: CreatureState, condition: Condition): boolean => c.conditions.includes(condition);

export function hpStateOf(state: CombatState, id: CreatureId): HpState {
  const c = creatureOf(state, id);
  return hpState(c.hp, c.stable, statsOf(state, id).creatureType);
}

/** CORE-12: conditions that keep a creature from acting at all. */
const INCAPACITATING: readonly Condition[] = ['helpless', 'unconscious', 'stunned'];

export function canActNow(state: CombatState, id: CreatureId): boolean {
  return canCreatureAct(creatureOf(state, id), statsOf(state, id));
}

/** canActNow for a creature and its stat block (evolve calls it on a draft, with the static stats). */
export function canCreatureAct(c: Pick<CreatureState, 'hp' | 'stable' | 'nonlethal' | 'conditions'>, stats: StatBlock): boolean {
  // Nonlethal damage beyond current hit points knocks a creature out.
  if (!HP_STATE_CAN_ACT[hpState(c.hp, c.stable, stats.creatureType)] || c.nonlethal > c.hp) return false;
  const conditions = c.conditions;
  for (let i = 0; i < conditions.length; i++) if (INCAPACITATING.includes(conditions[i]!)) return false;
  return true;
}

export const areFoes = (state: CombatState, a: CreatureId, b: CreatureId): boolean =>
  statsOf(state, a).side !== statsOf(state, b).side;

/** Sides that still have a creature able to act (CORE-12). */
export function sidesStanding(state: CombatState): string[] {
  const sides: string[] = [];
  for (const id of state.listed) {
    const side = statsOf(state, id).side;
    if (!sides.includes(side) && canActNow(state, id)) sides.push(side);
  }
  return sides;
}

/** CORE-12: at most one side can still act. Asked after every command: no list is built (issue 6). */
export function fightIsOver(state: CombatState): boolean {
  let standing: string | null = null;
  for (const id of state.listed) {
    if (!canActNow(state, id)) continue;
    const side = statsOf(state, id).side;
    if (standing === null) standing = side;
    else if (side !== standing) return false;
  }
  return true;
}

/** The default melee attack: the first melee or natural entry (SPEC). */
export function defaultMelee(stats: StatBlock): AttackProfile | null {
  return stats.attacks.find((a) => a.kind === 'melee' || a.kind === 'natural') ?? null;
}

export function findAttack(stats: StatBlock, name: string | null): AttackProfile | null {
  if (name === null) return defaultMelee(stats) ?? stats.attacks[0] ?? null;
  return stats.attacks.find((a) => a.name === name) ?? null;
}

/** A disarmed creature has lost its melee weapon (AOO-5); natural and unarmed attacks remain. */
const lostWeapon = (a: AttackProfile, disarmed: boolean): boolean => disarmed && a.kind === 'melee' && !a.unarmed;

/** THR-5: the attacks that let a creature threaten: armed melee, natural, unarmed with the feat. */
export function threateningAttacks(stats: StatBlock, disarmed = false): AttackProfile[] {
  return computeThreatening(stats, disarmed);
}

function computeThreatening(stats: StatBlock, disarmed: boolean): AttackProfile[] {
  return stats.attacks.filter(
    (a) =>
      !lostWeapon(a, disarmed) &&
      (a.kind === 'natural' || (a.kind === 'melee' && (!a.unarmed || stats.feats.includes('improved-unarmed-strike')))),
  );
}

/** The attacks a creature can make right now. */
export function usableAttacks(state: CombatState, id: CreatureId): AttackProfile[] {
  const disarmed = has(creatureOf(state, id), 'disarmed');
  return statsOf(state, id).attacks.filter((a) => !lostWeapon(a, disarmed));
}

/** The melee attack it would use now: its default melee attack, or what is left after a disarm. */
export function usableMelee(state: CombatState, id: CreatureId): AttackProfile | null {
  return usableAttacks(state, id).find((a) => a.kind === 'melee' || a.kind === 'natural') ?? null;
}

/** Like findAttack, but a disarmed creature's lost weapon is not found. */
export function findUsableAttack(state: CombatState, id: CreatureId, name: string | null): AttackProfile | null {
  const usable = usableAttacks(state, id);
  if (name === null) return usable.find((a) => a.kind === 'melee' || a.kind === 'natural') ?? usable[0] ?? null;
  return usable.find((a) => a.name === name) ?? null;
}

const heldCharge = (c: CreatureState): boolean => c.conditions.some((k) => k.startsWith('holding-charge:'));

/** THR-6: grappling, helpless, unconscious, dying or dead creatures threaten nothing. */
const THREAT_BLOCKERS: readonly Condition[] = ['grappling', 'helpless', 'unconscious', 'stunned'];

/** THR-1, THR-3..6: does `id` threaten `square` right now? */
export function threatens(state: CombatState, id: CreatureId, square: Square): boolean {
  const stats = statsOf(state, id);
  const c = creatureOf(state, id);
  if (!HP_STATE_CAN_ACT[hpState(c.hp, c.stable, stats.creatureType)]) return false;
  const conditions = c.conditions;
  for (let i = 0; i < conditions.length; i++) if (THREAT_BLOCKERS.includes(conditions[i]!)) return false;
  const weapons = threateningCached(stats, conditions.includes('disarmed'));
  // THR-5: a held touch-spell charge arms the creature like an unarmed strike would.
  const charged = heldCharge(c);
  if (!charged && weapons.length === 0) return false;
  const input = { at: c.at, size: stats.size, reach: stats.reach, reachWeapon: false, options: state.rules };
  if (charged && threatensSquare(input, state.map, square)) return true;
  for (let i = 0; i < weapons.length; i++) {
    input.reachWeapon = weapons[i]!.reachWeapon;
    if (threatensSquare(input, state.map, square)) return true;
  }
  return false;
}

/** threateningAttacks per stat block (stat blocks never change during a fight); callers must not mutate. */
const threateningCache = new WeakMap<StatBlock, { armed: AttackProfile[]; disarmed: AttackProfile[] }>();

function threateningCached(stats: StatBlock, disarmed: boolean): readonly AttackProfile[] {
  let entry = threateningCache.get(stats);
  if (!entry) {
    entry = { armed: computeThreatening(stats, false), disarmed: computeThreatening(stats, true) };
    threateningCache.set(stats, entry);
  }
  return disarmed ? entry.disarmed : entry.armed;
}

/** Does `id` threaten any square of `target`'s space? */
export function threatensCreature(state: CombatState, id: CreatureId, target: CreatureId): boolean {
  const t = creatureOf(state, target);
  const size = statsOf(state, target).size;
  if (spaceOf(size) === 1) return threatens(state, id, t.at);
  return squaresOf(t.at, size).some((sq) => threatens(state, id, sq));
}

/** Can `attack` reach `target` from where `attacker` stands (THR-1, THR-4)? */
export function attackReaches(state: CombatState, attacker: CreatureId, attack: AttackProfile, target: CreatureId): boolean {
  const a = creatureOf(state, attacker);
  const stats = statsOf(state, attacker);
  const t = creatureOf(state, target);
  const input = { at: a.at, size: stats.size, reach: stats.reach, reachWeapon: attack.reachWeapon, options: state.rules };
  return squaresOf(t.at, statsOf(state, target).size).some((sq) => threatensSquare(input, state.map, sq));
}

export function distanceBetween(state: CombatState, a: CreatureId, b: CreatureId): number {
  return spaceDistanceFeet(creatureOf(state, a).at, statsOf(state, a).size, creatureOf(state, b).at, statsOf(state, b).size);
}

/** THR-7, DEX-2: can `observer` see `target`? Blindsight within range sees everything. */
export function sees(state: CombatState, observer: CreatureId, target: CreatureId): boolean {
  const o = creatureOf(state, observer);
  const t = creatureOf(state, target);
  const hidden = has(o, 'blinded') || has(t, 'invisible') || has(t, 'greater-invisible') || has(t, 'totally-concealed');
  if (!hidden) return true;
  const blindsight = statsOf(state, observer).blindsight;
  return blindsight > 0 && distanceBetween(state, observer, target) <= blindsight;
}

export function occupant(state: CombatState, square: Square): CreatureId | null {
  for (const id of state.listed) {
    const c = creatureOf(state, id);
    if (hpStateOf(state, id) === 'dead') continue;
    const size = statsOf(state, id).size;
    if (spaceOf(size) === 1) {
      if (c.at[0] === square[0] && c.at[1] === square[1]) return id;
    } else if (squaresOf(c.at, size).some((s) => s[0] === square[0] && s[1] === square[1])) return id;
  }
  return null;
}

/** Position of a creature in the initiative order (RES-5 orders reactors by it). */
export const initiativeRank = (state: CombatState, id: CreatureId): number => {
  const i = state.order.indexOf(id);
  return i < 0 ? state.order.length + state.listed.indexOf(id) : i;
};
