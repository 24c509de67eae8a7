// Writing a log file: the header first, then each line appended and flushed as it happens.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { LogEntry, LogHeader } from './format.ts';

export interface LogFile {
  write(entry: LogEntry): void;
  close(): void;
}

/** Creates (or replaces) the file; every line goes to the OS at once, so a killed run leaves whole lines. */
export function openLogFile(path: string, header: LogHeader): LogFile {
  const fd = openSync(path, 'w');
  const line = (value: unknown) => writeSync(fd, `${JSON.stringify(value)}\n`);
  line(header);
  return { write: line, close: () => closeSync(fd) };
}

export function logText(header: LogHeader, entries: readonly LogEntry[]): string {
  return [header, ...entries].map((v) => `${JSON.stringify(v)}\n`).join('');
}
