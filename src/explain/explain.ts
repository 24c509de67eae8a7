// `d20sim explain LOG --event N [--why-not]`: why an event happened, and why others did not, in facts and rule IDs.
import type { CombatEvent, EventOf } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { aooLeft } from '../engine/opportunity.ts';
import { creatureOf, statsOf } from '../engine/queries.ts';
import { stateAfter, type Replay } from '../log/replay.ts';
import { armedWith, foesOf, whyNoOpportunity } from './facts.ts';

const TRIGGERS = {
  move: 'left a square it threatened (PROV-1)',
  spell: 'cast a spell in a square it threatened (PROV-3); the attack comes during the casting (RES-3)',
  ranged: 'made a ranged attack in a square it threatened (PROV-3)',
  distracting: 'did a distracting action in a square it threatened (PROV-3)',
  unarmed: 'attacked unarmed without Improved Unarmed Strike (PROV-3)',
  'enter-space': 'tried to enter its space (PROV-4); the attack comes before the entry (RES-4)',
  trip: 'tried to trip it without Improved Trip (PROV-3, RES-6)',
  disarm: 'tried to disarm it without Improved Disarm (PROV-3, RES-6)',
  'ignore-flanker': 'chose to disregard it as a flanker (VAR-1)',
} as const;

function provoked(e: EventOf<'OpportunityProvoked'>, before: CombatState): string[] {
  const r = creatureOf(before, e.reactor);
  const stats = statsOf(before, e.reactor);
  return [
    `${e.by} ${TRIGGERS[e.trigger]}, at (${e.at[0]},${e.at[1]}).`,
    `${e.reactor} threatens that square: ${armedWith(before, e.reactor)} (THR-1).`,
    r.flatFooted ? `${e.reactor} is flat-footed but has Combat Reflexes (FF-2).` : `${e.reactor} is not flat-footed (FF-2).`,
    `${e.reactor} can see ${e.by} and has no wall between them (THR-7).`,
    `${e.reactor} had ${aooLeft(before, e.reactor)} of ${stats.aooPerRound} attacks of opportunity left this round (AOO-2).`,
  ];
}

function attack(e: EventOf<'AttackRolled'>): string[] {
  const lines = [
    `${e.attacker} rolled a natural ${e.d20}; with a bonus of ${e.bonus >= 0 ? '+' : ''}${e.bonus} the total is ${e.total}, against AC ${e.ac}${e.acKind === 'touch' ? ' (touch AC, CORE-9)' : ''}.`,
  ];
  if (e.kind === 'opportunity') lines.push(`It is an attack of opportunity (provoked by ${e.provokedBy ?? 'an action'}): one melee attack at the highest bonus (AOO-1).`);
  if (e.d20 === 20) lines.push('A natural 20 always hits (CORE-2).');
  if (e.d20 === 1) lines.push('A natural 1 always misses (CORE-2).');
  if (e.flanking) lines.push('Flanking: +2 on the attack (FLK-1, FLK-2).');
  if (e.deniedDex) lines.push(`${e.target} was denied its Dex bonus to AC, so its flat-footed AC counted (DEX-1..3, CORE-9).`);
  if (e.threat) lines.push(`The roll threatened a critical; the confirmation roll was ${e.confirmD20 ?? 'not rolled (immune)'}: ${e.critical ? 'confirmed' : 'not confirmed'} (CORE-2).`);
  if (e.d100 !== null) lines.push(`Miss chance ${e.missChance}%: d100 rolled ${e.d100} (CORE-11).`);
  if (e.sneak) lines.push(`Sneak attack: the target was ${e.deniedDex ? 'denied its Dex bonus' : 'flanked'} (SNK-1).`);
  lines.push(e.hit ? 'Result: hit.' : 'Result: miss.');
  return lines;
}

function generic(e: CombatEvent): string[] {
  const { type, rules, ...data } = e;
  return [`${type}: ${JSON.stringify(data)}`, ...(rules.length ? [`Rules: ${rules.join(', ')}.`] : [])];
}

export function explainEvent(replay: Replay, n: number): string[] {
  const event = replay.events[n - 1]!;
  const before = stateAfter(replay, n - 1);
  const head = `Event ${n} (line ${replay.eventLines[n - 1]}): ${event.type}`;
  if (event.type === 'OpportunityProvoked') return [head, ...provoked(event, before), `Rules: ${event.rules.join(', ')}.`];
  if (event.type === 'AttackRolled') return [head, ...attack(event), `Rules: ${event.rules.join(', ')}.`];
  return [head, ...generic(event)];
}

/** For a move: which foes got no opportunity, and why (5-foot step, flat-footed, no reach, already used...). */
export function whyNot(replay: Replay, n: number): string[] {
  const event = replay.events[n - 1]!;
  if (event.type !== 'Moved') return [`--why-not explains moves; event ${n} is ${event.type}.`];
  // The state before this step's opportunity window: back over the OpportunityProvoked events just before it.
  let start = n - 1;
  while (start > 0 && ['OpportunityProvoked', 'OpportunityTaken', 'OpportunityDeclined', 'AttackRolled', 'DamageDealt', 'TumbleChecked', 'ManeuverRolled', 'OpportunityFoiled', 'ConditionGained'].includes(replay.events[start - 1]!.type)) start -= 1;
  const before = stateAfter(replay, start);
  const got = replay.events.slice(start, n - 1).filter((e): e is EventOf<'OpportunityProvoked'> => e.type === 'OpportunityProvoked').map((e) => e.reactor);
  const earlier = replay.events.slice(0, start).filter((e, i) => e.type === 'OpportunityProvoked' && e.trigger === 'move' && e.by === event.id && sameTurn(replay, i, start));
  const tumbled = replay.events.slice(0, start).filter((e): e is EventOf<'TumbleChecked'> => e.type === 'TumbleChecked' && e.id === event.id && e.success);
  const lines = [`Event ${n} (line ${replay.eventLines[n - 1]}): ${event.id} moved from (${event.from[0]},${event.from[1]}) to (${event.to[0]},${event.to[1]}) (${event.mode}).`];
  for (const foe of foesOf(before, event.id)) {
    if (got.includes(foe)) {
      lines.push(`- ${foe}: got its attack of opportunity (PROV-1).`);
      continue;
    }
    const reasons: string[] = [];
    if (event.mode === 'five-foot-step') reasons.push('a 5-foot step provokes nothing (AVOID-1)');
    if (earlier.some((e) => e.type === 'OpportunityProvoked' && e.reactor === foe)) reasons.push('it already had its one opportunity for this movement this turn (PROV-2)');
    if (tumbled.some((t) => t.past === foe)) reasons.push(`${event.id} tumbled past it (AVOID-3, AVOID-4)`);
    if (event.mode === 'withdraw' && isFirstStep(replay, n)) reasons.push('withdrawing: the first square does not count as threatened by foes the mover can see (AVOID-2)');
    if (event.mode === 'spring-attack') reasons.push('a Spring Attack provokes nothing from the foe attacked (AVOID-5), if this is it');
    reasons.push(...whyNoOpportunity(before, foe, event.id, event.from));
    lines.push(`- ${foe}: ${reasons.length ? reasons.join('; ') : 'no reason found: it could have taken one'}.`);
  }
  return lines;
}

function sameTurn(replay: Replay, i: number, end: number): boolean {
  return !replay.events.slice(i, end).some((e) => e.type === 'TurnBegan');
}

function isFirstStep(replay: Replay, n: number): boolean {
  for (let i = n - 2; i >= 0; i--) {
    const e = replay.events[i]!;
    if (e.type === 'Moved') return false;
    if (e.type === 'ActionStarted') return true;
  }
  return true;
}
