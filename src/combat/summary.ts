// The summary of SPEC.md: the state and what happened, as `d20sim scenario` prints it.
import type { CombatEvent } from '../model/events.ts';
import type { Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import type { HpState } from '../rules/hp.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { hpStateOf } from '../engine/queries.ts';

export interface AttackSummary {
  round: number;
  attacker: string;
  target: string;
  kind: 'regular' | 'opportunity';
  provokedBy?: string;
  /** Trip and disarm attempts (AOO-5); `succeeded` says whether the maneuver worked. */
  special?: 'trip' | 'disarm';
  succeeded?: boolean;
  weapon: string;
  roll: number;
  total: number;
  ac: number;
  hit: boolean;
  critical: boolean;
  flanking: boolean;
  sneak: boolean;
  damage: number;
}

export interface Summary {
  format: 'd20sim/summary@1';
  round: number;
  ended: boolean;
  winner: string | null;
  initiative: string[];
  combatants: Record<string, { hp: number; at: Square; state: HpState; flatFooted: boolean; aooLeft: number; conditions: string[] }>;
  attacks: AttackSummary[];
  spells: { caster: string; spell: string; outcome: 'resolved' | 'lost' }[];
  rejected: { step: number; code: string; message: string }[];
}

function attacksOf(events: readonly CombatEvent[]): AttackSummary[] {
  const attacks: AttackSummary[] = [];
  let round = 0;
  for (const e of events) {
    if (e.type === 'RoundBegan') round = e.round;
    if (e.type === 'SurpriseRoundBegan') round = 0;
    if (e.type === 'AttackRolled') {
      attacks.push({
        round, attacker: e.attacker, target: e.target, kind: e.kind, ...(e.provokedBy ? { provokedBy: e.provokedBy } : {}),
        weapon: e.weapon, roll: e.d20, total: e.total, ac: e.ac, hit: e.hit, critical: e.critical, flanking: e.flanking,
        sneak: e.sneak, damage: 0,
      });
    }
    if (e.type === 'ManeuverRolled' && e.maneuver === 'disarm') {
      attacks.push({
        round, attacker: e.attacker, target: e.target, kind: e.kind, ...(e.provokedBy ? { provokedBy: e.provokedBy } : {}),
        special: 'disarm', succeeded: e.success, weapon: 'disarm', roll: e.attackerD20, total: e.attackerTotal, ac: e.defenderTotal,
        hit: e.success, critical: false, flanking: false, sneak: false, damage: 0,
      });
    }
    const last = attacks[attacks.length - 1];
    if (e.type === 'AttackRolled' && e.weapon.startsWith('trip (') && last) {
      last.special = 'trip';
      last.succeeded = false;
    }
    if (e.type === 'ManeuverRolled' && e.maneuver === 'trip' && last) last.succeeded = e.success;
    // SPEC: `damage` is the hit points lost, so nonlethal damage does not count.
    if (e.type === 'DamageDealt' && e.cause === 'attack' && !e.nonlethal && last && last.target === e.target) last.damage += e.amount;
  }
  return attacks;
}

function spellsOf(events: readonly CombatEvent[]): Summary['spells'] {
  const spells: Summary['spells'] = [];
  for (const e of events) {
    if (e.type === 'SpellResolved') spells.push({ caster: e.caster, spell: e.spell, outcome: 'resolved' });
    if (e.type === 'SpellLost') spells.push({ caster: e.caster, spell: e.spell, outcome: 'lost' });
  }
  return spells;
}

export function summarize(state: CombatState, events: readonly CombatEvent[], rejected: Summary['rejected']): Summary {
  const combatants: Summary['combatants'] = {};
  for (const id of state.listed) {
    const c = state.creatures[id]!;
    combatants[id] = { hp: c.hp, at: c.at, state: hpStateOf(state, id), flatFooted: c.flatFooted, aooLeft: aooLeft(state, id), conditions: [...c.conditions] };
  }
  return {
    format: 'd20sim/summary@1',
    round: state.round,
    ended: state.phase === 'ended',
    winner: state.winner,
    initiative: [...state.order],
    combatants,
    attacks: attacksOf(events),
    spells: spellsOf(events),
    rejected,
  };
}
