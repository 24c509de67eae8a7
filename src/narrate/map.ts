// A plain-text (ASCII) picture of a combat state: header, grid, key and legend, for `d20sim replay LOG --at N`.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { squaresOf } from '../rules/grid.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { creatureOf, hpStateOf, statsOf, threatens } from '../engine/queries.ts';

export interface MapOptions {
  /** Whose threatened squares to mark: undefined = the creature whose turn it is, null = nobody. */
  readonly focus?: CreatureId | null;
}

const BLOCKED = '#';
const DIFFICULT = '~';
const OPEN = '.';
const THREATENED = '*';
const DEAD = 'x';

/** Tokens handed out when a creature's own first letter is taken (never a map symbol). */
const SPARE_TOKENS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwyz';

/** Replaces anything outside printable ASCII, so the picture stays plain text. */
const ascii = (s: string): string => s.replace(/[^\x20-\x7e]/g, '?');

const key = (sq: Square): string => `${sq[0]},${sq[1]}`;

/** One token per creature: its id's first letter in upper case, else the first spare one, in listed order. */
export function creatureTokens(state: CombatState): Map<CreatureId, string> {
  const tokens = new Map<CreatureId, string>();
  const used = new Set<string>();
  for (const id of state.listed) {
    const own = id.charAt(0).toUpperCase();
    const token = /^[A-Z0-9]$/.test(own) && !used.has(own) ? own : [...SPARE_TOKENS].find((t) => !used.has(t)) ?? '?';
    used.add(token);
    tokens.set(id, token);
  }
  return tokens;
}

/** The focus creature: the option when given (null = none), else the creature whose turn it is. */
function focusOf(state: CombatState, options: MapOptions): CreatureId | null {
  const focus = options.focus === undefined ? (state.turn?.actor ?? null) : options.focus;
  if (focus !== null) creatureOf(state, focus); // throws on an unknown id
  return focus;
}

function headerLine(state: CombatState): string {
  const round = state.round === 0 && state.phase === 'surprise' ? 'Round 0 (surprise round)' : `Round ${state.round}`;
  const turn = state.turn ? `turn: ${ascii(state.turn.actor)}` : 'no turn';
  const phase = state.phase === 'ended' ? `ended, winner: ${state.winner === null ? 'none' : ascii(state.winner)}` : state.phase;
  return `${round} | ${turn} | phase: ${phase}`;
}

/** Square -> token of the creature standing there; the living, then the first listed, win a shared square. */
function occupants(state: CombatState, tokens: Map<CreatureId, string>): Map<string, string> {
  const cells = new Map<string, string>();
  const dead = state.listed.filter((id) => hpStateOf(state, id) === 'dead');
  const living = state.listed.filter((id) => hpStateOf(state, id) !== 'dead');
  for (const id of [...living, ...dead].reverse()) {
    const token = dead.includes(id) ? DEAD : (tokens.get(id) ?? '?');
    for (const sq of squaresOf(creatureOf(state, id).at, statsOf(state, id).size)) cells.set(key(sq), token);
  }
  return cells;
}

function terrainSymbol(state: CombatState, sq: Square, focus: CreatureId | null): string {
  const k = key(sq);
  if (state.map.blocked.some((b) => key(b) === k)) return BLOCKED;
  if (focus !== null && threatens(state, focus, sq)) return THREATENED;
  return state.map.difficult.some((d) => key(d) === k) ? DIFFICULT : OPEN;
}

const cellWidth = (state: CombatState): number => Math.max(2, String(state.map.width - 1).length + 1);

function columnHeader(state: CombatState, labelWidth: number, width: number): string {
  const numbers = Array.from({ length: state.map.width }, (_, x) => String(x).padStart(width));
  return ' '.repeat(labelWidth) + numbers.join('');
}

function gridLines(state: CombatState, tokens: Map<CreatureId, string>, focus: CreatureId | null): string[] {
  const cells = occupants(state, tokens);
  const width = cellWidth(state);
  const labelWidth = String(state.map.height - 1).length;
  const rows = Array.from({ length: state.map.height }, (_, y) => {
    const row = Array.from({ length: state.map.width }, (_, x) =>
      (cells.get(key([x, y])) ?? terrainSymbol(state, [x, y], focus)).padStart(width),
    );
    return String(y).padStart(labelWidth) + row.join('');
  });
  return [columnHeader(state, labelWidth, width), ...rows];
}

function keyLine(state: CombatState, tokens: Map<CreatureId, string>, focus: CreatureId | null): string {
  const threat = focus === null ? [] : [`${THREATENED} threatened by ${tokens.get(focus) ?? '?'} (${ascii(focus)})`];
  return ['Key:', `${BLOCKED} blocked`, `${DIFFICULT} difficult`, `${OPEN} open`, ...threat, `${DEAD} dead`].join('  ');
}

function displayName(state: CombatState, id: CreatureId): string {
  const name = ascii(statsOf(state, id).name);
  return name === id ? name : `${name} (${ascii(id)})`;
}

function conditionsText(state: CombatState, id: CreatureId): string {
  const c = creatureOf(state, id);
  const all: string[] = [...c.conditions, ...c.effects.map((e) => e.kind)];
  if (c.nonlethal > 0) all.push(`nonlethal ${c.nonlethal}`);
  return all.length === 0 ? 'none' : all.map(ascii).join(', ');
}

interface LegendRow {
  readonly mark: string;
  readonly cells: readonly string[];
}

function legendRow(state: CombatState, id: CreatureId, token: string, focus: CreatureId | null): LegendRow {
  const c = creatureOf(state, id);
  const stats = statsOf(state, id);
  return {
    mark: id === focus ? '>' : ' ',
    cells: [
      token,
      displayName(state, id),
      ascii(stats.side),
      `[${c.at[0]},${c.at[1]}]`,
      `hp ${c.hp}/${stats.maxHp}`,
      hpStateOf(state, id),
      c.flatFooted ? 'flat-footed' : '-',
      `AoO left ${aooLeft(state, id)}`,
      `conditions: ${conditionsText(state, id)}`,
    ],
  };
}

/** Legend rows with every column but the last padded to its widest entry. */
function legendLines(state: CombatState, tokens: Map<CreatureId, string>, focus: CreatureId | null): string[] {
  const rows = state.listed.map((id) => legendRow(state, id, tokens.get(id) ?? '?', focus));
  const widths = (rows[0]?.cells ?? []).map((_, i) => Math.max(...rows.map((r) => (r.cells[i] ?? '').length)));
  return rows.map((r) => {
    const cells = r.cells.map((cell, i) => (i === r.cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)));
    return `${r.mark} ${cells.join('  ')}`;
  });
}

/** THR-1: the battle as plain ASCII text; the focus creature's threatened empty squares are marked `*`. */
export function renderMap(state: CombatState, options: MapOptions = {}): string {
  const focus = focusOf(state, options);
  const tokens = creatureTokens(state);
  return [
    headerLine(state),
    '',
    ...gridLines(state, tokens, focus),
    '',
    keyLine(state, tokens, focus),
    ...legendLines(state, tokens, focus),
  ].join('\n');
}
