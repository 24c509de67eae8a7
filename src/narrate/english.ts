// Events as English sentences, for `d20sim run` and replays.
import type { CombatEvent, EventOf } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { Square } from '../model/ids.ts';

type Narrators = { [T in CombatEvent['type']]: (event: EventOf<T>, name: (id: string) => string) => string | null };

const sq = (s: Square): string => `(${s[0]},${s[1]})`;
const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

const TRIGGER_TEXT = {
  move: 'moving out of a threatened square',
  spell: 'casting a spell',
  ranged: 'a ranged attack',
  distracting: 'a distracting action',
  unarmed: 'an unarmed attack',
  'enter-space': 'entering its space',
  trip: 'a trip attempt',
  disarm: 'a disarm attempt',
  'ignore-flanker': 'turning away from a flanker',
} as const;

function attackText(e: EventOf<'AttackRolled'>, name: (id: string) => string): string {
  const kind = e.kind === 'opportunity' ? 'attack of opportunity' : 'attack';
  const notes = [e.flanking ? 'flanking' : '', e.deniedDex ? 'target denied Dex' : '', e.sneak ? 'sneak attack' : ''].filter(Boolean);
  const roll = `d20 ${e.d20}${signed(e.bonus)} = ${e.total} vs AC ${e.ac}${e.acKind === 'touch' ? ' (touch)' : ''}`;
  const outcome = e.critical ? 'critical hit!' : e.hit ? 'hit' : e.threat || (e.d100 !== null && !e.hit) ? 'miss (concealment)' : 'miss';
  const confirm = e.confirmD20 !== null ? `, confirm d20 ${e.confirmD20}` : '';
  return `  ${name(e.attacker)} makes an ${kind} on ${name(e.target)} with ${e.weapon}: ${roll}${confirm} - ${outcome}${notes.length ? ` [${notes.join(', ')}]` : ''}`;
}

const NARRATORS: Narrators = {
  InitiativeRolled: (e, n) => `${n(e.id)} rolls initiative: d20 ${e.d20}${signed(e.modifier)} = ${e.total}`,
  InitiativeTieRolled: (e, n) => `${n(e.id)} rolls off a tie: ${e.d20}`,
  InitiativeSet: (e, n) => `Initiative order: ${e.order.map(n).join(', ')}`,
  SurpriseRoundBegan: (e, n) => `== Surprise round == (aware: ${e.aware.map(n).join(', ')})`,
  RoundBegan: (e) => `== Round ${e.round} ==`,
  TurnBegan: (e, n) => `${n(e.id)}'s turn${e.limited ? ' (one action only)' : ''}`,
  TurnSkipped: (e, n) => (e.reason === 'unaware' ? `${n(e.id)} is unaware and does not act` : null),
  FlatFootedEnded: () => null,
  StabilizationRolled: (e, n) => `  ${n(e.id)} is dying: d% ${e.d100} - ${e.stable ? 'stabilizes' : 'loses 1 hp'}`,
  ActionStarted: () => null,
  Moved: (e, n) => `  ${n(e.id)} ${e.mode === 'five-foot-step' ? 'takes a 5-foot step' : e.mode === 'withdraw' ? 'withdraws' : e.mode === 'charge' ? 'charges' : 'moves'} ${sq(e.from)} -> ${sq(e.to)}`,
  MovementStopped: (e, n) => e.reason === 'dropped' ? `  ${n(e.id)} drops in ${sq(e.at)}; the movement ends` : `  ${n(e.id)} stops in ${sq(e.at)}, short of the foe's space`,
  OpportunityProvoked: (e, n) => `  ${n(e.by)} provokes an attack of opportunity from ${n(e.reactor)} by ${TRIGGER_TEXT[e.trigger]}`,
  OpportunityDeclined: (e, n) => `  ${n(e.reactor)} lets the opportunity pass`,
  OpportunityTaken: (e, n) => `  ${n(e.reactor)} takes the opportunity${e.with === 'attack' ? '' : ` (${e.with})`}`,
  OpportunityFoiled: (e, n) =>
    `  ${n(e.reactor)}'s attack of opportunity on ${n(e.against)} never comes (${e.reason === 'chain-ended' ? 'the chain ended' : e.reason})`,
  ManeuverRolled: (e, n) =>
    `  ${n(e.attacker)} tries to ${e.maneuver} ${n(e.target)}: ${e.attackerTotal} (d20 ${e.attackerD20}) against ${e.defenderTotal} (d20 ${e.defenderD20}) - ${e.success ? 'success' : 'failure'}`,
  TumbleChecked: (e, n) =>
    `  ${n(e.id)} tumbles ${e.through ? 'through' : 'past'} ${n(e.past)}: d20 ${e.d20}${signed(e.bonus)} = ${e.total} vs DC ${e.dc} - ${e.success ? 'success' : 'failure'}`,
  PowerAttackChosen: (e, n) => `  ${n(e.id)} uses Power Attack (${e.amount})`,
  FlankerIgnored: (e, n) => `  ${n(e.id)} turns its back on ${n(e.flanker)}`,
  AttackRolled: attackText,
  DamageDealt: (e, n) =>
    e.cause === 'bleeding'
      ? null
      : e.cause === 'exertion'
      ? `  ${n(e.target)} strains while disabled and loses 1 hp`
      : `  ${n(e.target)} takes ${e.amount} damage${e.sneakDice.length ? ` (sneak attack ${e.sneakDice.join('+')})` : ''}`,
  HealingReceived: (e, n) => `  ${n(e.target)} heals ${e.amount} hp`,
  EffectStarted: (e, n) => `  ${n(e.id)}: ${e.effect.replace('-', ' ')}`,
  SpellBegun: (e, n) => `  ${n(e.caster)} casts ${e.spell}${e.target ? ` at ${n(e.target)}` : ''}${e.defensively ? ' defensively' : ''}`,
  ConcentrationChecked: (e, n) => `  ${n(e.id)} Concentration: d20 ${e.d20}${signed(e.bonus)} = ${e.total} vs DC ${e.dc} - ${e.success ? 'success' : 'failure'}`,
  ChargeHeld: (e, n) => `  ${n(e.id)} holds the charge of ${e.spell}`,
  ChargeDischarged: () => null,
  ConditionGained: (e, n) => `  ${n(e.id)} is now ${e.condition}`,
  ConditionLost: (e, n) => `  ${n(e.id)} is no longer ${e.condition}`,
  SpellResolved: (e, n) => `  ${n(e.caster)}'s ${e.spell} takes effect`,
  SpellLost: (e, n) => `  ${n(e.caster)} loses the spell ${e.spell}`,
  ActionFoiled: (e, n) => `  ${n(e.id)} drops; the ${e.action} does not happen`,
  TurnEnded: () => null,
  CombatEnded: (e) => (e.winner ? `The fight is over: ${e.winner} win.` : 'The fight is over: nobody is left standing.'),
};

export function narrate(event: CombatEvent, state: CombatState): string | null {
  const name = (id: string): string => state.stats[id]?.name ?? id;
  return (NARRATORS[event.type] as (e: CombatEvent, n: (id: string) => string) => string | null)(event, name);
}
