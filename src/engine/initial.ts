// The state before the first event: every combatant in place and flat-footed (FF-1).
import type { CreatureState, CombatState } from '../model/state.ts';
import type { Encounter } from '../model/stats.ts';

export function initialState(encounter: Encounter): CombatState {
  const stats: Record<string, CombatState['stats'][string]> = {};
  const creatures: Record<string, CreatureState> = {};
  for (const c of encounter.combatants) {
    stats[c.stats.id] = c.stats;
    creatures[c.stats.id] = {
      id: c.stats.id,
      at: c.at,
      hp: c.hp,
      nonlethal: 0,
      conditions: [...c.conditions],
      flatFooted: true,
      aware: c.aware,
      aooUsed: 0,
      stable: false,
      effects: [],
      powerAttack: 0,
      ignoring: [],
      spells: { ...c.spells },
    };
  }
  return {
    name: encounter.name,
    map: encounter.map,
    rules: encounter.rules,
    stats,
    creatures,
    listed: encounter.combatants.map((c) => c.stats.id),
    order: [],
    initiative: {},
    phase: 'setup',
    round: 0,
    turn: null,
    winner: null,
  };
}
