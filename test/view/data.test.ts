// The replay viewer's data and page, without a browser: every step agrees with the real engine.
// (Rule IDs are left out of these titles: docs/rules.md indexes the tests that name them.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatureOf, statsOf, threatens } from '../../src/engine/queries.ts';
import { parseLogText } from '../../src/log/reader.ts';
import { replayOf, stateAfter } from '../../src/log/replay.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import { hpState } from '../../src/rules/hp.ts';
import { isFlankingLine } from '../../src/rules/flanking.ts';
import { buildViewData, threatArea, type Highlight, type ViewData } from '../../src/view/data.ts';
import { renderPage, scriptJson } from '../../src/view/page.ts';
import { parseRuleTitles } from '../../src/view/rule-titles.ts';
import { viewerHtml } from '../../src/view/view-command.ts';
import { fixtureLog, golden, headerOnlyLog, reachEncounter, reachLogText, root } from './support.ts';

const GOLDEN = ['duel-seed-7', 'skirmish-seed-11', 'ambush-seed-3', 'five-disarm-chain', 'spell-in-threat'];

const sorted = (squares: readonly (readonly [number, number])[]): string[] => squares.map(([x, y]) => `${x},${y}`).sort();
const highlightsOf = <K extends Highlight['kind']>(data: ViewData, k: number, kind: K) =>
  data.frames[k]!.highlights.filter((h): h is Extract<Highlight, { kind: K }> => h.kind === kind);

describe('buildViewData', () => {
  it.each(GOLDEN)('%s: one frame per step, each the state after k events as the engine folds it, threatened squares included', (name) => {
    const log = golden(name);
    const replay = replayOf(log);
    const data = buildViewData(log);
    expect(data.frames).toHaveLength(replay.events.length + 1);
    // Refolding from 0 for every step is slow on the long fight: check every 7th step there, all steps elsewhere.
    const every = replay.events.length > 150 ? 7 : 1;
    for (let k = 0; k <= replay.events.length; k += every) {
      const state = stateAfter(replay, k);
      const frame = data.frames[k]!;
      expect(frame.round).toBe(state.round);
      expect(frame.turn).toBe(state.turn?.actor ?? null);
      state.listed.forEach((id, i) => {
        const c = creatureOf(state, id);
        const view = frame.creatures[i]!;
        expect(view.at).toEqual([...c.at]);
        expect(view.hp).toBe(c.hp);
        expect(view.hpState).toBe(hpState(c.hp, c.stable, statsOf(state, id).creatureType));
        for (const condition of c.conditions) expect(view.conditions).toContain(condition);
        // The cached areas equal a fresh computation, and the threatened squares are exactly the engine's.
        if (view.hpState === 'dead') return expect(view.threat).toBe(-1);
        const fresh = threatArea(state, id);
        const shown = view.threat < 0 ? { near: [], far: [], hole: [] } : data.threats[view.threat]!;
        expect(shown).toEqual(fresh);
        const engine: [number, number][] = [];
        for (let y = 0; y < state.map.height; y++) for (let x = 0; x < state.map.width; x++) if (threatens(state, id, [x, y])) engine.push([x, y]);
        expect(sorted([...shown.near, ...shown.far])).toEqual(sorted(engine));
      });
    }
  });

  it('narrates each event in English with its rule IDs; quiet events get a plain description', () => {
    const log = golden('duel-seed-7');
    const replay = replayOf(log);
    const cited = replay.events[0]!.rules[0]!;
    const data = buildViewData(log, { ruleTitles: new Map([[cited, 'The title'], ['NOT-1', 'Never cited']]) });
    expect(data.frames[0]!.event).toBeNull();
    replay.events.forEach((event, i) => {
      const view = data.frames[i + 1]!.event!;
      expect(view.seq).toBe(i + 1);
      expect(view.type).toBe(event.type);
      expect(view.rules).toEqual(event.rules);
      expect(view.line).toBe(replay.eventLines[i]);
      expect(view.text.length).toBeGreaterThan(0);
    });
    expect(data.frames.map((f) => f.event?.text)).toContain('== Round 1 ==');
    expect(data.frames.find((f) => f.event?.type === 'ActionStarted')!.event!.quiet).toBe(true);
    expect(data.ruleTitles).toEqual({ [cited]: 'The title' });
  });

  it('marks the square the mover was in, on the provocation and on the attack of opportunity it leads to', () => {
    for (const name of ['five-disarm-chain', 'spell-in-threat', 'skirmish-seed-11']) {
      const log = golden(name);
      const events = replayOf(log).events;
      const data = buildViewData(log);
      const provokedAt = new Map<string, readonly [number, number]>();
      let opportunityAttacks = 0;
      events.forEach((e: CombatEvent, i) => {
        const aoo = highlightsOf(data, i + 1, 'aoo');
        if (e.type === 'OpportunityProvoked') {
          provokedAt.set(`${e.reactor}>${e.by}`, e.at);
          expect(aoo).toEqual([{ kind: 'aoo', at: [...e.at], by: e.by, reactor: e.reactor }]);
          expect(data.frames[i + 1]!.event!.marks).toContain('aoo');
        }
        if ((e.type === 'AttackRolled' || e.type === 'ManeuverRolled') && e.kind === 'opportunity') {
          opportunityAttacks += 1;
          expect(aoo.map((h) => h.at)).toEqual([[...provokedAt.get(`${e.attacker}>${e.target}`)!]]);
        }
        if (e.type !== 'OpportunityProvoked' && !/^Opportunity|Rolled$/.test(e.type)) expect(aoo).toEqual([]);
      });
      expect(provokedAt.size, name).toBeGreaterThan(0);
      expect(opportunityAttacks, name).toBeGreaterThan(0);
    }
  });

  it('a flanking attack names the ally on the opposite side, found from the positions', () => {
    const log = golden('ambush-seed-3');
    const replay = replayOf(log);
    const data = buildViewData(log);
    let flanking = 0;
    replay.events.forEach((e, i) => {
      const flank = highlightsOf(data, i + 1, 'flank');
      if (e.type !== 'AttackRolled' || !e.flanking) return expect(flank).toEqual([]);
      flanking += 1;
      expect(flank.length).toBeGreaterThan(0);
      const before = stateAfter(replay, i);
      const place = (id: string) => ({ at: creatureOf(before, id).at, size: statsOf(before, id).size });
      for (const h of flank) {
        expect(h.attacker).toBe(e.attacker);
        expect(h.target).toBe(e.target);
        expect(statsOf(before, h.ally).side).toBe(statsOf(before, e.attacker).side);
        expect(isFlankingLine(place(h.attacker), place(h.ally), place(h.target))).toBe(true);
      }
    });
    expect(flanking).toBe(11);
  });

  it('a lost spell is highlighted on its caster', () => {
    const log = golden('skirmish-seed-11');
    const events = replayOf(log).events;
    const data = buildViewData(log);
    const k = events.findIndex((e) => e.type === 'SpellLost') + 1;
    expect(k).toBeGreaterThan(0);
    expect(highlightsOf(data, k, 'spell-lost')).toEqual([{ kind: 'spell-lost', caster: 'wizard', spell: 'magic-missile', reason: 'dropped' }]);
    expect(data.frames[k]!.event!.marks).toContain('spell-lost');
  });

  it('a reach weapon threatens a hollow ring; a Large creature threatens 10 ft around', () => {
    const data = buildViewData(headerOnlyLog(reachEncounter()));
    const [guard, ogre] = data.frames[0]!.creatures;
    const glaive = data.threats[guard!.threat]!;
    expect(glaive.near).toEqual([]);
    expect(glaive.far).toHaveLength(16); // the 5x5 square around (3,4) less the 3x3 inside it
    expect(sorted(glaive.hole)).toEqual(sorted([[2, 3], [3, 3], [4, 3], [2, 4], [4, 4], [2, 5], [3, 5], [4, 5]]));
    const club = data.threats[ogre!.threat]!;
    expect(club.hole).toEqual([]);
    expect(club.near).toHaveLength(16); // its 2x2 space and the ring around it
    expect(club.far).toHaveLength(20); // the ring 10 ft out, the two-diagonal corners included
    expect(data.creatures.map((c) => [c.id, c.space, c.reach, c.reachWeapons])).toEqual([
      ['guard', 1, 5, ['glaive']],
      ['ogre', 2, 10, []],
    ]);
  });

  it('keeps a long fight compact: equal threat areas are shared', () => {
    const data = buildViewData(golden('skirmish-seed-11'));
    expect(data.threats.length).toBeLessThan(60);
    expect(JSON.stringify(data).length).toBeLessThan(600_000);
  });
});

describe('the page', () => {
  it('is self-contained: inline style, data and script, a policy that forbids any fetch, no external reference', () => {
    const html = viewerHtml(golden('five-disarm-chain'));
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<link|<img|<iframe|\bsrc=|@import|url\(\s*['"]?(https?:|\/\/)/i);
    // The only absolute URL is the SVG namespace, which is a name, not a request.
    expect(html.match(/https?:\/\/[^\s"')]+/g)?.filter((u) => u !== 'http://www.w3.org/2000/svg') ?? []).toEqual([]);
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('embeds the data so that no text of the log can close the script or inject markup', () => {
    const log = golden('duel-seed-7');
    const data = buildViewData(log);
    const hostile = { ...data, title: 'Duel </script><script>alert(1)</script> & <b>', creatures: data.creatures.map((c) => ({ ...c, name: `${c.name}</script>` })) };
    const html = renderPage(hostile);
    const json = /<script type="application\/json" id="replay-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(hostile);
    expect(html).toContain('<h1>Duel &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</h1>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(scriptJson('\u2028<')).toBe('"\\u2028\\u003c"');
  });

  it('reads rule titles from the docs/rules.md table', () => {
    const titles = parseRuleTitles(readFileSync(new URL('docs/rules.md', root), 'utf8'));
    expect(titles.size).toBeGreaterThan(50);
    expect([...titles.values()].some((t) => /flank/i.test(t))).toBe(true);
    expect([...titles.keys()].every((id) => /^[A-Z]+-\d+$/.test(id))).toBe(true);
  });
});

describe('d20sim view', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'd20sim-view-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/d20sim.mjs', 'view', ...args], { cwd: root, encoding: 'utf8' });

  /** Exit 2, nothing on stdout, exactly one line on stderr and no stack. */
  function expectBadInput(r: ReturnType<typeof cli>, pattern: RegExp): void {
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('    at ');
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
    expect(r.status).toBe(2);
  }

  it('writes one HTML file and says so in one line', () => {
    const out = join(dir, 'replay.html');
    const r = cli(fixtureLog('spell-in-threat'), '-o', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toContain(out);
    expect(readFileSync(out, 'utf8')).toContain('id="replay-data"');
  });

  it('a bad log: exit 2 with one line naming the file and the line', () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"format":"d20sim/log@1"}\n');
    expectBadInput(cli(bad, '-o', join(dir, 'bad.html')), /^d20sim: .*bad\.jsonl:1: header\./);
    expect(existsSync(join(dir, 'bad.html'))).toBe(false);
    writeFileSync(bad, `${readFileSync(fixtureLog('duel-seed-7'), 'utf8').split('\n')[0]}\nnot json\n{}\n`);
    expectBadInput(cli(bad, '-o', join(dir, 'bad.html')), /bad\.jsonl:2: invalid JSON/);
  });

  it('a missing log, an unknown creature in an event, a bad --lang, an unwritable output: exit 2, one line', () => {
    expectBadInput(cli(join(dir, 'none.jsonl'), '-o', join(dir, 'x.html')), /none\.jsonl: cannot read log: no such file/);
    const lines = readFileSync(fixtureLog('duel-seed-7'), 'utf8').split('\n');
    const stranger = join(dir, 'stranger.jsonl');
    writeFileSync(stranger, `${lines[0]}\n${JSON.stringify({ seq: 1, round: 0, turn: null, type: 'FlatFootedEnded', data: { id: 'nobody' }, rules: [] })}\n`);
    expectBadInput(cli(stranger, '-o', join(dir, 'x.html')), /stranger\.jsonl: cannot replay the log: .*nobody/);
    expectBadInput(cli(fixtureLog('duel-seed-7'), '--lang', 'de'), /--lang: expected en or fr/);
    expectBadInput(cli(fixtureLog('duel-seed-7'), '-o', join(dir, 'no-such-dir', 'x.html')), /cannot write the page/);
  });

  it('a log cut off mid-line: a warning, and the page of the lines before it', () => {
    const text = readFileSync(fixtureLog('duel-seed-7'), 'utf8');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, text.slice(0, text.length - 40));
    const out = join(dir, 'cut.html');
    const r = cli(cut, '-o', out);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/incomplete last line ignored/);
    expect(readFileSync(out, 'utf8')).toContain('cut off');
  });

  it('works for any log of the same format, e.g. a fight recorded with a reach weapon', () => {
    const log = parseLogText(reachLogText(), 'reach.jsonl');
    if (!log.ok) throw new Error(log.error);
    const data = buildViewData(log.value, { lang: 'fr' });
    expect(data.frames.length).toBe(replayOf(log.value).events.length + 1);
    expect(data.frames.at(-1)!.phase).toBe('ended');
  });
});
