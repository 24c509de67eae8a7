// The replay viewer in a real browser (Debian's Chromium through playwright-core), opened from file:// with no server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replayOf } from '../../src/log/replay.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import { golden, reachLogText, root } from './support.ts';

const CHROMIUM = '/usr/bin/chromium';
// The README's screenshot is refreshed only on request (D20SIM_SCREENSHOT=1); otherwise it goes to a temp file.
const SCREENSHOT = process.env.D20SIM_SCREENSHOT === '1' ? new URL('docs/viewer.png', root).pathname : join(tmpdir(), `d20sim-viewer-${process.pid}.png`);

let dir = '';
let profile = '';
let context: BrowserContext | null = null;
const pages = new Map<string, string>();

/** The real CLI writes the page (run from the project root, so the page names the log as a user would). */
function generate(name: string, log: string): void {
  const out = join(dir, `${name}.html`);
  const r = spawnSync(process.execPath, ['bin/d20sim.mjs', 'view', log, '-o', out], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`d20sim view ${log} failed (${r.status}): ${r.stderr}`);
  pages.set(name, pathToFileURL(out).href);
}

/** The step (1-based event number) of the first event that matches. */
function stepOf(log: string, match: (e: CombatEvent) => boolean): number {
  const k = replayOf(golden(log)).events.findIndex(match) + 1;
  if (k === 0) throw new Error(`${log}: no such event`);
  return k;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing: ${CHROMIUM} not found. Install Debian's package (apt-get install -y chromium); .ci/run does this on a fresh machine.`);
  }
  dir = mkdtempSync(join(tmpdir(), 'd20sim-viewer-'));
  profile = join(dir, 'profile');
  mkdirSync(profile);
  for (const name of ['skirmish-seed-11', 'five-disarm-chain', 'ambush-seed-3']) generate(name, `fixtures/logs/${name}.jsonl`);
  writeFileSync(join(dir, 'reach.jsonl'), reachLogText());
  generate('reach', join(dir, 'reach.jsonl'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1200, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  readonly page: Page;
  readonly requests: string[];
  readonly errors: string[];
}

const opened: Opened[] = [];

async function open(name: string): Promise<Opened> {
  if (!context) throw new Error('no browser');
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(pages.get(name)!);
  const o = { page, requests, errors };
  opened.push(o);
  return o;
}

// Nothing but the page itself was requested, and it ran without an error.
afterEach(async () => {
  for (const { page, requests, errors } of opened.splice(0)) {
    await page.close();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    expect(errors).toEqual([]);
  }
});

const narration = (page: Page) => page.locator('#narration-text').innerText();
const counter = (page: Page) => page.locator('#counter').innerText();
const tokenAt = (page: Page, id: string) => page.locator(`.token[data-id="${id}"]`).getAttribute('transform');
const jump = (page: Page, k: number) => page.locator('#slider').fill(String(k));

describe('replay viewer in Chromium', () => {
  it('steps forward and back with the buttons and the arrow keys; the map and the narration follow', async () => {
    const { page } = await open('skirmish-seed-11');
    const last = replayOf(golden('skirmish-seed-11')).events.length;
    expect(await counter(page)).toBe(`0 / ${last}`);
    expect(await narration(page)).toMatch(/Before the first event/);
    expect(await page.locator('#prev').isDisabled()).toBe(true);
    expect(await page.locator('#map .token').count()).toBe(8);

    await page.click('#next');
    expect(await counter(page)).toBe(`1 / ${last}`);
    const first = await narration(page);
    expect(first).toMatch(/rolls initiative/);
    await page.keyboard.press('ArrowRight');
    expect(await counter(page)).toBe(`2 / ${last}`);
    expect(await narration(page)).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    expect(await counter(page)).toBe(`1 / ${last}`);
    expect(await narration(page)).toBe(first);
    await page.click('#prev');
    expect(await counter(page)).toBe(`0 / ${last}`);

    // A move: the token goes to its new square, a trail marks where it came from, and the rules are cited.
    const move = stepOf('skirmish-seed-11', (e) => e.type === 'Moved');
    const mover = (replayOf(golden('skirmish-seed-11')).events[move - 1] as Extract<CombatEvent, { type: 'Moved' }>).id;
    await jump(page, move - 1);
    const before = await tokenAt(page, mover);
    const threatBefore = await page.locator('#map .threat').count();
    expect(threatBefore).toBeGreaterThan(0); // whose turn it is: its threatened squares
    await page.keyboard.press('ArrowRight');
    expect(await counter(page)).toBe(`${move} / ${last}`);
    expect(await tokenAt(page, mover)).not.toBe(before);
    expect(await narration(page)).toMatch(/moves \(\d+,\d+\) -> \(\d+,\d+\)/);
    expect(await page.locator('#map .trail-from').count()).toBe(1);
    const cited = replayOf(golden('skirmish-seed-11')).events[move - 1]!.rules;
    expect(cited.length).toBeGreaterThan(0);
    expect(await page.locator('#rules .rule').evaluateAll((chips) => chips.map((c) => (c as HTMLElement).dataset.rule))).toEqual(cited);
    expect(await page.locator('#events li.current').innerText()).toContain(String(move));
    await page.keyboard.press('End');
    expect(await counter(page)).toBe(`${last} / ${last}`);
    expect(await narration(page)).toMatch(/The fight is over/);
    expect(await page.locator('#next').isDisabled()).toBe(true);
  });

  it('jumping to an attack of opportunity highlights the square the mover was leaving', async () => {
    const { page } = await open('five-disarm-chain');
    const k = stepOf('five-disarm-chain', (e) => e.type === 'OpportunityProvoked');
    await jump(page, k);
    expect(await counter(page)).toMatch(new RegExp(`^${k} / `));
    expect(await narration(page)).toMatch(/provokes an attack of opportunity/);
    const square = page.locator('#map .aoo-square');
    expect(await square.count()).toBe(1);
    expect(await square.locator('title').textContent()).toMatch(/\(5,3\)/);
    expect(await page.locator('#map .aoo-line').count()).toBe(1);
    expect(await page.locator('.moment.aoo').innerText()).toMatch(/Attack of opportunity/);
    // The next event (the opportunity taken) keeps the square; the step before has none.
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#map .aoo-square').count()).toBe(1);
    await jump(page, k - 1);
    expect(await page.locator('#map .aoo-square').count()).toBe(0);
  });

  it('a flanking attack draws the line between the attacker and its ally', async () => {
    const { page } = await open('ambush-seed-3');
    const k = stepOf('ambush-seed-3', (e) => e.type === 'AttackRolled' && e.flanking);
    await jump(page, k);
    expect(await narration(page)).toMatch(/flanking/);
    expect(await page.locator('#map .flank-line').count()).toBe(1);
    expect(await page.locator('.moment.flank').innerText()).toMatch(/Flanking: .* and .* on opposite sides/);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#map .flank-line').count()).toBe(0);
  });

  it('a lost spell is highlighted on the caster', async () => {
    const { page } = await open('skirmish-seed-11');
    await jump(page, stepOf('skirmish-seed-11', (e) => e.type === 'SpellLost'));
    expect(await narration(page)).toMatch(/loses the spell magic-missile/);
    expect(await page.locator('#map .token.spell-lost').getAttribute('data-id')).toBe('wizard');
    expect(await page.locator('.moment.spell-lost').count()).toBe(1);
  });

  it('clicking a token shows what it threatens: a reach weapon\'s hollow ring, a Large creature\'s 10-ft reach', async () => {
    const { page } = await open('reach');
    expect(await page.locator('#map .threat').count()).toBe(0); // before the fight nobody has the turn
    await page.click('.token[data-id="guard"] .disc');
    expect(await page.locator('#map .threat.far').count()).toBe(16);
    expect(await page.locator('#map .threat.near').count()).toBe(0);
    expect(await page.locator('#map .hole').count()).toBe(8);
    expect(await page.locator('.status').innerText()).toMatch(/Threatened squares of Guard/);
    await page.click('.token[data-id="ogre"] .disc');
    expect(await page.locator('#map .threat.near').count()).toBe(16);
    expect(await page.locator('#map .threat.far').count()).toBe(20);
    expect(await page.locator('#map .hole').count()).toBe(0);
  });

  it('shows the moment the ogre strikes the wizard casting in its reach, and saves the screenshot', async () => {
    const { page } = await open('skirmish-seed-11');
    const k = stepOf('skirmish-seed-11', (e) => e.type === 'AttackRolled' && e.kind === 'opportunity' && e.attacker === 'ogre' && e.target === 'wizard');
    await jump(page, k);
    expect(await narration(page)).toMatch(/Ogre makes an attack of opportunity on Wizard/);
    expect(await page.locator('#map .aoo-square').count()).toBe(1);
    // The turn is the wizard's; selecting the ogre shows its reach.
    expect(await page.locator('.status').innerText()).toMatch(/Threatened squares of Wizard/);
    await page.click('.token[data-id="ogre"] .disc');
    expect(await page.locator('.status').innerText()).toMatch(/Threatened squares of Ogre/);
    expect(await page.locator('#map .threat.far').count()).toBeGreaterThan(0);
    expect(await page.locator('#roster li.focus').innerText()).toMatch(/Ogre/);
    // Focus stays on the ogre across steps until "follow the turn".
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('.status').innerText()).toMatch(/Threatened squares of Ogre/);
    mkdirSync(new URL('docs/', root), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);
    await page.click('.status button.link');
    expect(await page.locator('.status').innerText()).toMatch(/Threatened squares of Wizard/);
  });
});
