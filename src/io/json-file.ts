// Reading JSON files with one-line errors that point at the file, line and column.
import { readFileSync } from 'node:fs';
import { fail, ok, type InputResult } from './result.ts';

/** Reads and parses a JSON file; never throws. */
export function readJsonFile(path: string): InputResult<unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail(`${path}: cannot read file: ${ioReason(error)}`);
  }
  return parseJsonText(text, path);
}

/** Parses JSON text; `file` names it in the error. A leading byte-order mark is ignored. */
export function parseJsonText(text: string, file: string): InputResult<unknown> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return ok(JSON.parse(body) as unknown);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, col } = lineCol(body, errorOffset(message, body));
    return fail(`${file}:${line}:${col}: invalid JSON: ${shortReason(message)}`);
  }
}

// Node's fs messages look like "ENOENT: no such file or directory, open '/x'": keep the middle.
function ioReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? message;
  return firstLine.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
}

// V8 drops the position (and quotes the text) for "Unexpected token"; keep only the words.
function shortReason(message: string): string {
  const firstLine = message.split('\n')[0] ?? message;
  return firstLine
    .replace(/, (?:\.\.\.)?".*$/, '')
    .replace(/ (?:in JSON )?at position \d+.*$/, '');
}

function errorOffset(message: string, text: string): number {
  const match = /at position (\d+)/.exec(message);
  return match?.[1] !== undefined ? Number(match[1]) : firstSyntaxError(text);
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, Math.min(offset, text.length));
  const lines = before.split('\n');
  return { line: lines.length, col: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Offset of the first JSON syntax error (for messages without a position); text.length if none. */
export function firstSyntaxError(text: string): number {
  let i = 0;
  const skipWs = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const sticky = (re: RegExp): boolean => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  const advance = (): true => {
    i++;
    return true;
  };
  const word = (w: string): boolean => {
    for (const ch of w) {
      if (text.charAt(i) !== ch) return false;
      i++;
    }
    return true;
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text.charAt(i);
      if (ch === '"') return advance();
      if (ch < ' ') return false;
      if (ch !== '\\') i++;
      else if (!sticky(ESCAPE)) return false;
    }
    return false;
  };
  const list = (close: string, item: () => boolean): boolean => {
    i++; // opening bracket
    skipWs();
    if (text.charAt(i) === close) return advance();
    for (;;) {
      if (!item()) return false;
      skipWs();
      if (text.charAt(i) === close) return advance();
      if (text.charAt(i) !== ',') return false;
      i++;
    }
  };
  const member = (): boolean => {
    skipWs();
    if (text.charAt(i) !== '"' || !string()) return false;
    skipWs();
    if (text.charAt(i) !== ':') return false;
    i++;
    return value();
  };
  const value = (): boolean => {
    skipWs();
    const ch = text.charAt(i);
    if (ch === '{') return list('}', member);
    if (ch === '[') return list(']', value);
    if (ch === '"') return string();
    if (ch === 't') return word('true');
    if (ch === 'f') return word('false');
    if (ch === 'n') return word('null');
    return sticky(NUMBER);
  };
  if (!value()) return i;
  skipWs();
  return i;
}
