// The dice each event carries, in the order they were rolled: a log replays its own dice (recorded dice).
import type { DieSize } from '../dice/dice.ts';
import { DIE_SIZES } from '../dice/dice.ts';
import type { CombatEvent, EventOf, EventType } from '../model/events.ts';

export interface Roll {
  readonly sides: DieSize;
  readonly value: number;
}

const size = (n: number): DieSize | null => DIE_SIZES.find((s) => s === n) ?? null;
const rolls = (sides: number, values: readonly (number | null)[]): Roll[] => {
  const s = size(sides);
  return s === null ? [] : values.filter((v): v is number => v !== null).map((value) => ({ sides: s, value }));
};

type Extractors = { [T in EventType]?: (e: EventOf<T>) => Roll[] };

const EXTRACTORS: Extractors = {
  InitiativeRolled: (e) => rolls(20, [e.d20]),
  InitiativeTieRolled: (e) => rolls(20, [e.d20]),
  StabilizationRolled: (e) => rolls(100, [e.d100]),
  AttackRolled: (e) => [...rolls(20, [e.d20, e.confirmD20]), ...rolls(100, [e.d100])],
  DamageDealt: (e) => [...rolls(e.dieSize, e.dice), ...rolls(6, e.sneakDice)],
  HealingReceived: (e) => rolls(e.dieSize, e.dice),
  ConcentrationChecked: (e) => rolls(20, [e.d20]),
  TumbleChecked: (e) => rolls(20, [e.d20]),
  ManeuverRolled: (e) => rolls(20, [e.attackerD20, e.defenderD20]),
};

export function diceOf(event: CombatEvent): Roll[] {
  const extract = EXTRACTORS[event.type] as ((e: CombatEvent) => Roll[]) | undefined;
  return extract ? extract(event) : [];
}

/** Per-size queues of every die the events rolled, for a scripted Dice. */
export function recordedQueues(events: readonly CombatEvent[]): Record<number, number[]> {
  const queues: Record<number, number[]> = {};
  for (const e of events) for (const r of diceOf(e)) (queues[r.sides] ??= []).push(r.value);
  return queues;
}
