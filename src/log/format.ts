// The versioned JSONL log (DESIGN.md): a header line, then one line per event, command or decision.
import type { Command, OpportunityDecision } from '../model/commands.ts';
import type { CombatEvent, EventType } from '../model/events.ts';
import type { CreatureId } from '../model/ids.ts';
import type { RuleId } from '../model/rule-ids.ts';
import type { Encounter } from '../model/stats.ts';

export const LOG_FORMAT = 'd20sim/log@1';

export type LogDice =
  | { readonly kind: 'seeded'; readonly seed: string }
  | { readonly kind: 'scripted'; readonly queues: Readonly<Record<number, readonly number[]>>; readonly fallback: 'max' | 'min' | 'average' | null };

export interface LogHeader {
  readonly format: typeof LOG_FORMAT;
  readonly simulator: string;
  readonly encounter: Encounter;
  readonly dice: LogDice;
  /** A scripted initiative order, or null when it was rolled. */
  readonly initiative: readonly CreatureId[] | null;
  readonly source: string;
}

/** One event: its sequence number (1-based), the round and whose turn it happened in, its data and rule IDs. */
export interface LogEventLine {
  readonly seq: number;
  readonly round: number;
  readonly turn: CreatureId | null;
  readonly type: EventType;
  readonly data: Record<string, unknown>;
  readonly rules: readonly RuleId[];
}

/** A command as it was given, before its events; a rejected one is followed by a `rejected` line. */
export interface LogCommandLine {
  readonly kind: 'command';
  readonly command: Command;
}

export interface LogRejectedLine {
  readonly kind: 'rejected';
  readonly code: string;
  readonly message: string;
}

/** An answer to an opportunity prompt (AOO-4), before the events it leads to. */
export interface LogDecisionLine {
  readonly kind: 'decision';
  readonly reactor: CreatureId;
  readonly against: CreatureId;
  readonly decision: OpportunityDecision;
}

export type LogEntry = LogEventLine | LogCommandLine | LogRejectedLine | LogDecisionLine;

export function toEventLine(event: CombatEvent, seq: number, round: number, turn: CreatureId | null): LogEventLine {
  const { type, rules, ...data } = event;
  return { seq, round, turn, type, data, rules };
}

export function fromEventLine(line: LogEventLine): CombatEvent {
  return { type: line.type, ...line.data, rules: line.rules } as CombatEvent;
}

export const isEventLine = (entry: LogEntry): entry is LogEventLine => 'seq' in entry;
