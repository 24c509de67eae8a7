// Results of reading user input: a value, or one line saying where (file, JSON path) and what was wrong.
import type { z } from 'zod';

export type InputResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export const ok = <T>(value: T): InputResult<T> => ({ ok: true, value });
export const fail = (error: string): InputResult<never> => ({ ok: false, error });

export type JsonPath = readonly PropertyKey[];

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `encounter.combatants[1].ac.total`; the base (e.g. 'encounter') prefixes the path. */
export function formatPath(base: string, path: JsonPath): string {
  let out = base;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && SIMPLE_KEY.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(top level)' : out;
}

const MAX_FOUND = 60;

/** Compact one-line JSON of a found value, cut short so a message stays one readable line. */
export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_FOUND ? `${text.slice(0, MAX_FOUND - 3)}...` : text;
}

/** `<file>: <path>: <expected>, got <found>`; a missing value reads "required field missing". */
export function inputError(file: string, base: string, path: JsonPath, expected: string, found: unknown): string {
  const where = `${file}: ${formatPath(base, path)}`;
  if (found === undefined) return `${where}: required field missing (${expected})`;
  return `${where}: ${expected}, got ${shortJson(found)}`;
}

const isObject = (v: unknown): v is Record<PropertyKey, unknown> => typeof v === 'object' && v !== null;

/** The raw input at a path (zod paths refer to the input), undefined when absent. */
export function valueAt(data: unknown, path: JsonPath): unknown {
  let current = data;
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

const TYPE_NAMES: Readonly<Record<string, string>> = { int: 'integer', record: 'object', tuple: 'array' };

const bound = (origin: string, op: string, n: unknown): string =>
  origin === 'array' ? `expected an array with ${op} ${String(n)} item(s)` : `expected a ${origin} ${op} ${String(n)}`;

/** What a zod issue expected, in words; our own schema messages already start with "expected". */
export function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('expected')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${shortJson(issue.values[0])}`
        : `expected one of ${issue.values.map(String).join('|')}`;
    case 'too_small':
      return bound(issue.origin, issue.inclusive === false ? '>' : '>=', issue.minimum);
    case 'too_big':
      return bound(issue.origin, issue.inclusive === false ? '<' : '<=', issue.maximum);
    case 'invalid_format':
      return `expected a string in format ${issue.pattern ?? issue.format}`;
    default:
      return `expected valid input (${issue.message})`;
  }
}

/** Parses with a zod schema; on failure reports only the first issue, as one line. */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string, base: string): InputResult<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  if (issue === undefined) return fail(`${file}: ${formatPath(base, [])}: invalid input`);
  return fail(inputError(file, base, issue.path, expectedOf(issue), valueAt(data, issue.path)));
}
