// The replay viewer's data: every step of a logged fight folded with the real engine, reduced to what the page draws.
import { evolve } from '../engine/evolve.ts';
import { creatureOf, hpStateOf, statsOf, threatens, threatensCreature, areFoes } from '../engine/queries.ts';
import type { ParsedLog } from '../log/reader.ts';
import { replayOf } from '../log/replay.ts';
import type { CombatEvent, EventOf } from '../model/events.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState, CreatureState } from '../model/state.ts';
import { narrator, type Lang } from '../narrate/index.ts';
import { creatureTokens } from '../narrate/map.ts';
import { isFlankingLine } from '../rules/flanking.ts';
import { spaceOf } from '../rules/size.ts';
import { threatensSquare } from '../rules/threat.ts';
import type { HpState } from '../rules/hp.ts';

export type XY = readonly [number, number];

/** What never changes during the fight: one entry per creature, in the encounter's order. */
export interface ViewCreature {
  readonly id: CreatureId;
  readonly name: string;
  readonly side: string;
  readonly token: string;
  /** Side of its space in squares. */
  readonly space: number;
  /** Natural reach in feet. */
  readonly reach: number;
  /** Names of its reach weapons (THR-4), if any. */
  readonly reachWeapons: readonly string[];
  readonly maxHp: number;
}

/**
 * The squares one creature threatens (THR-1..6), split for drawing: `near` within 5 ft of its space, `far`
 * beyond it (reach), and `hole` the squares inside its natural reach it does not threaten (a reach weapon's ring).
 */
export interface ThreatArea {
  readonly near: readonly XY[];
  readonly far: readonly XY[];
  readonly hole: readonly XY[];
}

export interface CreatureFrame {
  readonly at: XY;
  readonly hp: number;
  readonly nonlethal: number;
  readonly hpState: HpState;
  /** Conditions, effects and flat-footedness, as words. */
  readonly conditions: readonly string[];
  /** Index into ViewData.threats, or -1 when it threatens nothing. */
  readonly threat: number;
}

export type Highlight =
  | { readonly kind: 'aoo'; readonly at: XY; readonly by: CreatureId; readonly reactor: CreatureId }
  | { readonly kind: 'flank'; readonly attacker: CreatureId; readonly ally: CreatureId; readonly target: CreatureId }
  | { readonly kind: 'spell-lost'; readonly caster: CreatureId; readonly spell: string; readonly reason: string }
  | { readonly kind: 'attack'; readonly attacker: CreatureId; readonly target: CreatureId; readonly hit: boolean; readonly opportunity: boolean }
  | { readonly kind: 'move'; readonly id: CreatureId; readonly from: XY; readonly to: XY }
  | { readonly kind: 'damage'; readonly target: CreatureId; readonly amount: number; readonly healing: boolean };

/** Moments worth a mark on the timeline. */
export type Mark = 'aoo' | 'flank' | 'spell-lost' | 'down' | 'round';

export interface ViewEvent {
  readonly seq: number;
  /** Line of the log file. */
  readonly line: number;
  readonly type: string;
  readonly text: string;
  /** True when the narrator says nothing for this event and the text is a plain description. */
  readonly quiet: boolean;
  readonly rules: readonly string[];
  readonly marks: readonly Mark[];
}

/** The state after `k` events, with the event that led to it (null for step 0). */
export interface Frame {
  readonly round: number;
  readonly phase: string;
  readonly turn: CreatureId | null;
  readonly winner: string | null;
  readonly event: ViewEvent | null;
  readonly creatures: readonly CreatureFrame[];
  readonly highlights: readonly Highlight[];
}

export interface ViewData {
  readonly title: string;
  readonly source: string;
  readonly simulator: string;
  readonly file: string;
  readonly truncated: boolean;
  readonly map: { readonly width: number; readonly height: number; readonly blocked: readonly XY[]; readonly difficult: readonly XY[] };
  readonly creatures: readonly ViewCreature[];
  /** Distinct threat areas, shared by the frames that have them. */
  readonly threats: readonly ThreatArea[];
  readonly frames: readonly Frame[];
  /** Titles of the rule IDs cited by the events (when known). */
  readonly ruleTitles: Readonly<Record<string, string>>;
}

export interface ViewOptions {
  readonly lang?: Lang;
  /** Rule ID -> short title, for tooltips. */
  readonly ruleTitles?: ReadonlyMap<string, string>;
}

const xy = (s: Square): XY => [s[0], s[1]];

// ---- static parts -------------------------------------------------------------------------------

function viewCreatures(state: CombatState): ViewCreature[] {
  const tokens = creatureTokens(state);
  return state.listed.map((id) => {
    const s = statsOf(state, id);
    return {
      id,
      name: s.name,
      side: s.side,
      token: tokens.get(id) ?? '?',
      space: spaceOf(s.size),
      reach: s.reach,
      reachWeapons: s.attacks.filter((a) => a.reachWeapon && a.kind !== 'ranged').map((a) => a.name),
      maxHp: s.maxHp,
    };
  });
}

// ---- threatened squares ------------------------------------------------------------------------

/** THR-1..6 over every square of the map, with the engine's own query. */
export function threatArea(state: CombatState, id: CreatureId): ThreatArea {
  const c = creatureOf(state, id);
  const s = statsOf(state, id);
  const n = spaceOf(s.size);
  const natural = { at: c.at, size: s.size, reach: s.reach, reachWeapon: false, options: state.rules };
  const near: XY[] = [];
  const far: XY[] = [];
  const hole: XY[] = [];
  for (let y = 0; y < state.map.height; y++) {
    for (let x = 0; x < state.map.width; x++) {
      const own = x >= c.at[0] && x < c.at[0] + n && y >= c.at[1] && y < c.at[1] + n;
      const within5 = x >= c.at[0] - 1 && x <= c.at[0] + n && y >= c.at[1] - 1 && y <= c.at[1] + n;
      if (threatens(state, id, [x, y])) (within5 ? near : far).push([x, y]);
      else if (!own && threatensSquare(natural, state.map, [x, y])) hole.push([x, y]);
    }
  }
  // A creature that threatens nothing (down, grappling, unarmed...) has no ring to show either.
  return near.length + far.length === 0 ? { near, far, hole: [] } : { near, far, hole };
}

/**
 * Interns equal threat areas so a long fight stays small. `threatens` reads only the creature's own state with
 * the fixed stats, map and rules, and evolve (immer) keeps an unchanged creature's object, so the area is
 * computed again only when that object changes.
 */
class ThreatTable {
  readonly areas: ThreatArea[] = [];
  private readonly index = new Map<string, number>();
  private readonly byCreature = new WeakMap<CreatureState, number>();

  of(state: CombatState, id: CreatureId): number {
    const c = creatureOf(state, id);
    const known = this.byCreature.get(c);
    if (known !== undefined) return known;
    const found = this.add(threatArea(state, id));
    this.byCreature.set(c, found);
    return found;
  }

  private add(area: ThreatArea): number {
    if (area.near.length + area.far.length === 0) return -1;
    const key = JSON.stringify(area);
    const known = this.index.get(key);
    if (known !== undefined) return known;
    this.areas.push(area);
    this.index.set(key, this.areas.length - 1);
    return this.areas.length - 1;
  }
}

// ---- creatures at one step ---------------------------------------------------------------------

function conditionWords(state: CombatState, id: CreatureId): string[] {
  const c = creatureOf(state, id);
  const words: string[] = [...c.conditions, ...c.effects.map((e) => e.kind)];
  if (c.flatFooted) words.push('flat-footed');
  return words;
}

function creatureFrames(state: CombatState, threats: ThreatTable): CreatureFrame[] {
  return state.listed.map((id) => {
    const c = creatureOf(state, id);
    const hpState = hpStateOf(state, id);
    return {
      at: xy(c.at),
      hp: c.hp,
      nonlethal: c.nonlethal,
      hpState,
      conditions: conditionWords(state, id),
      threat: hpState === 'dead' ? -1 : threats.of(state, id),
    };
  });
}

// ---- highlights -------------------------------------------------------------------------------

/** FLK-1: the allies on the opposite side of the target, found from the positions when the attack was made. */
export function flankingAllies(state: CombatState, attacker: CreatureId, target: CreatureId): CreatureId[] {
  const place = (id: CreatureId) => ({ at: creatureOf(state, id).at, size: statsOf(state, id).size });
  return state.listed.filter(
    (ally) =>
      ally !== attacker &&
      ally !== target &&
      !areFoes(state, ally, attacker) &&
      areFoes(state, ally, target) &&
      threatensCreature(state, ally, target) &&
      isFlankingLine(place(attacker), place(ally), place(target)),
  );
}

/** Where each pending attack of opportunity was provoked: reactor -> mover -> square. */
type Provocations = Map<CreatureId, Map<CreatureId, XY>>;

function remember(provoked: Provocations, e: EventOf<'OpportunityProvoked'>): void {
  const byReactor = provoked.get(e.reactor) ?? new Map<CreatureId, XY>();
  byReactor.set(e.by, xy(e.at));
  provoked.set(e.reactor, byReactor);
}

function aooHighlight(provoked: Provocations, reactor: CreatureId, by: CreatureId): Highlight[] {
  const at = provoked.get(reactor)?.get(by);
  return at ? [{ kind: 'aoo', at, by, reactor }] : [];
}

/** What to draw for `event`; `before` is the state it happened in. */
function highlightsOf(event: CombatEvent, before: CombatState, provoked: Provocations): Highlight[] {
  switch (event.type) {
    case 'OpportunityProvoked':
      remember(provoked, event);
      return [{ kind: 'aoo', at: xy(event.at), by: event.by, reactor: event.reactor }];
    case 'OpportunityTaken':
    case 'OpportunityDeclined':
    case 'OpportunityFoiled':
      return aooHighlight(provoked, event.reactor, event.against);
    case 'ManeuverRolled':
      return event.kind === 'opportunity' ? aooHighlight(provoked, event.attacker, event.target) : [];
    case 'AttackRolled': {
      const attack: Highlight = { kind: 'attack', attacker: event.attacker, target: event.target, hit: event.hit, opportunity: event.kind === 'opportunity' };
      const aoo = event.kind === 'opportunity' ? aooHighlight(provoked, event.attacker, event.target) : [];
      const flank: Highlight[] = event.flanking
        ? flankingAllies(before, event.attacker, event.target).map((ally) => ({ kind: 'flank', attacker: event.attacker, ally, target: event.target }))
        : [];
      return [attack, ...aoo, ...flank];
    }
    case 'Moved':
      return [{ kind: 'move', id: event.id, from: xy(event.from), to: xy(event.to) }];
    case 'SpellLost':
      return [{ kind: 'spell-lost', caster: event.caster, spell: event.spell, reason: event.reason }];
    case 'DamageDealt':
      return [{ kind: 'damage', target: event.target, amount: event.amount, healing: false }];
    case 'HealingReceived':
      return [{ kind: 'damage', target: event.target, amount: event.amount, healing: true }];
    default:
      return [];
  }
}

function marksOf(event: CombatEvent, highlights: readonly Highlight[], before: CombatState, after: CombatState): Mark[] {
  const marks: Mark[] = [];
  if (highlights.some((h) => h.kind === 'aoo')) marks.push('aoo');
  if (highlights.some((h) => h.kind === 'flank')) marks.push('flank');
  if (event.type === 'SpellLost') marks.push('spell-lost');
  if (event.type === 'RoundBegan' || event.type === 'SurpriseRoundBegan') marks.push('round');
  const down = (s: CombatState, id: CreatureId) => hpStateOf(s, id) === 'dying' || hpStateOf(s, id) === 'dead';
  if (after.listed.some((id) => down(after, id) && !down(before, id))) marks.push('down');
  return marks;
}

// ---- narration --------------------------------------------------------------------------------

/** A plain description for the events the narrator keeps quiet about. */
function describe(event: CombatEvent, name: (id: CreatureId) => string): string {
  switch (event.type) {
    case 'ActionStarted':
      return `${name(event.id)} starts an action: ${event.action} (${event.cost})`;
    case 'FlatFootedEnded':
      return `${name(event.id)} is no longer flat-footed`;
    case 'TurnSkipped':
      return `${name(event.id)} cannot act; the turn is skipped`;
    case 'TurnEnded':
      return `${name(event.id)}'s turn ends`;
    case 'ChargeDischarged':
      return `${name(event.id)} discharges ${event.spell}`;
    case 'DamageDealt':
      return `${name(event.target)} loses ${event.amount} hp (${event.cause})`;
    default:
      return event.type;
  }
}

// ---- the fold ---------------------------------------------------------------------------------

function frameOf(state: CombatState, threats: ThreatTable, event: ViewEvent | null, highlights: readonly Highlight[]): Frame {
  return {
    round: state.round,
    phase: state.phase,
    turn: state.turn?.actor ?? null,
    winner: state.winner,
    event,
    creatures: creatureFrames(state, threats),
    highlights,
  };
}

/** Every step 0..n of the log, folded once with evolve (the engine's own fold, one event at a time). */
export function buildViewData(log: ParsedLog, options: ViewOptions = {}): ViewData {
  const replay = replayOf(log);
  const say = narrator(options.lang ?? 'en');
  const threats = new ThreatTable();
  const provoked: Provocations = new Map();
  const cited = new Set<string>();
  let state = replay.initial;
  const frames: Frame[] = [frameOf(state, threats, null, [])];
  replay.events.forEach((event, i) => {
    const before = state;
    state = evolve(before, event);
    const highlights = highlightsOf(event, before, provoked);
    const spoken = say(event, state);
    const name = (id: CreatureId) => state.stats[id]?.name ?? id;
    for (const rule of event.rules) cited.add(rule);
    const view: ViewEvent = {
      seq: i + 1,
      line: replay.eventLines[i] ?? 0,
      type: event.type,
      text: (spoken ?? describe(event, name)).trim(),
      quiet: spoken === null,
      rules: [...event.rules],
      marks: marksOf(event, highlights, before, state),
    };
    frames.push(frameOf(state, threats, view, highlights));
  });
  const ruleTitles: Record<string, string> = {};
  for (const id of [...cited].sort()) {
    const title = options.ruleTitles?.get(id);
    if (title !== undefined) ruleTitles[id] = title;
  }
  const map = replay.initial.map;
  return {
    title: replay.initial.name,
    source: log.header.source,
    simulator: log.header.simulator,
    file: log.file,
    truncated: log.truncatedAt !== null,
    map: { width: map.width, height: map.height, blocked: map.blocked.map(xy), difficult: map.difficult.map(xy) },
    creatures: viewCreatures(replay.initial),
    threats: threats.areas,
    frames,
    ruleTitles,
  };
}
