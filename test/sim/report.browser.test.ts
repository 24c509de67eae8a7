// The Monte Carlo HTML report in a real browser (Debian's Chromium through playwright-core), opened from file://
// with no server: the charts drawn by Observable Plot, the tables, and nothing fetched.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/sim/report/html.ts';
import type { Report } from '../../src/cli/montecarlo-command.ts';
import { DUEL, study } from './support.ts';

const CHROMIUM = '/usr/bin/chromium';
const RUNS = 60;

let dir = '';
let context: BrowserContext | null = null;
let report: Report;
let page: Page;
const requests: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing: ${CHROMIUM} not found. Install Debian's package (apt-get install -y chromium); .ci/run does this on a fresh machine.`);
  }
  ({ report } = await study(RUNS, { seed: '3' }));
  dir = mkdtempSync(join(tmpdir(), 'd20sim-report-'));
  const profile = join(dir, 'profile');
  mkdirSync(profile);
  const file = join(dir, 'study.html');
  writeFileSync(file, renderHtmlReport(report));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(pathToFileURL(file).href);
  await page.locator('body[data-rendered="true"]').waitFor({ timeout: 10_000 });
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const count = (selector: string) => page.locator(selector).count();

describe('Monte Carlo HTML report in Chromium', () => {
  it('ran without an error and requested nothing but the file itself', () => {
    expect(errors).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
  });

  it('draws each chart as an SVG made by Plot, and no chart failed', async () => {
    for (const id of ['chart-winrate', 'chart-rounds', 'chart-damage']) {
      expect(await count(`#${id} > svg[class^="plot"]`), id).toBe(1);
      expect(await count(`#${id} svg g[aria-label="x-axis tick"]`), id).toBe(1);
    }
    expect(await count('.chart-error')).toBe(0);
  });

  it('the win-rate chart has one bar and one 95% interval per side, the bars ordered by win rate', async () => {
    const sides = Object.keys(report.sides);
    expect(sides).toEqual(['heroes', 'monsters']);
    const bars = page.locator('#chart-winrate g[aria-label="bar"] rect');
    expect(await bars.count()).toBe(sides.length);
    expect(await count('#chart-winrate g[aria-label="rule"][aria-description="95% interval"] line')).toBe(sides.length);
    expect(await count('#chart-winrate g[aria-label="text"] text')).toBe(sides.length);
    const titles = await bars.evaluateAll((rects) => rects.map((r) => r.querySelector('title')?.textContent ?? ''));
    sides.forEach((side, i) => expect(titles[i]).toMatch(new RegExp(`^${side} \\(brute\\): ${report.sides[side]!.wins} wins of ${RUNS}`)));
    const widths = await bars.evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('width'))));
    const [heroes, monsters] = sides.map((s) => report.sides[s]!.winRate);
    expect(Math.sign(widths[0]! - widths[1]!)).toBe(Math.sign(heroes! - monsters!));
  });

  it('the histograms have one bar per bin of the report', async () => {
    const roundBins = Object.keys(report.rounds.histogram).length;
    const damageBins = Object.keys(report.damagePerFight.histogram).length;
    expect(roundBins).toBeGreaterThan(1);
    expect(await count('#chart-rounds g[aria-description="fights per number of rounds"] rect')).toBe(roundBins);
    expect(await count('#chart-damage g[aria-description="fights per damage bin"] rect')).toBe(damageBins);
    const total = await page
      .locator('#chart-rounds g[aria-description="fights per number of rounds"] rect title')
      .evaluateAll((titles) => titles.reduce((n, t) => n + Number(/^(\d+) fights/.exec(t.textContent ?? '')?.[1] ?? NaN), 0));
    expect(total).toBe(RUNS);
  });

  it('the table has one row per combatant, and the metadata names the study', async () => {
    const ids = Object.keys(report.combatants);
    expect(await page.locator('#combatants tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.id).sort())).toEqual([...ids].sort());
    const fighter = await page.locator('#combatants tr[data-id="fighter"]').innerText();
    expect(fighter).toMatch(/heroes/);
    expect(fighter).toContain(`${(100 * report.combatants.fighter!.deathRate).toFixed(1)}%`);
    expect(await count('#sides tbody tr')).toBe(2);
    const meta = await page.locator('#meta').innerText();
    expect(meta).toContain(DUEL);
    expect(meta).toMatch(new RegExp(`runs\\s+${RUNS}`));
    expect(meta).toMatch(/seed\s+3/);
    expect(meta).toMatch(/heroes: brute, monsters: brute/);
  });
});
