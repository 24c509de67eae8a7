// Encounter builders for tests: small, explicit stat blocks with SPEC defaults applied by the real parser.
import { parseEncounter } from '../../src/io/encounter.ts';
import type { Encounter } from '../../src/model/stats.ts';
import type { CombatState, CreatureState } from '../../src/model/state.ts';
import { initialState } from '../../src/engine/initial.ts';

export type RawCombatant = Record<string, unknown> & { id: string; side: string; at: [number, number] };

export const fighter = (over: Partial<RawCombatant> = {}): RawCombatant => ({
  id: 'fighter', side: 'heroes', at: [2, 2], hp: 38, ac: { total: 17, touch: 11, flatFooted: 16 }, init: 1, dex: 12,
  attacks: [{ name: 'longsword', kind: 'melee', bonus: [8, 3], damage: '1d8+3', crit: { range: 19, multiplier: 2 } }],
  ...over,
});

export const orc = (over: Partial<RawCombatant> = {}): RawCombatant => ({
  id: 'orc', side: 'monsters', at: [3, 2], hp: 5, ac: { total: 13, touch: 10, flatFooted: 13 }, init: 0, dex: 11,
  attacks: [
    { name: 'falchion', kind: 'melee', bonus: [4], damage: '2d4+4', crit: { range: 18, multiplier: 2 } },
    { name: 'javelin', kind: 'ranged', bonus: [1], damage: '1d6+3', rangeIncrement: 30 },
  ],
  ...over,
});

export const wizard = (over: Partial<RawCombatant> = {}): RawCombatant => ({
  id: 'wizard', side: 'heroes', at: [2, 2], hp: 12, ac: { total: 12, touch: 12, flatFooted: 10 }, init: 2, dex: 14,
  attacks: [{ name: 'quarterstaff', kind: 'melee', bonus: [1], damage: '1d6' }],
  skills: { concentration: 8 }, casterLevel: 3, spells: { 'magic-missile': 2 },
  ...over,
});

export function encounter(combatants: RawCombatant[], extra: Record<string, unknown> = {}): Encounter {
  const parsed = parseEncounter(
    { format: 'd20sim/encounter@1', name: 'test', map: { width: 12, height: 8 }, combatants, ...extra },
    'test-encounter.json',
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

export type Patch = Partial<CreatureState>;

/** initialState with every creature past its first turn (flatFooted false, FF-1), then per-creature patches. */
export function ready(combatants: RawCombatant[], patches: Record<string, Patch> = {}): CombatState {
  const s = initialState(encounter(combatants));
  const creatures: Record<string, CreatureState> = {};
  for (const id of s.listed) creatures[id] = { ...s.creatures[id]!, flatFooted: false, ...patches[id] };
  return { ...s, creatures };
}
