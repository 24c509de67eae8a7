// What the tactician knows at one decision: the foes its side can see, their estimated hit points, how
// dangerous every creature is, and the damage distributions of attacks between them (cached).
import type { CombatEvent } from '../../model/events.ts';
import type { CreatureId, SideName, Square } from '../../model/ids.ts';
import type { CombatState } from '../../model/state.ts';
import type { AttackProfile, SpellId } from '../../model/stats.ts';
import { armorClassAgainst, dexDenial, isFlanking, missChance, sneakApplies } from '../../engine/attack-context.ts';
import { canActNow, creatureOf, has, sees, statsOf, usableAttacks } from '../../engine/queries.ts';
import { aooLeft } from '../../engine/opportunity.ts';
import { cureBonus, missileCount, shockingGraspDice } from '../../rules/spells.ts';
import { spaceDistanceFeet } from '../../rules/grid.ts';
import { effectiveReach } from '../../rules/threat.ts';
import type { Observation } from '../observation.ts';
import { attackDist, convolve, mean, missilesDist, type Dist } from './dist.ts';

/** Running tallies from the public event stream, kept across the decisions of one fight. */
export class Memory {
  private seen = 0;
  private first: CombatEvent | null = null;
  readonly healed = new Map<CreatureId, number>();
  readonly spellsCast = new Map<CreatureId, Map<SpellId, number>>();
  /** Round of the last damage dealt by an attack or a spell (for stalemate breaking). */
  lastContactRound = 0;
  private round = 0;

  update(events: readonly CombatEvent[]): void {
    if (events.length < this.seen || (events.length > 0 && events[0] !== this.first)) this.reset(events);
    for (let i = this.seen; i < events.length; i++) {
      const e = events[i]!;
      if (e.type === 'RoundBegan') this.round = e.round;
      else if (e.type === 'HealingReceived') this.healed.set(e.target, (this.healed.get(e.target) ?? 0) + e.amount);
      else if (e.type === 'SpellBegun') {
        const m = this.spellsCast.get(e.caster) ?? new Map<SpellId, number>();
        m.set(e.spell, (m.get(e.spell) ?? 0) + 1);
        this.spellsCast.set(e.caster, m);
      } else if (e.type === 'AttackRolled' || (e.type === 'DamageDealt' && e.cause !== 'bleeding')) this.lastContactRound = this.round;
    }
    this.seen = events.length;
  }

  private reset(events: readonly CombatEvent[]): void {
    this.seen = 0;
    this.first = events[0] ?? null;
    this.healed.clear();
    this.spellsCast.clear();
    this.lastContactRound = 0;
    this.round = 0;
  }
}

export const withPosition = (state: CombatState, id: CreatureId, at: Square): CombatState => {
  const c = creatureOf(state, id);
  if (c.at[0] === at[0] && c.at[1] === at[1]) return state;
  return { ...state, creatures: { ...state.creatures, [id]: { ...c, at } } };
};

/** The weapons a full attack with `attack` uses (mirrors the engine's fullAttackBonuses). */
export function fullAttackParts(attack: AttackProfile, usable: readonly AttackProfile[]): { attack: AttackProfile; bonus: number }[] {
  // A natural full attack is sent with no weapon name: the default melee entry decides (all natural attacks).
  if (attack.kind === 'natural') {
    const main = usable.find((a) => a.kind === 'melee' || a.kind === 'natural') ?? attack;
    if (main.kind === 'natural') return usable.filter((a) => a.kind === 'natural').flatMap((a) => a.bonus.map((bonus) => ({ attack: a, bonus })));
    return main.bonus.map((bonus) => ({ attack: main, bonus }));
  }
  return attack.bonus.map((bonus) => ({ attack, bonus }));
}

export interface Situation {
  /** Extra attack bonus (charge +2). */
  readonly extraBonus?: number;
  /** The defender's AC changes (charging -2 on the defender is not ours to model). */
  readonly acDelta?: number;
  readonly provokedBy?: 'move' | null;
  readonly touch?: boolean;
}

export class World {
  readonly state: CombatState;
  readonly me: CreatureId;
  readonly side: SideName;
  /** Foes the side can see and locate, able to act. */
  readonly foes: CreatureId[];
  /** Own side able to act, the actor included. */
  readonly team: CreatureId[];
  /** Own side not dead (heal targets), the actor included. */
  readonly friends: CreatureId[];
  private readonly hpEstimate = new Map<CreatureId, number>();
  private readonly threatCache = new Map<CreatureId, number>();
  readonly memory: Memory;

  constructor(state: CombatState, me: CreatureId, observation: Observation, memory: Memory) {
    this.state = state;
    this.me = me;
    this.memory = memory;
    this.side = observation.side;
    this.foes = [];
    this.team = [];
    this.friends = [];
    for (const seen of observation.creatures) {
      if (seen.side === this.side) {
        if (seen.hpState !== 'dead') this.friends.push(seen.id);
        if (canActNow(state, seen.id)) this.team.push(seen.id);
        this.hpEstimate.set(seen.id, seen.hp ?? creatureOf(state, seen.id).hp);
        continue;
      }
      const hp = statsOf(state, seen.id).maxHp - seen.damageTaken + (memory.healed.get(seen.id) ?? 0);
      this.hpEstimate.set(seen.id, Math.max(1, Math.min(hp, statsOf(state, seen.id).maxHp)));
      if (seen.at === null || seen.hpState === 'dead') continue;
      const able = seen.hpState === 'fine' || seen.hpState === 'disabled';
      const helpless = seen.conditions.some((k) => k === 'helpless' || k === 'unconscious' || k === 'stunned');
      if (able && !helpless) {
        this.foes.push(seen.id);
        this.hpEstimate.set(seen.id, seen.hpState === 'disabled' ? 0 : Math.max(1, Math.min(hp, statsOf(state, seen.id).maxHp)));
      }
    }
  }

  isFoe(id: CreatureId): boolean {
    return statsOf(this.state, id).side !== this.side;
  }

  /** Hit points left: exact for the own side, estimated from the damage seen for foes. */
  hp(id: CreatureId): number {
    const known = this.hpEstimate.get(id);
    if (known !== undefined) return known;
    // A foe this side has never seen: its stat block's hit points, nothing more.
    return this.isFoe(id) ? statsOf(this.state, id).maxHp : creatureOf(this.state, id).hp;
  }

  /** Hit points to take before the creature stops acting (0 hp still acts, disabled). */
  toDrop(id: CreatureId): number {
    return Math.max(1, this.hp(id) + 1);
  }

  /** The creatures that oppose `id`'s side (as far as this side knows). */
  opponentsOf(id: CreatureId): CreatureId[] {
    return this.isFoe(id) ? this.team : this.foes;
  }

  /** Damage per round the creature can deal: its best attack routine or spell, plus healing. */
  threat(id: CreatureId): number {
    const hit = this.threatCache.get(id);
    if (hit !== undefined) return hit;
    const state = this.state;
    const stats = statsOf(state, id);
    const opponents = this.opponentsOf(id);
    const refs = opponents.length ? opponents : [this.me];
    const ac = Math.round(refs.reduce((s, o) => s + statsOf(state, o).ac.total, 0) / refs.length);
    const touch = Math.round(refs.reduce((s, o) => s + statsOf(state, o).ac.touch, 0) / refs.length);
    const usable = usableAttacks(state, id);
    let best = 0;
    for (const a of usable) {
      const parts = a.bonus.length > 1 || a.kind === 'natural' ? fullAttackParts(a, usable) : [{ attack: a, bonus: a.bonus[0] ?? 0 }];
      let total = 0;
      for (const p of parts) total += mean(attackDist(plainOdds(p.attack, p.bonus, ac)));
      best = Math.max(best, total);
    }
    const spells = this.spellsOf(id);
    let spell = 0;
    let heal = 0;
    if ((spells['magic-missile'] ?? 0) > 0) spell = Math.max(spell, 3.5 * missileCount(stats.casterLevel));
    if ((spells['acid-arrow'] ?? 0) > 0) spell = Math.max(spell, mean(attackDist(touchOdds('2d4', stats.rangedTouch, touch))));
    if ((spells['shocking-grasp'] ?? 0) > 0) spell = Math.max(spell, mean(attackDist(touchOdds(`${shockingGraspDice(stats.casterLevel)}d6`, stats.meleeTouch, touch))));
    if ((spells['cure-light-wounds'] ?? 0) > 0) heal = 0.5 * (4.5 + cureBonus(stats.casterLevel));
    const value = Math.max(1, Math.max(best, spell) + heal);
    this.threatCache.set(id, value);
    return value;
  }

  /** Spells left: exact for the own side; for foes, guessed from what they have cast so far. */
  spellsOf(id: CreatureId): Partial<Record<SpellId, number>> {
    if (!this.isFoe(id)) return creatureOf(this.state, id).spells;
    const cast = this.memory.spellsCast.get(id);
    const out: Partial<Record<SpellId, number>> = {};
    if (cast) for (const [spell, n] of cast) out[spell] = n < 4 ? 1 : 0;
    else if (statsOf(this.state, id).skills.concentration > 0) out['magic-missile'] = 1;
    return out;
  }

  /**
   * Damage of `attacker`'s attack with `attack` at `bonus` against `defender`, in `state` (positions may be
   * hypothetical): flanking, denied Dex, sneak attack, concealment and AC as the engine computes them.
   */
  attackDist(state: CombatState, attacker: CreatureId, defender: CreatureId, attack: AttackProfile, bonus: number, s: Situation = {}): number[] {
    const touch = s.touch === true;
    const denied = dexDenial(state, attacker, defender) !== null;
    const flanking = attack.kind !== 'ranged' && isFlanking(state, attacker, defender);
    const unseen = !sees(state, defender, attacker);
    const ac = armorClassAgainst(state, defender, denied, touch, s.provokedBy ?? null).ac + (s.acDelta ?? 0);
    const sneak = sneakApplies(state, attacker, defender, attack, denied, flanking) ? statsOf(state, attacker).sneakAttack : 0;
    const d = statsOf(state, defender);
    return attackDist({
      bonus: bonus + (s.extraBonus ?? 0) + (flanking ? 2 : 0) + (unseen ? 2 : 0),
      ac,
      critRange: attack.crit.range,
      multiplier: attack.crit.multiplier,
      critImmune: d.critImmune,
      missChance: missChance(state, attacker, defender),
      damage: attack.damage,
      sneakDice: sneak,
    });
  }

  /** A full attack routine (or the single attack) against one defender. */
  routineDist(state: CombatState, attacker: CreatureId, defender: CreatureId, attack: AttackProfile, full: boolean, s: Situation = {}): Dist {
    const parts = full ? fullAttackParts(attack, usableAttacks(state, attacker)) : [{ attack, bonus: attack.bonus[0] ?? 0 }];
    let out: Dist = [1];
    for (const p of parts) out = convolve(out, this.attackDist(state, attacker, defender, p.attack, p.bonus, s), 400);
    return out;
  }

  /** The spell's damage against a foe (acid arrow, shocking grasp: touch attacks; magic missile: none). */
  spellDist(state: CombatState, caster: CreatureId, target: CreatureId, spell: SpellId): Dist | null {
    const stats = statsOf(state, caster);
    switch (spell) {
      case 'magic-missile':
        return missilesDist(missileCount(stats.casterLevel));
      case 'acid-arrow':
        return this.attackDist(state, caster, target, touchProfile('acid-arrow', 'ranged', '2d4'), stats.rangedTouch, { touch: true });
      case 'shocking-grasp':
        return this.attackDist(state, caster, target, touchProfile('shocking-grasp', 'melee', `${shockingGraspDice(stats.casterLevel)}d6`), stats.meleeTouch, { touch: true });
      default:
        return null;
    }
  }

  distance(a: CreatureId, aAt: Square, b: CreatureId, bAt: Square): number {
    return spaceDistanceFeet(aAt, statsOf(this.state, a).size, bAt, statsOf(this.state, b).size);
  }

  private readonly reachCache = new Map<CreatureId, number>();

  /** Reach in feet of the creature's best threatening melee attack (0 when it has none). */
  meleeReach(id: CreatureId): number {
    const hit = this.reachCache.get(id);
    if (hit !== undefined) return hit;
    const stats = statsOf(this.state, id);
    let r = 0;
    for (const a of usableAttacks(this.state, id)) {
      if (a.kind === 'ranged' || (a.unarmed && !stats.feats.includes('improved-unarmed-strike'))) continue;
      r = Math.max(r, effectiveReach({ at: [0, 0], size: stats.size, reach: stats.reach, reachWeapon: a.reachWeapon, options: this.state.rules }));
    }
    this.reachCache.set(id, r);
    return r;
  }

  /** Could the creature make an attack of opportunity right now, wherever the provoker is (AOO-2, FF-2, CORE-8)? */
  canReact(reactor: CreatureId, provoker: CreatureId): boolean {
    const state = this.state;
    if (!canActNow(state, reactor)) return false;
    const c = creatureOf(state, reactor);
    if (aooLeft(state, reactor) <= 0) return false;
    if (c.flatFooted && !statsOf(state, reactor).feats.includes('combat-reflexes')) return false;
    if (c.effects.some((e) => e.kind === 'total-defense')) return false;
    if (has(c, 'grappling')) return false;
    return sees(state, reactor, provoker);
  }
}

/** An attack against a plain AC: no flanking, concealment or sneak attack (threat estimates). */
const plainOdds = (attack: AttackProfile, bonus: number, ac: number) =>
  ({ bonus, ac, critRange: attack.crit.range, multiplier: attack.crit.multiplier, critImmune: false, missChance: 0, damage: attack.damage, sneakDice: 0 });

const touchOdds = (damage: string, bonus: number, ac: number) =>
  ({ bonus, ac, critRange: 20, multiplier: 2, critImmune: false, missChance: 0, damage, sneakDice: 0 });

export const touchProfile = (name: string, kind: 'melee' | 'ranged', damage: string): AttackProfile => ({
  name, kind, bonus: [0], damage, crit: { range: 20, multiplier: 2 }, reachWeapon: false, unarmed: false, rangeIncrement: null, twoHanded: false, nonlethal: false,
});
