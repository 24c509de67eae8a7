// What one side can perceive: its own creatures in full; foes it can see; unseen foes only once revealed.
import type { CombatEvent } from '../model/events.ts';
import type { CreatureId, SideName, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { Condition } from '../model/stats.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { hpStateOf, sees, statsOf } from '../engine/queries.ts';
import type { HpState } from '../rules/hp.ts';

export interface SeenCreature {
  readonly id: CreatureId;
  readonly name: string;
  readonly side: SideName;
  /** null for a foe the side cannot see (it revealed itself by attacking). */
  readonly at: Square | null;
  readonly hpState: HpState;
  /** Exact for the side's own creatures; for foes, the damage the side has seen them take. */
  readonly hp: number | null;
  readonly damageTaken: number;
  readonly conditions: readonly Condition[];
  readonly flatFooted: boolean;
  readonly aooLeft: number | null;
}

export interface Observation {
  readonly side: SideName;
  readonly round: number;
  readonly phase: CombatState['phase'];
  readonly turn: CreatureId | null;
  readonly map: CombatState['map'];
  readonly creatures: readonly SeenCreature[];
}

/** Foes that attacked this side lately give away that they are there (not where). */
function revealed(events: readonly CombatEvent[], state: CombatState, side: SideName): Set<CreatureId> {
  const out = new Set<CreatureId>();
  for (let i = events.length - 1, turns = 0; i >= 0 && turns < state.listed.length * 2; i--) {
    const e = events[i]!;
    if (e.type === 'TurnBegan') turns += 1;
    if (e.type === 'AttackRolled' && statsOf(state, e.target).side === side) out.add(e.attacker);
  }
  return out;
}

export function observe(state: CombatState, events: readonly CombatEvent[], side: SideName): Observation {
  const ours = state.listed.filter((id) => statsOf(state, id).side === side);
  const damage: Record<CreatureId, number> = {};
  for (const e of events) if (e.type === 'DamageDealt' && !e.nonlethal) damage[e.target] = (damage[e.target] ?? 0) + e.amount;
  const shown = revealed(events, state, side);
  const creatures: SeenCreature[] = [];
  for (const id of state.listed) {
    const c = state.creatures[id]!;
    const s = statsOf(state, id);
    const own = s.side === side;
    const visible = own || ours.some((o) => sees(state, o, id));
    if (!visible && !shown.has(id)) continue;
    creatures.push({
      id, name: s.name, side: s.side, at: visible ? c.at : null, hpState: hpStateOf(state, id), hp: own ? c.hp : null,
      damageTaken: damage[id] ?? 0, conditions: visible ? c.conditions : [], flatFooted: c.flatFooted, aooLeft: own ? aooLeft(state, id) : null,
    });
  }
  return { side, round: state.round, phase: state.phase, turn: state.turn?.actor ?? null, map: state.map, creatures };
}
