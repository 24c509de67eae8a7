// `d20sim versus`: a bot tournament is a Monte Carlo study with the two bots named (issue 5): the same report,
// the same determinism whatever the number of workers, and one-line errors for bad bots.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUEL, root } from './support.ts';

describe('d20sim versus', () => {
  let dir = '';
  const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: root, encoding: 'utf8' });
  const file = (name: string) => join(dir, name);
  const read = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as {
    format: string; runs: number; sides: Record<string, { bot: string; wins: number; winRate: number; ci95: [number, number] }>; draws: number;
  };
  let one: ReturnType<typeof cli>;
  let two: ReturnType<typeof cli>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'd20sim-versus-'));
    one = cli('versus', DUEL, '--heroes', 'tactician', '--monsters', 'random', '--runs', '24', '--seed', '3', '--workers', '1', '--json', file('one.json'));
    two = cli('versus', DUEL, '--heroes', 'tactician', '--monsters', 'random', '--runs', '24', '--seed', '3', '--workers', '2', '--json', file('two.json'));
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports each side\'s bot and win rate with its 95% interval, in the montecarlo JSON format', () => {
    expect(one.status).toBe(0);
    expect(one.stderr).toBe('');
    expect(one.stdout).toMatch(/heroes +tactician +win rate \d+\.\d% +95% CI \d+\.\d% - \d+\.\d%/);
    expect(one.stdout).toMatch(/monsters +random +win rate/);
    const report = read('one.json');
    expect(report.format).toBe('d20sim/montecarlo@1');
    expect(report.runs).toBe(24);
    expect(report.sides.heroes!.bot).toBe('tactician');
    expect(report.sides.monsters!.bot).toBe('random');
    expect(report.sides.heroes!.wins + report.sides.monsters!.wins + report.draws).toBe(24);
    const { winRate, ci95 } = report.sides.heroes!;
    expect(ci95[0]).toBeLessThanOrEqual(winRate);
    expect(ci95[1]).toBeGreaterThanOrEqual(winRate);
  });

  it('gives byte-identical JSON with one worker and with two', () => {
    expect(two.status).toBe(0);
    expect(readFileSync(file('two.json'), 'utf8')).toBe(readFileSync(file('one.json'), 'utf8'));
  });

  it('rejects an unknown bot with a one-line error and exit code 2', () => {
    const r = cli('versus', DUEL, '--heroes', 'genius', '--runs', '2');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--heroes: expected one of random\|brute\|tactician\|search, got "genius"/);
  });
});
