// `d20sim replay LOG [--lang fr] [--at N] [--json] [--verify]`: narrate, show a moment, or check a log.
import { isLang, narrator } from '../narrate/index.ts';
import { renderMap } from '../narrate/map.ts';
import { readLog, type ParsedLog } from '../log/reader.ts';
import { replayOf, stateAfter } from '../log/replay.ts';
import { verifyLog } from '../log/verify.ts';
import { badInput, type CliFailure } from './errors.ts';

export interface ReplayOptions {
  readonly lang: string;
  readonly at?: string;
  readonly json?: boolean;
  readonly verify?: boolean;
}

export function loadLog(file: string): ParsedLog {
  const log = readLog(file);
  if (!log.ok) throw badInput(log.error);
  return log.value;
}

export function eventNumber(text: string, count: number, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > count) throw badInput(`${flag}: expected an event number from 0 to ${count}, got ${JSON.stringify(text)}`);
  return n;
}

const verificationFailed = (message: string): CliFailure => ({ exitCode: 1, message });

export function replayCommand(file: string, options: ReplayOptions, out: (line: string) => void, warn: (line: string) => void): void {
  if (!isLang(options.lang)) throw badInput(`--lang: expected en or fr, got ${JSON.stringify(options.lang)}`);
  const log = loadLog(file);
  if (options.verify) return verify(log, file, out);
  if (log.truncatedAt !== null) warn(`${file}:${log.truncatedAt}: incomplete last line ignored (the run was cut off); replaying the lines before it`);
  const replay = replayOf(log);
  const say = narrator(options.lang);
  if (options.at === undefined) {
    for (const event of replay.events) {
      const line = say(event, replay.initial);
      if (line) out(line);
    }
    return;
  }
  const n = eventNumber(options.at, replay.events.length, '--at');
  const state = stateAfter(replay, n);
  if (options.json) return out(JSON.stringify({ event: n, state }));
  const event = replay.events[n - 1];
  out(n === 0 ? 'Before the first event.' : `After event ${n} (line ${replay.eventLines[n - 1]}): ${event ? (say(event, state) ?? event.type).trim() : ''}`);
  out(renderMap(state));
}

function verify(log: ParsedLog, file: string, out: (line: string) => void): void {
  if (log.truncatedAt !== null) throw verificationFailed(`${file}:${log.truncatedAt}: the log is cut off: only a complete log can be verified`);
  const verdict = verifyLog(log);
  if (verdict.ok) {
    out(`${file}: verified: ${verdict.events} events from ${verdict.commands} commands follow from the rules and the recorded dice`);
    return;
  }
  const json = (v: unknown) => (v === null ? 'nothing' : JSON.stringify(v));
  throw verificationFailed(`${file}:${verdict.line}: ${verdict.message}: expected ${json(verdict.expected)}, found ${json(verdict.found)}`);
}
