// Reading a JSONL log: one-line errors naming the line; a truncated last line is reported, not fatal.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EVENT_TYPES } from '../engine/evolve.ts';
import { fail, ok, type InputResult } from '../io/result.ts';
import { LOG_FORMAT, type LogEntry, type LogHeader } from './format.ts';

export interface LogLine {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly entry: LogEntry;
}

export interface ParsedLog {
  readonly file: string;
  readonly header: LogHeader;
  readonly lines: readonly LogLine[];
  /** The line number of an incomplete last line (a run killed mid-write), if any. */
  readonly truncatedAt: number | null;
}

const HeaderSchema = z.object({
  format: z.literal(LOG_FORMAT),
  simulator: z.string(),
  source: z.string(),
  initiative: z.array(z.string()).nullable(),
  dice: z.union([
    z.object({ kind: z.literal('seeded'), seed: z.string() }),
    z.object({ kind: z.literal('scripted'), queues: z.record(z.string(), z.array(z.int())), fallback: z.enum(['max', 'min', 'average']).nullable() }),
  ]),
  encounter: z.object({ name: z.string(), map: z.object({ width: z.int(), height: z.int() }), combatants: z.array(z.object({ stats: z.object({ id: z.string() }) })) }),
});

const KNOWN_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);

function checkEntry(value: unknown, expectedSeq: number): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const v = value as Record<string, unknown>;
  if ('seq' in v) {
    if (typeof v.type !== 'string' || !KNOWN_TYPES.has(v.type)) return `unknown event type ${JSON.stringify(v.type)}`;
    if (v.seq !== expectedSeq) return `expected event number ${expectedSeq}, got ${JSON.stringify(v.seq)}`;
    if (typeof v.data !== 'object' || v.data === null || !Array.isArray(v.rules)) return 'expected an event with data and rules';
    return null;
  }
  if (v.kind === 'command') return typeof v.command === 'object' && v.command !== null ? null : 'expected a command';
  if (v.kind === 'decision') return typeof v.decision === 'object' && v.decision !== null ? null : 'expected a decision';
  if (v.kind === 'rejected') return typeof v.code === 'string' ? null : 'expected a rejection code';
  return 'expected an event, command, decision or rejected line';
}

export function parseLogText(text: string, file: string): InputResult<ParsedLog> {
  const rows = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) rows.pop();
  if (rows.length === 0 || rows[0] === '') return fail(`${file}:1: empty log: expected a ${LOG_FORMAT} header`);
  let header: unknown;
  try {
    header = JSON.parse(rows[0]!);
  } catch {
    return fail(`${file}:1: invalid JSON: expected a ${LOG_FORMAT} header`);
  }
  const format = (header as { format?: unknown } | null)?.format;
  if (format !== LOG_FORMAT) return fail(`${file}:1: expected format ${JSON.stringify(LOG_FORMAT)}, got ${JSON.stringify(format ?? null)}`);
  const checked = HeaderSchema.safeParse(header);
  if (!checked.success) return fail(`${file}:1: header.${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`);
  const lines: LogLine[] = [];
  let seq = 1;
  for (let i = 1; i < rows.length; i++) {
    const lineNo = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(rows[i]!);
    } catch {
      if (i === rows.length - 1 && !complete) return ok({ file, header: header as LogHeader, lines, truncatedAt: lineNo });
      return fail(`${file}:${lineNo}: invalid JSON`);
    }
    const problem = checkEntry(value, seq);
    if (problem) return fail(`${file}:${lineNo}: ${problem}`);
    if ('seq' in (value as object)) seq += 1;
    lines.push({ line: lineNo, entry: value as LogEntry });
  }
  return ok({ file, header: header as LogHeader, lines, truncatedAt: null });
}

export function readLog(path: string): InputResult<ParsedLog> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const reason = e instanceof Error && 'code' in e && e.code === 'ENOENT' ? 'no such file' : 'unreadable';
    return fail(`${path}: cannot read log: ${reason}`);
  }
  return parseLogText(text, path);
}
