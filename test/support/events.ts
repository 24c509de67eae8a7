// Picking events of one type out of a log, typed.
import type { CombatEvent } from '../../src/model/events.ts';

export const of = <T extends CombatEvent['type']>(events: readonly CombatEvent[], type: T) =>
  events.filter((e): e is Extract<CombatEvent, { type: T }> => e.type === type);
