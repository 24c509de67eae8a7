// Turns a fight's events, commands and decisions into log lines as they happen.
import type { CombatEvent } from '../model/events.ts';
import { toEventLine, type LogEntry, type LogEventLine } from './format.ts';

export interface Recorder {
  /** Lines are handed to `write` one at a time, in order. */
  event(event: CombatEvent): void;
  entry(entry: Exclude<LogEntry, { seq: number }>): void;
}

/** A recorder that keeps the lines in memory and can take back the last command's (scripted dice ran out). */
export interface MemoryRecorder extends Recorder {
  readonly lines: LogEntry[];
  rollback(): void;
}

export function memoryRecorder(): MemoryRecorder {
  const lines: LogEntry[] = [];
  let mark = 0;
  let seqMark = 0;
  let inner = createRecorder((e) => lines.push(e));
  return {
    lines,
    event: (event) => inner.event(event),
    entry(entry) {
      if (entry.kind === 'command') {
        mark = lines.length;
        seqMark = lines.filter((l) => 'seq' in l).length;
      }
      inner.entry(entry);
    },
    rollback() {
      lines.length = mark + 1; // keep the command itself: its rejection follows
      inner = createRecorder((e) => lines.push(e), seqMark, lines);
    },
  };
}

export function createRecorder(write: (entry: LogEntry) => void, startSeq = 0, before: readonly LogEntry[] = []): Recorder {
  let seq = startSeq;
  // Resume round and turn from the lines already written.
  const last = [...before].reverse().find((l): l is LogEventLine => 'seq' in l);
  let round = last?.round ?? 0;
  let turn: string | null = last && last.type !== 'TurnEnded' && last.type !== 'CombatEnded' ? last.turn : null;
  return {
    event(event) {
      if (event.type === 'RoundBegan') round = event.round;
      if (event.type === 'SurpriseRoundBegan') round = 0;
      if (event.type === 'TurnBegan') turn = event.id;
      seq += 1;
      write(toEventLine(event, seq, round, turn));
      if (event.type === 'TurnEnded' || event.type === 'CombatEnded') turn = null;
    },
    entry: write,
  };
}
