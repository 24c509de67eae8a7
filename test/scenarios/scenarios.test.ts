// Rules scenarios (fixtures/scenarios/*.json): each file's `expect` block was computed by hand from RULES.md and is
// matched against the summary exactly as ../shared/conformance/check.mjs matches it. Files marked `"pending": true`
// cover rules still being implemented; they run only with D20SIM_PENDING=1 and are skipped otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/combat/scenario.ts';
import { loadScenario } from '../../src/io/scenario.ts';

const dir = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const runPending = process.env.D20SIM_PENDING === '1';

interface ScenarioFile {
  readonly description?: string;
  readonly pending?: boolean;
  readonly expect?: unknown;
}

/** check.mjs semantics: objects match on the keys they name, arrays need the same length, scalars must be equal. */
function match(want: unknown, got: unknown, path: string, out: string[]): void {
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) {
      out.push(`${path}: expected an array, got ${JSON.stringify(got)}`);
      return;
    }
    if (want.length !== got.length) {
      out.push(`${path}: expected ${want.length} entries, got ${got.length}: ${JSON.stringify(got)}`);
      return;
    }
    want.forEach((w, i) => match(w, got[i], `${path}[${i}]`, out));
  } else if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) {
      out.push(`${path}: expected an object, got ${JSON.stringify(got)}`);
      return;
    }
    const wanted = want as Record<string, unknown>;
    const found = got as Record<string, unknown>;
    for (const key of Object.keys(wanted)) match(wanted[key], found[key], `${path}.${key}`, out);
  } else if (want !== got) {
    out.push(`${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
}

const read = (name: string): ScenarioFile => JSON.parse(readFileSync(dir + name, 'utf8')) as ScenarioFile;

describe('rules scenarios (fixtures/scenarios)', () => {
  it('has scenario files, each with an expect block', () => {
    expect(files.length).toBeGreaterThanOrEqual(36);
    for (const name of files) expect(read(name).expect, name).toBeTypeOf('object');
  });

  it('the matcher follows check.mjs', () => {
    const problems = (want: unknown, got: unknown): string[] => {
      const out: string[] = [];
      match(want, got, 'summary', out);
      return out;
    };
    expect(problems({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
    expect(problems({ a: [] }, { a: [1] })).toHaveLength(1);
    expect(problems([{ k: 'x' }], [{ k: 'x', other: 3 }])).toEqual([]);
    expect(problems({ a: { b: 2 } }, { a: null })).toHaveLength(1);
    expect(problems({ a: null }, { a: null })).toEqual([]);
    expect(problems({ missing: 0 }, {})).toHaveLength(1);
  });

  for (const name of files) {
    const scenario = read(name);
    const pending = scenario.pending === true;
    const title = `${pending ? '[pending] ' : ''}${name}: ${scenario.description ?? ''}`;
    const test = pending && !runPending ? it.skip : it;
    test(title, () => {
      const loaded = loadScenario(dir + name);
      if (!loaded.ok) throw new Error(loaded.error);
      const { summary } = runScenario(loaded.value);
      // The CLI prints the summary as JSON: compare what it would print.
      const printed: unknown = JSON.parse(JSON.stringify(summary));
      const problems: string[] = [];
      match(scenario.expect ?? {}, printed, 'summary', problems);
      expect(problems, `${name} -- ${scenario.description ?? ''}`).toEqual([]);
    });
  }
});
