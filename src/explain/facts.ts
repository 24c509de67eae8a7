// Facts about threat and opportunities, in words and rule IDs, shared by explain and --why-not.
import type { CreatureId, Square } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { squaresOf } from '../rules/grid.ts';
import { coverBetween } from '../rules/cover.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { areFoes, canActNow, creatureOf, has, hpStateOf, sees, statsOf, threatens, threateningAttacks } from '../engine/queries.ts';

const sq = (s: Square): string => `(${s[0]},${s[1]})`;

/** How a creature threatens: its reach and what arms it (THR-1..5). */
export function armedWith(state: CombatState, id: CreatureId): string {
  const stats = statsOf(state, id);
  const weapons = threateningAttacks(stats, has(creatureOf(state, id), 'disarmed'));
  const charge = creatureOf(state, id).conditions.find((c) => c.startsWith('holding-charge:'));
  const arms = [...weapons.map((w) => `${w.name}${w.reachWeapon ? ' (reach weapon: 10-ft ring, THR-4)' : ''}`), ...(charge ? ['a held touch-spell charge'] : [])];
  return `reach ${stats.reach} ft, armed with ${arms.join(', ') || 'nothing (THR-5)'}`;
}

/** Why `reactor` got no opportunity when `mover` left `from` (empty when it could have had one). */
export function whyNoOpportunity(state: CombatState, reactor: CreatureId, mover: CreatureId, from: Square): string[] {
  const reasons: string[] = [];
  const c = creatureOf(state, reactor);
  const stats = statsOf(state, reactor);
  if (!canActNow(state, reactor)) reasons.push(`it is ${hpStateOf(state, reactor)} or helpless and threatens nothing (THR-6)`);
  else if (has(c, 'grappling')) reasons.push('it is grappling and threatens nothing (THR-6)');
  const left = squaresOf(from, statsOf(state, mover).size);
  if (canActNow(state, reactor) && !left.some((s) => threatens(state, reactor, s))) reasons.push(`it does not threaten ${sq(from)}: ${armedWith(state, reactor)} (PROV-1, THR-1)`);
  if (c.flatFooted && !stats.feats.includes('combat-reflexes')) reasons.push('it is flat-footed and has no Combat Reflexes (FF-2)');
  if (aooLeft(state, reactor) <= 0) reasons.push(`it has no attack of opportunity left this round (${stats.aooPerRound} per round, AOO-2)`);
  if (c.effects.some((e) => e.kind === 'total-defense')) reasons.push('it is on total defense (CORE-8)');
  if (!sees(state, reactor, mover)) reasons.push(`it cannot see ${mover} (THR-7)`);
  const place = (id: CreatureId) => ({ at: creatureOf(state, id).at, size: statsOf(state, id).size });
  if (state.map.blocked.length > 0 && coverBetween(place(reactor), place(mover), state.map)) reasons.push(`${mover} has cover against it (THR-7)`);
  return reasons;
}

export const foesOf = (state: CombatState, id: CreatureId): CreatureId[] => state.listed.filter((o) => o !== id && areFoes(state, id, o));
