// The real CLI on bad input: exit 2, one line on stderr naming the file and where, no stack, nothing on stdout.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const validCase = new URL('../../../shared/conformance/cases/p01-leaving-threat-provokes.json', import.meta.url);

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(...args: string[]): Run {
  const r = spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: projectRoot, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exit 2, empty stdout, exactly one stderr line without a stack frame; returns that line. */
function expectBadInput(r: Run): string {
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toContain('    at ');
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.status, r.stderr).toBe(2);
  return lines[0]!;
}

type Json = Record<string, any>;

let dir = '';
let scenarioText = '';
let scenario: Json = {};
const file = (name: string): string => join(dir, name);
const write = (name: string, content: unknown): string => {
  writeFileSync(file(name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file(name);
};
const variant = (edit: (s: Json) => void): Json => {
  const copy = structuredClone(scenario);
  edit(copy);
  return copy;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'd20sim-'));
  scenarioText = readFileSync(validCase, 'utf8');
  scenario = JSON.parse(scenarioText) as Json;
  write('valid.json', scenario);
  write('valid-too.json', variant((s) => { s.script = [{ actor: 'fighter', action: 'end-turn' }]; }));
  // Step 1 (the orc's) attacks someone who is not there / moves into a blocked square.
  write('unknown-target.json', variant((s) => { s.script[1] = { actor: 'orc', action: 'attack', target: 'nobody' }; }));
  write('blocked-path.json', variant((s) => {
    s.encounter.map.blocked = [[4, 2]];
    s.script[1] = { actor: 'orc', action: 'move', path: [[4, 2]] };
  }));
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('d20sim scenario: bad input', () => {
  it('truncated JSON names file:line:col', () => {
    const cut = scenarioText.slice(0, Math.floor(scenarioText.length / 2));
    const path = write('truncated.json', cut);
    const line = expectBadInput(cli('scenario', path));
    const m = new RegExp(`^d20sim: ${escape(path)}:(\\d+):(\\d+): invalid JSON: \\S`).exec(line);
    expect(m, line).not.toBeNull();
    const [lineNo, col] = [Number(m![1]), Number(m![2])];
    expect(lineNo).toBeGreaterThanOrEqual(1);
    expect(lineNo).toBeLessThanOrEqual(cut.split('\n').length);
    expect(col).toBeGreaterThanOrEqual(1);
  });

  it('a wrong type names the JSON path, and a valid file before it prints nothing', () => {
    const path = write('wrong-type.json', variant((s) => { s.encounter.combatants[0].hp = '38'; }));
    const line = expectBadInput(cli('scenario', file('valid.json'), path));
    expect(line).toBe(`d20sim: ${path}: encounter.combatants[0].hp: expected number, got "38"`);
  });

  it('a missing file', () => {
    const path = file('does-not-exist.json');
    const line = expectBadInput(cli('scenario', path));
    expect(line).toBe(`d20sim: ${path}: cannot read file: no such file or directory`);
  });

  it('an unknown action names script[i].action and the allowed actions', () => {
    const path = write('unknown-action.json', variant((s) => { s.script[1].action = 'dance'; }));
    const line = expectBadInput(cli('scenario', path));
    expect(line).toMatch(new RegExp(`^d20sim: ${escape(path)}: script\\[1\\]\\.action: expected one of [a-z|-]*\\bmove\\b[a-z|-]*, got "dance"$`));
  });

  it('a combatant on a blocked square names the encounter path', () => {
    const path = write('placed-on-blocked.json', variant((s) => { s.encounter.map.blocked = [[3, 2]]; }));
    const line = expectBadInput(cli('scenario', path));
    expect(line).toBe(
      `d20sim: ${path}: encounter.combatants[1].at: expected a square clear of blocked squares (3,2 is blocked), got [3,2]`,
    );
  });
});

describe('d20sim scenario --strict: a rejected step is bad input', () => {
  it('an unknown target', () => {
    const path = file('unknown-target.json');
    const line = expectBadInput(cli('scenario', '--strict', path));
    expect(line).toMatch(new RegExp(`^d20sim: ${escape(path)}: script\\[1\\]: step rejected \\(unknown-target\\): .*nobody`));
  });

  it('a path into a blocked square', () => {
    const path = file('blocked-path.json');
    const line = expectBadInput(cli('scenario', '--strict', path));
    expect(line).toMatch(new RegExp(`^d20sim: ${escape(path)}: script\\[1\\]: step rejected \\(blocked\\): `));
  });
});

describe('d20sim scenario: valid files', () => {
  it('without --strict, rejected steps are listed in the summary (SPEC)', () => {
    const r = cli('scenario', file('unknown-target.json'), file('blocked-path.json'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const [target, blocked] = lines.map((l) => JSON.parse(l) as Json);
    expect(target!.rejected).toEqual([{ step: 1, code: 'unknown-target', message: expect.any(String) }]);
    expect(blocked!.rejected).toEqual([{ step: 1, code: 'blocked', message: expect.any(String) }]);
    // The rejected step changed nothing: the orc is still where it started.
    expect(blocked!.combatants.orc.at).toEqual([3, 2]);
  });

  it('several files print one JSON summary line each', () => {
    const r = cli('scenario', file('valid.json'), file('valid-too.json'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const lines = r.stdout.slice(0, -1).split('\n');
    expect(lines).toHaveLength(2);
    for (const l of lines) expect((JSON.parse(l) as Json).format).toBe('d20sim/summary@1');
    expect((JSON.parse(lines[0]!) as Json).winner).toBe('heroes');
  });
});

describe('d20sim run: bad input', () => {
  it('a malformed encounter names the JSON path', () => {
    const encounter = structuredClone(scenario.encounter) as Json;
    encounter.combatants[1].hp = '5';
    const path = write('encounter.json', encounter);
    const line = expectBadInput(cli('run', path));
    expect(line).toBe(`d20sim: ${path}: combatants[1].hp: expected number, got "5"`);
  });

  it('a missing encounter file', () => {
    const path = 'fixtures/encounters/does-not-exist.json';
    const line = expectBadInput(cli('run', path));
    expect(line).toBe(`d20sim: ${path}: cannot read file: no such file or directory`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
