// `d20sim run`: a real fight on each bundled encounter, narrated, with a result; the same seed gives the same text.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const d20sim = (...args: string[]) => spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: root, encoding: 'utf8' });

describe('d20sim run', () => {
  it.each(['duel', 'skirmish-4v4', 'ambush'])('fights %s to the end', (name) => {
    const run = d20sim('run', `fixtures/encounters/${name}.json`, '--seed', '11');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/== Round 1 ==/);
    expect(run.stdout).toMatch(/makes an attack/);
    expect(run.stdout).toMatch(/The fight is over: (heroes|monsters) win\.|a draw/);
    expect(run.stdout).toMatch(/Result:/);
    if (name === 'ambush') expect(run.stdout).toMatch(/== Surprise round ==/);
  });

  it('replays exactly with the same seed and differs with another', () => {
    const a = d20sim('run', 'fixtures/encounters/skirmish-4v4.json', '--seed', '5', '--json');
    const b = d20sim('run', 'fixtures/encounters/skirmish-4v4.json', '--seed', '5', '--json');
    const c = d20sim('run', 'fixtures/encounters/skirmish-4v4.json', '--seed', '6', '--json');
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    expect(JSON.parse(a.stdout).ended).toBe(true);
  });
});
