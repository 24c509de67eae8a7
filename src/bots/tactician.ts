// The tactician bot: a one-ply planner. Each turn it weighs what it can do now (attack, full attack, cast,
// heal) from where it stands, after a 5-foot step, after a move, or as a charge; and where it could end its
// turn (closer to good targets, away from foes that would otherwise full-attack it or its weaker friends).
// Everything is priced in one currency: the expected share of a creature's fighting power removed, from
// exact damage distributions (hit and critical odds, flanking, sneak attack, concealment, hit points left).
import type { Command, OpportunityDecision } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState, TurnState } from '../model/state.ts';
import type { Size, SpellId } from '../model/stats.ts';
import { SPELL_IDS } from '../model/stats.ts';
import { planCommand } from '../engine/plan.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { attackReaches, canActNow, creatureOf, findUsableAttack, has, statsOf, threatens, threatensCreature, usableAttacks } from '../engine/queries.ts';
import { spaceDistanceFeet, squaresOf } from '../rules/grid.ts';
import { spaceOf } from '../rules/size.ts';
import { concentrationDcDefensive, concentrationDcForDamage, cureBonus, SPELL_RULES } from '../rules/spells.ts';
import type { PathResult } from '../engine/pathfinding.ts';
import type { CommandRequest, Controller, OpportunityRequest } from './controller.ts';
import { atLeast, checkChance, convolve, hitDist, maybe, meanCapped, type Dist, ZERO } from './tactics/dist.ts';
import {
  attackCommand, castCommand, chargeCommand, destinations, drawWeapon, endTurn, fullAttackCommand, hasFullAttack, moveCommand,
  standUp, stepCommand, stepSquares, totalDefense, touchCommand, turnRights, withdrawCommand, type TurnRights,
} from './tactics/moves.ts';
import { Memory, withPosition, World } from './tactics/world.ts';

/** Tuning knobs (all in the same currency: fighting power removed, damage-per-round units). */
export interface TacticianWeights {
  /** Weight of the expected fraction of hit points removed. */
  readonly fraction: number;
  /** Weight of the probability of dropping the creature. */
  readonly drop: number;
  /** Weight of the damage the foes are expected to deal next round, given where the turn ends. */
  readonly exposure: number;
  /** Weight of being well placed to attack next turn. */
  readonly approach: number;
  /** Weight of reviving a downed friend (cure light wounds), per unit of its fighting power. */
  readonly revive: number;
  /** Weight of helping an ally flank (its next attacks get +2, a rogue its sneak dice). */
  readonly flankGift: number;
  /** Weight of the damage expected from attacks of opportunity the actor provokes (extra attacks for the foes). */
  readonly aoo: number;
  /** Share of the actor's own exposure counted (it keeps choosing later; its friends' exposure counts in full). */
  readonly self: number;
}

export const DEFAULT_WEIGHTS: TacticianWeights = {
  fraction: 0.5,
  drop: 1,
  exposure: 0.8,
  approach: 0.35,
  revive: 1.2,
  flankGift: 0.5,
  self: 1,
  aoo: 7,
};

export interface TacticianOptions {
  readonly weights?: Partial<TacticianWeights>;
  /** Called with the best options of each decision (for tuning and explanations). */
  readonly trace?: (actor: CreatureId, options: readonly { command: Command; score: number; label: string }[]) => void;
}

export function tacticianBot(options: TacticianOptions = {}): Controller {
  const memory = new Memory();
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  return {
    name: 'tactician',
    chooseCommand(request: CommandRequest): Command {
      memory.update(request.events);
      const state = request.state;
      const turn = state.turn;
      if (!turn || turn.actor !== request.actor || !canActNow(state, request.actor)) return endTurn(request.actor);
      const world = new World(state, request.actor, request.observation, memory);
      return new Planner(world, turn, weights, options.trace ?? null).best();
    },
    chooseOpportunity(request: OpportunityRequest): OpportunityDecision {
      return { take: takeOpportunity(request, memory, weights), with: null };
    },
  };
}

/** Expected-value bookkeeping of one option. */
interface Option {
  readonly command: Command;
  readonly score: number;
  readonly label: string;
}

interface ActionValue {
  readonly command: Command;
  /** Value of the damage (or healing) it is expected to do, after its own risks. */
  readonly value: number;
  /** Foes it may drop, with the chance (they will not act next round). */
  readonly kills: ReadonlyMap<CreatureId, number>;
}

const NO_KILLS: ReadonlyMap<CreatureId, number> = new Map();

type Mode = 'full' | 'one' | 'shoot';

/** What a spell slot lost to a failed Concentration check would have been worth later, as a share of the spell now. */
const SLOT_LATER = 0.5;

interface FoeInfo {
  readonly id: CreatureId;
  readonly at: Square;
  readonly size: Size;
  readonly reach: number;
  readonly speed: number;
  readonly ranged: boolean;
  /** The actor's able friends (the actor aside) and their distance to this foe. */
  readonly others: readonly { readonly x: CreatureId; readonly d: number }[];
  readonly nearest: { readonly x: CreatureId; readonly d: number } | null;
}

/** Value of damage `dist` dealt to `id`: the share of its fighting power removed. */
function damageValue(world: World, w: TacticianWeights, id: CreatureId, dist: Dist): number {
  const h = world.toDrop(id);
  return world.threat(id) * (w.fraction * meanCapped(dist, h) / h + w.drop * atLeast(dist, h));
}

class Planner {
  private readonly state: CombatState;
  private readonly me: CreatureId;
  private readonly rights: TurnRights;
  private readonly here: Square;
  /** Per foe able to make an attack of opportunity against the actor: the squares it threatens. */
  private readonly threatGrids = new Map<CreatureId, Uint8Array>();
  private readonly aooDists = new Map<string, Dist>();
  private readonly exposureCache = new Map<string, number>();
  private readonly pairDists = new Map<string, Dist>();
  private readonly approachCache = new Map<string, number>();
  private readonly singleValues = new Map<string, number>();
  /** Stalemate breaking: after rounds with no blow struck, caution fades and closing in weighs more. */
  private readonly caution: number;
  private readonly eagerness: number;
  private readonly disabled: boolean;
  private infos: FoeInfo[] | null = null;

  constructor(
    private readonly world: World,
    private readonly turn: TurnState,
    private readonly w: TacticianWeights,
    private readonly trace: TacticianOptions['trace'] | null,
  ) {
    this.state = world.state;
    this.me = world.me;
    this.rights = turnRights(this.state, turn, this.me);
    this.here = creatureOf(this.state, this.me).at;
    const { width, height } = this.state.map;
    for (const foe of world.foes) {
      if (!world.canReact(foe, this.me)) continue;
      const grid = new Uint8Array(width * height);
      const at = creatureOf(this.state, foe).at;
      const r = Math.ceil(world.meleeReach(foe) / 5) + spaceOf(statsOf(this.state, foe).size);
      for (let y = Math.max(0, at[1] - r); y <= Math.min(height - 1, at[1] + r); y++) {
        for (let x = Math.max(0, at[0] - r); x <= Math.min(width - 1, at[0] + r); x++) {
          if (threatens(this.state, foe, [x, y])) grid[y * width + x] = 1;
        }
      }
      this.threatGrids.set(foe, grid);
    }
    const idle = Math.max(0, this.state.round - world.memory.lastContactRound - 2);
    this.caution = Math.max(0.1, 1 - 0.3 * idle);
    this.eagerness = 1 + 0.5 * idle;
    this.disabled = creatureOf(this.state, this.me).hp === 0;
  }

  /** The best-scoring option the rules accept (each is built as legal.ts builds it; planCommand double-checks). */
  best(): Command {
    const options = this.options().sort((a, b) => b.score - a.score);
    if (this.trace) this.trace(this.me, options.slice(0, 8));
    for (const o of options) if (o.command.type === 'EndTurn' || planCommand(this.state, o.command).ok) return o.command;
    return endTurn(this.me);
  }

  // ---- the options of this turn -------------------------------------------------------------------

  private options(): Option[] {
    const { world, me, rights, turn } = this;
    const out: Option[] = [];
    const c = creatureOf(this.state, me);
    // Prone: stand up first (a move action); disarmed with nothing else: draw a weapon.
    if (has(c, 'prone') && (turn.moveLeft || turn.standardLeft) && !turn.stepped) {
      out.push({ command: standUp(me), score: 1e6, label: 'stand up' });
      return out;
    }
    if (has(c, 'disarmed') && !usableAttacks(this.state, me).some((a) => a.kind !== 'ranged') && turn.moveLeft && planCommand(this.state, drawWeapon(me)).ok) {
      out.push({ command: drawWeapon(me), score: 1e6, label: 'draw' });
      return out;
    }
    const holdPos = this.position(this.here, NO_KILLS, false);
    out.push({ command: endTurn(me), score: holdPos, label: 'hold' });
    if (world.foes.length === 0 && !this.anyoneToHeal()) return out;

    // Act from here.
    if (rights.standardLeft) {
      const actions = this.actionsAt(this.here, rights.canFull);
      for (const a of actions) {
        out.push({ command: a.command, score: a.value + this.position(this.here, a.kills, true), label: 'act' });
      }
      if (this.threatGrids.size > 0 && (actions.every((a) => a.value <= 0) || this.disabled)) {
        out.push({ command: totalDefense(me), score: this.position(this.here, NO_KILLS, false, 4) - 0.3, label: 'defend' });
      }
    }

    // 5-foot steps, then act.
    if (rights.canStep) {
      for (const to of stepSquares(this.state, me)) {
        const command = stepCommand(me, to);
        let bestHere = this.position(to, NO_KILLS, false);
        if (rights.standardLeft) {
          for (const a of this.actionsAt(to, rights.canFull)) bestHere = Math.max(bestHere, a.value + this.position(to, a.kills, true));
        }
        out.push({ command, score: bestHere, label: 'step' });
      }
    }

    // Moves (then act), withdraws, charges.
    if (rights.canMove || rights.canWithdraw) this.moveOptions(out);
    return out;
  }

  private moveOptions(out: Option[]): void {
    const { me, rights, state } = this;
    const speed = statsOf(state, me).speed;
    const dests = rights.canMove ? destinations(state, me, rights.moveBudget) : [];
    // Cheap pass: provocation cost and position for every destination.
    interface Scored { readonly r: PathResult; readonly to: Square; readonly cost: number; readonly survive: number; readonly pos: number }
    const scored: Scored[] = [];
    for (const r of dests) {
      const to = r.path[r.path.length - 1]!;
      const { cost, survive } = this.pathRisk(r.path, 'move');
      scored.push({ r, to, cost, survive, pos: this.position(to, NO_KILLS, false) });
    }
    for (const s of scored) out.push({ command: moveCommand(me, s.r.path), score: s.pos - s.cost, label: 'move' });

    // Move, then act: squares from which something can be done, plus the best-placed few.
    if (rights.canMove && rights.actAfterMove) {
      const single = scored.filter((s) => s.r.cost <= speed);
      const picked = new Set<Scored>();
      for (const s of single) if (this.somethingToDoAt(s.to)) picked.add(s);
      const ranged = this.hasRangedOffense();
      if (ranged) [...single].sort((a, b) => b.pos - b.cost - (a.pos - a.cost)).slice(0, 6).forEach((s) => picked.add(s));
      for (const s of picked) {
        let bestThere = -Infinity;
        for (const a of this.actionsAt(s.to, false)) bestThere = Math.max(bestThere, s.survive * a.value + this.position(s.to, a.kills, true));
        if (bestThere > -Infinity) out.push({ command: moveCommand(me, s.r.path), score: bestThere - s.cost, label: 'move+act' });
      }
    }

    // Withdraw: only worth it when the first square is threatened.
    if (rights.canWithdraw && this.threatenedAt(this.here)) {
      const wd = rights.withdrawBudget === rights.moveBudget && rights.canMove ? dests : destinations(state, me, rights.withdrawBudget);
      for (const r of wd) {
        const to = r.path[r.path.length - 1]!;
        const { cost } = this.pathRisk(r.path, 'withdraw');
        out.push({ command: withdrawCommand(me, r.path), score: this.position(to, NO_KILLS, false) - cost - 0.01, label: 'withdraw' });
      }
    }

    // Charges (CORE-7; limited to one action, as in a surprise round, a charge covers the speed only).
    const canCharge = this.turn.limited ? this.turn.standardLeft : rights.canFull;
    if (canCharge && !this.turn.moved && !this.turn.stepped) {
      const options = rights.moveBudget === speed * 2 ? dests : destinations(state, me, speed * 2);
      const melee = statsOf(state, me).attacks.find((a) => a.kind === 'melee' || a.kind === 'natural');
      if (melee && options.length > 0) {
        for (const target of this.world.foes) {
          const most = this.turn.limited ? speed : speed * 2;
          if (this.world.distance(me, this.here, target, creatureOf(state, target).at) > most + this.world.meleeReach(me)) continue;
          const command = chargeCommand(state, me, target, options);
          if (!command || command.type !== 'Charge') continue;
          const to = command.path[command.path.length - 1]!;
          const { cost, survive } = this.pathRisk(command.path, 'move');
          const there = withPosition(state, me, to);
          const dist = this.world.routineDist(there, me, target, melee, false, { extraBonus: 2 });
          const kills = new Map([[target, atLeast(dist, this.world.toDrop(target)) * survive]]);
          const strain = this.disabled ? this.w.drop * this.world.threat(me) : 0; // CORE-4
          const value = survive * (damageValue(this.world, this.w, target, dist) + this.flankGift(there, to, target)) - strain;
          out.push({ command, score: value + this.position(to, kills, true, -2) - cost, label: 'charge' });
        }
      }
    }
  }

  // ---- actions from a square ----------------------------------------------------------------------

  /** Attacks, spells and touches the actor could make from `at` (full attacks when `full`). */
  private actionsAt(at: Square, full: boolean): ActionValue[] {
    const { world, me } = this;
    const state = withPosition(this.state, me, at);
    const out: ActionValue[] = [];
    const stats = statsOf(state, me);
    const usable = usableAttacks(state, me);
    const provokers = this.provokersAt(at);
    const distraction = this.distractionRisk(provokers, at);
    const offense = world.foes;
    for (const target of offense) {
      const tAt = creatureOf(state, target).at;
      const d = world.distance(me, at, target, tAt);
      for (const attack of usable) {
        const ranged = attack.kind === 'ranged';
        if (ranged ? d > 10 * (attack.rangeIncrement ?? 10) : !attackReaches(state, me, attack, target)) continue;
        const provokes = ranged || (attack.unarmed && !stats.feats.includes('improved-unarmed-strike'));
        const routines: [Command, boolean][] = [[attackCommand(me, target, attack), false]];
        if (full && hasFullAttack(attack)) routines.push([fullAttackCommand(me, target, attack), true]);
        for (const [command, isFull] of routines) {
          const dist = world.routineDist(state, me, target, attack, isFull);
          const survive = provokes ? distraction.survive : 1;
          const value = survive * (damageValue(world, this.w, target, dist) + (ranged ? 0 : this.flankGift(state, at, target))) - (provokes ? distraction.cost : 0);
          out.push({ command, value, kills: new Map([[target, survive * atLeast(dist, world.toDrop(target))]]) });
        }
      }
    }
    this.spellActions(state, at, provokers, out);
    const charge = creatureOf(state, me).conditions.find((k) => k.startsWith('holding-charge:'));
    if (charge) {
      for (const target of offense) {
        if (world.distance(me, at, target, creatureOf(state, target).at) > stats.reach) continue;
        const dist = world.spellDist(state, me, target, 'shocking-grasp');
        if (dist) out.push({ command: touchCommand(me, target), value: damageValue(world, this.w, target, dist), kills: new Map([[target, atLeast(dist, world.toDrop(target))]]) });
      }
    }
    // CORE-4: a strenuous action taken while disabled (0 hp) costs 1 hp: the actor drops.
    if (this.disabled) return out.map((a) => ({ ...a, value: a.value - this.w.drop * world.threat(me) }));
    return out;
  }

  private spellActions(state: CombatState, at: Square, provokers: readonly CreatureId[], out: ActionValue[]): void {
    const { world, me } = this;
    const stats = statsOf(state, me);
    const spells = creatureOf(state, me).spells;
    const concentration = stats.skills.concentration;
    const defensiveBonus = concentration + (stats.feats.includes('combat-casting') ? 4 : 0);
    const risk = this.distractionRisk(provokers, at);
    for (const spell of SPELL_IDS) {
      if ((spells[spell] ?? 0) <= 0) continue;
      const rule = SPELL_RULES[spell];
      const level = rule.level;
      const pDefensive = checkChance(defensiveBonus, concentrationDcDefensive(level));
      // Casting in the open: the spell survives unless a hit drops the caster or breaks its concentration.
      const pOpen = provokers.length === 0 ? 1 : this.keepSpellChance(risk.dist, concentration, level);
      const slotCost = 0.15 * (spells[spell] === 1 ? 1 : 0.5);
      const friendly = rule.delivery === 'touch-heal' || rule.delivery === 'touch-condition';
      const targets = friendly ? world.friends : world.foes;
      for (const target of targets) {
        const tAt = creatureOf(state, target).at;
        const range = rule.range(stats.casterLevel);
        const self = target === me;
        const inRange = range === 0 ? self || world.distance(me, at, target, tAt) <= stats.reach : world.distance(me, at, target, tAt) <= range;
        if (!inRange) continue;
        let value = 0;
        let kills: ReadonlyMap<CreatureId, number> = NO_KILLS;
        if (rule.delivery === 'touch-heal') value = this.healValue(target, stats.casterLevel);
        else if (rule.delivery === 'touch-condition') value = this.invisibilityValue(target, spell);
        else {
          const dist = world.spellDist(state, me, target, spell);
          if (!dist) continue;
          value = damageValue(world, this.w, target, dist);
          kills = new Map([[target, atLeast(dist, world.toDrop(target))]]);
        }
        if (value <= 0) continue;
        value -= slotCost;
        // A lost spell also wastes the slot, worth about half the spell cast later on.
        const lost = (p: number) => (1 - p) * SLOT_LATER * value;
        const scale = (p: number) => new Map([...kills].map(([k, v]) => [k, v * p]));
        out.push({ command: castCommand(me, spell, target, true), value: pDefensive * value - lost(pDefensive), kills: scale(pDefensive) });
        if (provokers.length === 0) out.push({ command: castCommand(me, spell, target, false), value: value + 0.001, kills });
        else out.push({ command: castCommand(me, spell, target, false), value: pOpen * value - lost(pOpen) - risk.cost, kills: scale(pOpen) });
      }
    }
  }

  /** CORE-10, RES-3: chance the spell survives the attacks of opportunity of `dist` damage. */
  private keepSpellChance(dist: Dist, concentration: number, level: number): number {
    const h = this.world.toDrop(this.me);
    let p = 0;
    for (let dmg = 0; dmg < dist.length; dmg++) {
      const q = dist[dmg]!;
      if (q === 0) continue;
      if (dmg === 0) p += q;
      else if (dmg < h) p += q * checkChance(concentration, concentrationDcForDamage(dmg, level));
    }
    return p;
  }

  private healValue(target: CreatureId, casterLevel: number): number {
    const { world, state } = this;
    const c = creatureOf(state, target);
    const max = statsOf(state, target).maxHp;
    const heal = hitDist(`1d8+${cureBonus(casterLevel)}`, 1, 0);
    const missing = max - c.hp;
    if (missing <= 0) return 0;
    const healed = meanCapped(heal, missing);
    const threat = world.threat(target);
    if (c.hp <= 0) {
      // Back on its feet if the cure lifts it above 0 hp (a disabled friend at 0 hp gets its full turns back).
      const up = atLeast(heal, 1 - c.hp);
      return threat * this.w.revive * up + threat * this.w.fraction * healed / max;
    }
    const incoming = this.incomingTo(target);
    const before = atLeast(incoming, c.hp + 1);
    let after = 0;
    for (let k = 0; k < heal.length; k++) if (heal[k]! > 0) after += heal[k]! * atLeast(incoming, Math.min(max, c.hp + k) + 1);
    return threat * (this.w.fraction * 0.5 * healed / max + this.w.drop * (before - after));
  }

  private invisibilityValue(target: CreatureId, spell: SpellId): number {
    const c = creatureOf(this.state, target);
    if (has(c, 'invisible') || has(c, 'greater-invisible') || !canActNow(this.state, target)) return 0;
    // Invisibility ends with the first attack; greater invisibility lasts: +2 to hit, foes lose Dex, no opportunities.
    const share = spell === 'greater-invisibility' ? 0.6 : 0.15;
    const hitter = statsOf(this.state, target).sneakAttack > 0 ? 1.5 : 1;
    return this.world.threat(target) * share * hitter;
  }

  private anyoneToHeal(): boolean {
    return this.world.friends.some((f) => creatureOf(this.state, f).hp < statsOf(this.state, f).maxHp);
  }

  /** Whether any action is possible from `at` (a melee attack reaches, a touch spell reaches, a heal). */
  private somethingToDoAt(at: Square): boolean {
    const { world, me } = this;
    const state = withPosition(this.state, me, at);
    const melee = usableAttacks(state, me).filter((a) => a.kind !== 'ranged');
    for (const t of world.foes) if (melee.some((a) => attackReaches(state, me, a, t))) return true;
    const spells = creatureOf(state, me).spells;
    const touchHeal = (spells['cure-light-wounds'] ?? 0) > 0 || (spells['invisibility'] ?? 0) > 0 || (spells['greater-invisibility'] ?? 0) > 0;
    if (touchHeal) {
      for (const f of world.friends) {
        if (f !== me && world.distance(me, at, f, creatureOf(state, f).at) <= statsOf(state, me).reach) return true;
      }
    }
    if ((spells['shocking-grasp'] ?? 0) > 0) {
      for (const t of world.foes) if (world.distance(me, at, t, creatureOf(state, t).at) <= statsOf(state, me).reach) return true;
    }
    return false;
  }

  private hasRangedOffense(): boolean {
    const spells = creatureOf(this.state, this.me).spells;
    if ((spells['magic-missile'] ?? 0) > 0 || (spells['acid-arrow'] ?? 0) > 0) return true;
    return usableAttacks(this.state, this.me).some((a) => a.kind === 'ranged');
  }

  // ---- risk: attacks of opportunity ---------------------------------------------------------------

  /** A foe's attack of opportunity against the actor. */
  private aooDist(foe: CreatureId, at: Square, trigger: 'move' | null): Dist {
    const key = `${foe}|${at[0]},${at[1]}|${trigger}`;
    const hit = this.aooDists.get(key);
    if (hit) return hit;
    const state = withPosition(this.state, this.me, at);
    const attack = findUsableAttack(state, foe, statsOf(state, foe).aooWith);
    const dist = attack && attack.kind !== 'ranged' ? this.world.routineDist(state, foe, this.me, attack, false, { provokedBy: trigger }) : ZERO;
    this.aooDists.set(key, dist);
    return dist;
  }

  /** Foes that would get an opportunity for a distracting action at `at` (PROV-3, PROV-5). */
  private provokersAt(at: Square): CreatureId[] {
    const { width } = this.state.map;
    const squares = squaresOf(at, statsOf(this.state, this.me).size);
    const out: CreatureId[] = [];
    for (const [foe, grid] of this.threatGrids) if (squares.some((sq) => grid[sq[1] * width + sq[0]] === 1)) out.push(foe);
    return out;
  }

  private threatenedAt(at: Square): boolean {
    return this.provokersAt(at).length > 0;
  }

  /** Cost and survival odds of a distracting action provoking these foes where the actor stands. */
  private distractionRisk(provokers: readonly CreatureId[], at: Square): { cost: number; survive: number; dist: Dist } {
    if (provokers.length === 0) return { cost: 0, survive: 1, dist: ZERO };
    const h = this.world.toDrop(this.me);
    let dist: Dist = ZERO;
    for (const f of provokers) dist = convolve(dist, maybe(this.aooDist(f, at, null), 0.95), h);
    return { cost: this.w.aoo * damageValue(this.world, this.w, this.me, dist), survive: 1 - atLeast(dist, h), dist };
  }

  /** Foes that get a movement opportunity along `path` (PROV-1, PROV-2, AVOID-2), by the threat grids. */
  private pathProvokers(path: readonly Square[], mode: 'move' | 'withdraw'): CreatureId[] {
    const { width } = this.state.map;
    const n = spaceOf(statsOf(this.state, this.me).size);
    const already = this.turn.movementOpportunities;
    const out: CreatureId[] = [];
    let [hx, hy] = this.here;
    for (let i = 0; i < path.length; i++) {
      const [nx, ny] = path[i]!;
      // AVOID-2: a withdraw's first square provokes nobody (the grids hold only foes the actor sees).
      if (!(mode === 'withdraw' && i === 0)) {
        for (const [foe, grid] of this.threatGrids) {
          if (already.includes(foe) || out.includes(foe)) continue;
          if (leavesThreatened(grid, width, hx, hy, nx, ny, n)) out.push(foe);
        }
      }
      [hx, hy] = [nx, ny];
    }
    return out;
  }

  private pathRisk(path: readonly Square[], mode: 'move' | 'withdraw'): { cost: number; survive: number } {
    const provokers = this.pathProvokers(path, mode);
    if (provokers.length === 0) return { cost: 0, survive: 1 };
    const h = this.world.toDrop(this.me);
    let dist: Dist = ZERO;
    for (const f of provokers) dist = convolve(dist, maybe(this.aooDist(f, this.here, 'move'), 0.95), h);
    return { cost: this.w.aoo * damageValue(this.world, this.w, this.me, dist), survive: 1 - atLeast(dist, h) };
  }

  // ---- where the turn ends ------------------------------------------------------------------------

  /**
   * Value of ending the turn with the actor at `at`: being placed to attack next turn, minus what the foes
   * (those not dropped by this turn's action) are expected to do to the actor and its friends next round.
   */
  private position(at: Square, kills: ReadonlyMap<CreatureId, number>, acted: boolean, acDelta = 0): number {
    const exposure = this.exposure(at, kills, acDelta);
    const approach = this.approach(at);
    const caution = acted ? 1 : this.caution;
    return this.w.approach * this.eagerness * approach - this.w.exposure * caution * exposure;
  }

  private approach(at: Square): number {
    const key = `${at[0]},${at[1]}`;
    const hit = this.approachCache.get(key);
    if (hit !== undefined) return hit;
    const { world, me, state } = this;
    const speed = statsOf(state, me).speed;
    const reach = world.meleeReach(me);
    const hasMelee = reach > 0;
    // THR-4: wielding only reach weapons, the squares within natural reach are a hole (stand at the ring).
    const hole = this.reachOnly() ? statsOf(state, me).reach : -1;
    const rangedRange = this.bestRange();
    let best = 0;
    for (const t of world.foes) {
      const d = world.distance(me, at, t, creatureOf(state, t).at);
      const v = this.singleValue(t);
      if (hasMelee) {
        const f = d <= hole ? 0.8 : d <= reach ? 1 : d <= speed + reach ? 0.85 : 0.85 * (speed + reach) / d;
        best = Math.max(best, v.melee * f);
      }
      if (rangedRange > 0) best = Math.max(best, v.ranged * (d <= rangedRange ? 1 : rangedRange / d));
    }
    // Friends to heal: stay within reach of the hurt ones.
    const spells = creatureOf(state, me).spells;
    if ((spells['cure-light-wounds'] ?? 0) > 0) {
      for (const f of world.friends) {
        if (f === me) continue;
        const c = creatureOf(state, f);
        const hurt = 1 - c.hp / statsOf(state, f).maxHp;
        if (hurt < 0.3) continue;
        const d = world.distance(me, at, f, c.at);
        best = Math.max(best, hurt * world.threat(f) * (d <= statsOf(state, me).reach ? 1 : d <= speed + 5 ? 0.85 : 0.85 * (speed + 5) / d));
      }
    }
    this.approachCache.set(key, best);
    return best;
  }

  /** Every threatening melee attack is a reach weapon, used only beyond natural reach (THR-4, VAR-3 off). */
  private reachOnly(): boolean {
    if (this.state.rules.reachWeaponsUpClose) return false;
    const melee = usableAttacks(this.state, this.me).filter((a) => a.kind !== 'ranged' && !a.unarmed);
    return melee.length > 0 && melee.every((a) => a.reachWeapon);
  }

  private bestRange(): number {
    const stats = statsOf(this.state, this.me);
    const spells = creatureOf(this.state, this.me).spells;
    let r = 0;
    for (const spell of ['magic-missile', 'acid-arrow'] as const) if ((spells[spell] ?? 0) > 0) r = Math.max(r, SPELL_RULES[spell].range(stats.casterLevel));
    for (const a of usableAttacks(this.state, this.me)) if (a.kind === 'ranged') r = Math.max(r, 4 * (a.rangeIncrement ?? 10));
    return r;
  }

  /** The value of one plain attack (melee or ranged/spell) against `t`, position aside. */
  private singleValue(t: CreatureId): { melee: number; ranged: number } {
    const hitM = this.singleValues.get(`${t}|m`);
    if (hitM !== undefined) return { melee: hitM, ranged: this.singleValues.get(`${t}|r`)! };
    const { world, me, state } = this;
    let melee = 0;
    let ranged = 0;
    for (const a of usableAttacks(state, me)) {
      const dist = world.routineDist(state, me, t, a, false);
      const v = damageValue(world, this.w, t, dist);
      if (a.kind === 'ranged') ranged = Math.max(ranged, v);
      else if (!a.unarmed || statsOf(state, me).feats.includes('improved-unarmed-strike')) melee = Math.max(melee, v);
    }
    const spells = creatureOf(state, me).spells;
    for (const spell of ['magic-missile', 'acid-arrow'] as const) {
      if ((spells[spell] ?? 0) <= 0) continue;
      const dist = world.spellDist(state, me, t, spell);
      if (dist) ranged = Math.max(ranged, damageValue(world, this.w, t, dist));
    }
    this.singleValues.set(`${t}|m`, melee);
    this.singleValues.set(`${t}|r`, ranged);
    return { melee, ranged };
  }

  /** Per visible foe: where it is, how far it reaches, and the actor's friends it could go for. */
  private foeInfos(): FoeInfo[] {
    if (this.infos) return this.infos;
    const { world, me, state } = this;
    this.infos = world.foes.map((id) => {
      const at = creatureOf(state, id).at;
      const size = statsOf(state, id).size;
      const others = world.team
        .filter((x) => x !== me)
        .map((x) => ({ x, d: spaceDistanceFeet(at, size, creatureOf(state, x).at, statsOf(state, x).size) }));
      let nearest: { x: CreatureId; d: number } | null = null;
      for (const o of others) if (!nearest || o.d < nearest.d) nearest = o;
      const ranged = usableAttacks(state, id).some((a) => a.kind === 'ranged') || (world.spellsOf(id)['magic-missile'] ?? 0) > 0;
      return { id, at, size, reach: world.meleeReach(id), speed: statsOf(state, id).speed, ranged, others, nearest };
    });
    return this.infos;
  }

  /**
   * Next round's expected losses on the actor's side if it ends at `at`: each foe goes for the nearest of
   * them (mostly), full-attacking when already in reach, else moving in for one attack, or shooting.
   */
  private exposure(at: Square, kills: ReadonlyMap<CreatureId, number>, acDelta: number): number {
    const { world, me } = this;
    const size = statsOf(this.state, me).size;
    const infos = this.foeInfos();
    // The foes' plans depend only on this key (who is nearest, how each foe could reach the actor, who is
    // still up): look it up before building them.
    let key = `${acDelta}`;
    for (const f of infos) {
      const alive = 1 - (kills.get(f.id) ?? 0);
      if (alive <= 0.001) {
        key += '|x';
        continue;
      }
      const dMe = spaceDistanceFeet(f.at, f.size, at, size);
      const meNearest = !f.nearest || dMe <= f.nearest.d;
      const meMode = foeMode(f, dMe);
      key += `|${meNearest ? 1 : 0}${meMode ?? '-'}${alive === 1 ? '' : alive.toFixed(2)}`;
    }
    const cached = this.exposureCache.get(key);
    if (cached !== undefined) return cached;
    const plan: { foe: CreatureId; target: CreatureId; mode: Mode; weight: number }[] = [];
    for (const f of infos) {
      const alive = 1 - (kills.get(f.id) ?? 0);
      if (alive <= 0.001) continue;
      const dMe = spaceDistanceFeet(f.at, f.size, at, size);
      const meNearest = !f.nearest || dMe <= f.nearest.d;
      const main = meNearest ? { x: me, d: dMe } : f.nearest!;
      const mainMode = foeMode(f, main.d);
      const others: { x: CreatureId; mode: Mode }[] = [];
      const consider = (x: CreatureId, d: number) => {
        const m = foeMode(f, d);
        if (x !== main.x && (m === 'full' || m === 'one')) others.push({ x, mode: m });
      };
      consider(me, dMe);
      for (const o of f.others) consider(o.x, o.d);
      if (mainMode) plan.push({ foe: f.id, target: main.x, mode: mainMode, weight: (others.length ? 0.8 : 1) * (mainMode === 'shoot' ? 0.5 : 1) * alive });
      for (const o of others) plan.push({ foe: f.id, target: o.x, mode: o.mode, weight: (0.2 / others.length) * alive });
    }
    const byTarget = new Map<CreatureId, Dist>();
    for (const p of plan) {
      const h = world.toDrop(p.target);
      const dist = this.foeDist(p.foe, p.target, p.mode, p.target === me ? acDelta : 0);
      byTarget.set(p.target, convolve(byTarget.get(p.target) ?? ZERO, maybe(dist, Math.min(1, p.weight)), h));
    }
    let total = 0;
    for (const [x, dist] of byTarget) total += damageValue(world, this.w, x, dist) * (x === me ? this.w.self : 1);
    this.exposureCache.set(key, total);
    return total;
  }

  /** The foe's best routine against `target`: a full attack, one melee attack, or a shot or spell. */
  private foeDist(foe: CreatureId, target: CreatureId, mode: Mode, acDelta: number): Dist {
    const key = `${foe}|${target}|${mode}|${acDelta}`;
    const hit = this.pairDists.get(key);
    if (hit) return hit;
    const { world, state } = this;
    let best: Dist = ZERO;
    let bestMean = 0;
    const consider = (dist: Dist) => {
      const m = dist.reduce((s, p, i) => s + p * i, 0);
      if (m > bestMean) [best, bestMean] = [dist, m];
    };
    for (const a of usableAttacks(state, foe)) {
      if ((a.kind === 'ranged') !== (mode === 'shoot')) continue;
      consider(world.routineDist(state, foe, target, a, mode !== 'one' && hasFullAttack(a), { acDelta }));
    }
    if (mode === 'shoot') {
      const spells = world.spellsOf(foe);
      for (const spell of ['magic-missile', 'acid-arrow'] as const) {
        if ((spells[spell] ?? 0) <= 0) continue;
        const dist = world.spellDist(state, foe, target, spell);
        if (dist) consider(dist);
      }
    }
    this.pairDists.set(key, best);
    return best;
  }

  /** What `target` takes next round from foes that attack it now (for healing). */
  private incomingTo(target: CreatureId): Dist {
    const { world, state } = this;
    const tAt = creatureOf(state, target).at;
    let dist: Dist = ZERO;
    for (const foe of world.foes) {
      const d = world.distance(foe, creatureOf(state, foe).at, target, tAt);
      const reach = world.meleeReach(foe);
      if (reach > 0 && d <= reach) dist = convolve(dist, this.foeDist(foe, target, 'full', 0), 200);
      else if (reach > 0 && d <= statsOf(state, foe).speed + reach) dist = convolve(dist, maybe(this.foeDist(foe, target, 'one', 0), 0.5), 200);
    }
    return dist;
  }

  /** Flanking `target` from `at` also gives the allies threatening it +2 (and their sneak dice). */
  private flankGift(state: CombatState, at: Square, target: CreatureId): number {
    const { world, me } = this;
    if (this.w.flankGift === 0) return 0;
    let gift = 0;
    for (const ally of world.team) {
      if (ally === me || !threatensCreature(state, ally, target)) continue;
      const before = withPosition(state, me, this.here === at ? [-100, -100] : this.here);
      const melee = usableAttacks(state, ally).find((a) => a.kind !== 'ranged');
      if (!melee) continue;
      const withFlank = world.routineDist(state, ally, target, melee, false);
      const without = world.routineDist(before, ally, target, melee, false);
      gift += Math.max(0, damageValue(world, this.w, target, withFlank) - damageValue(world, this.w, target, without));
    }
    return this.w.flankGift * gift;
  }
}

/** Whether `provokers` threaten and may react: used by the opportunity decision too. */
function threatValueOfAoo(world: World, w: TacticianWeights, reactor: CreatureId, provoker: CreatureId, trigger: string | null): number {
  const state = world.state;
  const attack = findUsableAttack(state, reactor, statsOf(state, reactor).aooWith);
  if (!attack || attack.kind === 'ranged') return 0;
  const dist = world.routineDist(state, reactor, provoker, attack, false, { provokedBy: trigger === 'move' ? 'move' : null });
  let value = damageValue(world, w, provoker, dist);
  if (trigger === 'spell') {
    // RES-3: a hit may also break the spell (Concentration DC 10 + damage + level).
    const hit = 1 - (dist[0] ?? 1);
    value += 0.5 * hit * world.threat(provoker);
  }
  return value;
}

/**
 * AOO-4: take the opportunity, unless it is the reactor's last one this round, the provoker is weak, and a
 * more dangerous foe it threatens is likely to provoke before the reactor's next turn (a caster, an archer).
 */
function takeOpportunity(request: OpportunityRequest, memory: Memory, w: TacticianWeights): boolean {
  const { state, reactor, against } = request;
  if (aooLeft(state, reactor) !== 1) return true;
  const world = new World(state, reactor, request.observation, memory);
  const now = threatValueOfAoo(world, w, reactor, against, request.trigger);
  let later = 0;
  for (const foe of world.foes) {
    if (foe === against || !threatensCreature(state, reactor, foe)) continue;
    const spells = world.spellsOf(foe);
    const caster = Object.values(spells).some((n) => (n ?? 0) > 0);
    const archer = !usableAttacks(state, foe).some((a) => a.kind !== 'ranged');
    const likely = caster || archer ? 0.6 : 0.15;
    later = Math.max(later, likely * threatValueOfAoo(world, w, reactor, foe, caster ? 'spell' : null));
  }
  return now >= later;
}

/** Does a square of the n-by-n space at (hx, hy), not covered by the space at (nx, ny), lie in `grid`? (PROV-1) */
function leavesThreatened(grid: Uint8Array, width: number, hx: number, hy: number, nx: number, ny: number, n: number): boolean {
  for (let dy = 0; dy < n; dy++) {
    for (let dx = 0; dx < n; dx++) {
      const x = hx + dx;
      const y = hy + dy;
      const stillCovered = x >= nx && x < nx + n && y >= ny && y < ny + n;
      if (!stillCovered && grid[y * width + x] === 1) return true;
    }
  }
  return false;
}

/** How a foe would attack a creature `d` feet away next round: full attack, move and attack, shoot, or not. */
function foeMode(f: FoeInfo, d: number): Mode | null {
  return f.reach > 0 && d <= f.reach ? 'full' : f.reach > 0 && d <= f.speed + f.reach ? 'one' : f.ranged && d <= 60 ? 'shoot' : null;
}
