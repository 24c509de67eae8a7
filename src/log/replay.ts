// Replaying a log: a fold of its events with evolve from the encounter's initial state; never decides or rolls.
import { foldEvents } from '../engine/evolve.ts';
import { initialState } from '../engine/initial.ts';
import type { CombatEvent } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { fromEventLine, isEventLine, type LogEventLine } from './format.ts';
import type { ParsedLog } from './reader.ts';

export interface Replay {
  readonly initial: CombatState;
  readonly events: readonly CombatEvent[];
  /** The file line of each event. */
  readonly eventLines: readonly number[];
}

export function replayOf(log: ParsedLog): Replay {
  const events: CombatEvent[] = [];
  const eventLines: number[] = [];
  for (const { line, entry } of log.lines) {
    if (!isEventLine(entry)) continue;
    events.push(fromEventLine(entry as LogEventLine));
    eventLines.push(line);
  }
  return { initial: initialState(log.header.encounter), events, eventLines };
}

/** The state after the first `n` events (all of them when n is omitted). */
export function stateAfter(replay: Replay, n = replay.events.length): CombatState {
  return foldEvents(replay.initial, replay.events.slice(0, n));
}
