// Monte Carlo studies: determinism whatever the workers or shards, the statistics, and the CLI (montecarlo, merge).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyAggregate, mergeAggregates, type Aggregate } from '../../src/sim/aggregate.ts';
import { runMonteCarlo, shardRange } from '../../src/sim/montecarlo.ts';
import { wilson } from '../../src/sim/stats.ts';
import { histogramPercentile, studyReport } from '../../src/sim/summary.ts';
import { DUEL, duel, metaOf, options, root, study } from './support.ts';

const RUNS = 40;

describe('Monte Carlo determinism', () => {
  it('the same seed gives byte-identical reports with 1 worker and with 2 (tinypool threads)', async () => {
    const one = await study(RUNS, { workers: 1 });
    const two = await study(RUNS, { workers: 2 });
    expect(one.agg.runs).toBe(RUNS);
    expect(JSON.stringify(two.report)).toBe(JSON.stringify(one.report));
  }, 120_000);

  it('3 shards merged give the report of the whole study, byte for byte, in any merge order', async () => {
    const whole = await study(RUNS);
    const o = options(RUNS);
    const parts: Aggregate[] = [];
    for (let index = 0; index < 3; index++) parts.push(await runMonteCarlo(duel(), { ...o, shard: { index, count: 3 } }));
    expect(parts.map((p) => p.runs).reduce((a, b) => a + b, 0)).toBe(RUNS);
    for (const order of [[0, 1, 2], [2, 0, 1]]) {
      const merged = order.reduce((agg, i) => mergeAggregates(agg, structuredClone(parts[i]!)), emptyAggregate());
      expect(JSON.stringify(studyReport(merged, metaOf(o)))).toBe(JSON.stringify(whole.report));
    }
  });

  it('shards are contiguous slices that cover every run exactly once', () => {
    expect(shardRange(10)).toEqual([0, 10]);
    for (const runs of [0, 1, 2, 7, 40, 1001]) {
      for (const count of [1, 2, 3, 7, 64]) {
        let next = 0;
        for (let index = 0; index < count; index++) {
          const [first, last] = shardRange(runs, { index, count });
          expect(first).toBe(next);
          expect(last).toBeGreaterThanOrEqual(first);
          next = last;
        }
        expect(next).toBe(runs);
      }
    }
  });

  it('different seeds give different studies', async () => {
    const a = await study(RUNS, { seed: '1' });
    const b = await study(RUNS, { seed: '2' });
    expect(JSON.stringify(b.report.aggregate)).not.toBe(JSON.stringify(a.report.aggregate));
  });
});

describe('Monte Carlo statistics', () => {
  it('each side\'s 95% Wilson interval contains its win rate; wins and draws add up to the runs', async () => {
    const { report } = await study(60);
    const sides = Object.values(report.sides);
    expect(sides).toHaveLength(2);
    for (const s of sides) {
      expect(s.ci95[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.winRate).toBeLessThanOrEqual(s.ci95[1]);
      expect(s.ci95[0]).toBeGreaterThanOrEqual(0);
      expect(s.ci95[1]).toBeLessThanOrEqual(1);
    }
    expect(sides.reduce((n, s) => n + s.wins, 0) + report.draws).toBe(60);
  });

  it('wilson intervals contain the observed rate, at the edges too', () => {
    for (const n of [1, 5, 40, 1000]) {
      for (const wins of [0, 1, Math.floor(n / 2), n - 1, n].filter((w) => w >= 0 && w <= n)) {
        const [lo, hi] = wilson(wins, n);
        expect(lo).toBeLessThanOrEqual(wins / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(wins / n - 1e-12);
        expect(hi - lo).toBeGreaterThan(0);
      }
    }
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 1]);
    // Textbook values with z = 1.95996; simple-statistics' probit gives z = 1.9572, hence 3 digits only.
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
  });

  it('histogramPercentile: the smallest value with at least p of the mass at or below it', () => {
    const flat = { 1: 1, 2: 1, 3: 1, 4: 1 };
    expect(histogramPercentile(flat, 0.5)).toBe(2);
    expect(histogramPercentile(flat, 0.51)).toBe(3);
    expect(histogramPercentile(flat, 0.9)).toBe(4);
    expect(histogramPercentile(flat, 1)).toBe(4);
    expect(histogramPercentile(flat, 0)).toBe(1);
    // Keys are numbers, not strings: 10 sorts after 9.
    const skewed = { 10: 1, 9: 8, 2: 1 };
    expect(histogramPercentile(skewed, 0.1)).toBe(2);
    expect(histogramPercentile(skewed, 0.5)).toBe(9);
    expect(histogramPercentile(skewed, 0.9)).toBe(9);
    expect(histogramPercentile(skewed, 0.99)).toBe(10);
    expect(histogramPercentile({ 7: 3 }, 0.99)).toBe(7);
    expect(histogramPercentile({}, 0.5)).toBe(0);
  });
});

describe('d20sim montecarlo and merge', () => {
  let dir = '';
  const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: root, encoding: 'utf8' });
  const file = (name: string) => join(dir, name);

  let whole: ReturnType<typeof cli>;

  // The unsharded study, which the shards and merge are compared with.
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'd20sim-montecarlo-'));
    whole = cli('montecarlo', DUEL, '--runs', '30', '--seed', '5', '--workers', '1', '--json', file('whole.json'), '--html', file('whole.html'));
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a summary, writes --json, and keeps stderr empty (no progress bar when stderr is not a TTY)', () => {
    const r = whole;
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^fixtures\/encounters\/duel\.json: 30 fights, seed 5\n/);
    expect(r.stdout).toMatch(/heroes +brute +win rate \d+\.\d% +95% CI \d+\.\d% - \d+\.\d%/);
    expect(r.stdout).toMatch(/monsters +brute +win rate/);
    expect(r.stdout).toMatch(/draws \d+ \(round limit \d+\); rounds mean/);
    expect(r.stdout).toMatch(/fighter +heroes +dies/);
    const report = JSON.parse(readFileSync(file('whole.json'), 'utf8'));
    expect(report).toMatchObject({ format: 'd20sim/montecarlo@1', encounter: DUEL, runs: 30, seed: '5', maxRounds: 100 });
    expect(Object.keys(report.sides)).toEqual(['heroes', 'monsters']);
    expect(Object.keys(report.combatants)).toEqual(['bugbear', 'fighter']);
    expect(report.aggregate.runs).toBe(30);
    const html = readFileSync(file('whole.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('id="chart-winrate"');
    expect(html).not.toMatch(/<script[^>]+src=|<link /i);
  });

  it('merge of the shards\' --json files equals the unsharded --json byte for byte (files and stdout)', () => {
    const shards = [0, 1, 2].map((i) => {
      const r = cli('montecarlo', DUEL, '--runs', '30', '--seed', '5', '--workers', '1', '--shard', `${i}/3`, '--json', file(`shard-${i}.json`));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`(shard 30:${i}/3: merge the shards' --json files with d20sim merge)`);
      return file(`shard-${i}.json`);
    });
    const wholeJson = readFileSync(file('whole.json'), 'utf8');
    expect(readFileSync(shards[0]!, 'utf8')).not.toBe(wholeJson);
    const merged = cli('merge', shards[2]!, shards[0]!, shards[1]!, '--json', file('merged.json'), '--html', file('merged.html'));
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    expect(merged.stdout).toMatch(/^fixtures\/encounters\/duel\.json: 30 fights, seed 5\n/);
    expect(readFileSync(file('merged.json'), 'utf8')).toBe(wholeJson);
    expect(readFileSync(file('merged.html'), 'utf8')).toBe(readFileSync(file('whole.html'), 'utf8'));
    const toStdout = cli('merge', ...shards);
    expect(toStdout.status).toBe(0);
    expect(toStdout.stdout).toBe(wholeJson);
  }, 60_000);

  it('merge refuses shards of different studies with one line (exit 2)', () => {
    const other = cli('montecarlo', DUEL, '--runs', '10', '--seed', '6', '--workers', '1', '--json', file('other.json'));
    expect(other.status).toBe(0);
    const r = cli('merge', file('whole.json'), file('other.json'));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^d20sim: .*other\.json: expected a shard of the same study.*\n$/);
  }, 60_000);

  it.each([
    [['--shard', '3/3'], /^d20sim: --shard: expected I\/N with 0 <= I < N, got "3\/3"\n$/],
    [['--runs', '0'], /^d20sim: --runs: expected a positive integer, got "0"\n$/],
  ])('%j exits 2 with one line on stderr', (args, message) => {
    const r = cli('montecarlo', DUEL, ...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  }, 60_000);
});
