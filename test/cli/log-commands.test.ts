// The log commands end to end: `run --log`, `replay` (narration, --lang, --at, --json, --verify), `scenario --log`,
// `explain` and `fork`, each through the real CLI. Spawns are kept few (each costs about 0.6 s).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_ACTIONS } from '../../src/model/commands.ts';

const projectRoot = new URL('../../', import.meta.url);
const rootPath = fileURLToPath(projectRoot);
const d20sim = (...args: string[]): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: projectRoot, encoding: 'utf8' });

/** Runs a spawn the first time it is asked for, so two tests can share one process. */
const once = <T>(f: () => T): (() => T) => {
  let value: { v: T } | null = null;
  return () => (value ??= { v: f() }).v;
};

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

/** Bad input (exit 2) or a failed check (exit 1): one line on stderr, no stack trace. */
function expectOneLineFailure(result: SpawnSyncReturns<string>, code: number, names: string | RegExp): void {
  expect(result.error).toBeUndefined();
  expect(result.stderr).not.toContain('    at ');
  expect(lines(result.stderr)).toHaveLength(1);
  expect(result.stderr.endsWith('\n')).toBe(true);
  if (typeof names === 'string') expect(result.stderr).toContain(names);
  else expect(result.stderr).toMatch(names);
  expect(result.status).toBe(code);
}

interface EventLine {
  seq: number;
  round: number;
  turn: string | null;
  type: string;
  data: Record<string, unknown>;
  rules: string[];
}
interface CommandLine {
  kind: 'command';
  command: { type: string; actor: string } & Record<string, unknown>;
}
type Entry = EventLine | CommandLine | { kind: 'decision' | 'rejected' };
const isEvent = (e: Entry): e is EventLine => 'seq' in e;

interface Header {
  format: string;
  dice: { kind: string; seed?: string };
  encounter: { combatants: { stats: { id: string; maxHp: number } }[] };
}

function parseLog(path: string): { header: Header; entries: { line: number; entry: Entry }[] } {
  const rows = readFileSync(path, 'utf8').split('\n');
  expect(rows.pop()).toBe(''); // every line, the last too, ends with a newline
  return {
    header: JSON.parse(rows[0]!) as Header,
    entries: rows.slice(1).map((row, i) => ({ line: i + 2, entry: JSON.parse(row) as Entry })),
  };
}

/** A logged command back in SPEC step form, as `fork --command` takes it. */
function stepOf(command: CommandLine['command']): Record<string, unknown> {
  const action = Object.entries(STEP_ACTIONS).find(([, type]) => type === command.type)?.[0];
  if (action === undefined) throw new Error(`no step action for ${command.type}`);
  const { type: _type, ...rest } = command;
  return { ...rest, action };
}

const publicCase = (name: string): string | undefined =>
  [`../shared/conformance/cases/${name}`, `fixtures/scenarios/${name}`].find((p) => existsSync(join(rootPath, p)));
const p06 = publicCase('p06-spell-in-threat.json');
const disarmChain = readdirSync(join(rootPath, 'fixtures/scenarios'))
  .filter((f) => f.startsWith('094-') && f.endsWith('.json'))
  .map((f) => `fixtures/scenarios/${f}`)[0];

/** An orc takes a 5-foot step away from a fighter (round 1), then leaves the fighter's reach and provokes (round 2). */
const stepAwayScenario = {
  format: 'd20sim/scenario@1',
  description: 'A 5-foot step away provokes nothing; a later move out of reach provokes',
  encounter: {
    format: 'd20sim/encounter@1',
    name: 'Step away, then run',
    map: { width: 12, height: 8 },
    combatants: [
      {
        id: 'fighter', side: 'heroes', at: [2, 2], hp: 38, ac: { total: 17, touch: 11, flatFooted: 16 }, init: 1, dex: 12,
        attacks: [{ name: 'longsword', kind: 'melee', bonus: [8], damage: '1d8+3', crit: { range: 19, multiplier: 2 } }],
      },
      {
        id: 'orc', side: 'monsters', at: [3, 2], hp: 5, ac: { total: 13, touch: 10, flatFooted: 13 }, init: 0, dex: 11,
        attacks: [{ name: 'falchion', kind: 'melee', bonus: [4], damage: '2d4+4', crit: { range: 18, multiplier: 2 } }],
      },
    ],
  },
  initiative: ['fighter', 'orc'],
  dice: { d20: [15], d8: [8] },
  script: [
    { actor: 'fighter', action: 'end-turn' },
    { actor: 'orc', action: 'five-foot-step', to: [4, 2] },
    { actor: 'orc', action: 'end-turn' },
    { actor: 'fighter', action: 'move', path: [[3, 2]] },
    { actor: 'fighter', action: 'end-turn' },
    { actor: 'orc', action: 'move', path: [[5, 2], [6, 2]] },
  ],
};

let dir = '';
let duelLog = '';
let logText = '';
let log: ReturnType<typeof parseLog>;
let runWithLog: SpawnSyncReturns<string>;
let runWithoutLog: SpawnSyncReturns<string>;
let replay: SpawnSyncReturns<string>;

/** The run's event narration: without the title line and the Result block. */
const runNarration = (stdout: string): string[] => {
  const all = lines(stdout);
  const result = all.indexOf('Result:');
  return all.slice(1, result === -1 ? undefined : result).filter((l) => !l.startsWith('Stopped after '));
};

/** A copy of the duel log with `edit` applied to its lines (line 1 is the header). */
function copyWith(name: string, edit: (rows: string[]) => string[] | string): string {
  const rows = logText.split('\n');
  const out = edit(rows);
  const path = join(dir, name);
  writeFileSync(path, typeof out === 'string' ? out : out.join('\n'));
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'd20sim-'));
  duelLog = join(dir, 'duel.jsonl');
  runWithLog = d20sim('run', 'fixtures/encounters/duel.json', '--seed', '3', '--log', duelLog);
  runWithoutLog = d20sim('run', 'fixtures/encounters/duel.json', '--seed', '3');
  expect(runWithLog.status).toBe(0);
  logText = readFileSync(duelLog, 'utf8');
  log = parseLog(duelLog);
  replay = d20sim('replay', duelLog);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const events = (): EventLine[] => log.entries.map((e) => e.entry).filter(isEvent);
const lineOf = (pred: (e: EventLine) => boolean): { line: number; event: EventLine } => {
  const found = log.entries.find(({ entry }) => isEvent(entry) && pred(entry));
  if (!found) throw new Error('no such event in the log');
  return { line: found.line, event: found.entry as EventLine };
};

describe('run --log', () => {
  it('writes a d20sim/log@1 header with the seed, then one JSON object per line', () => {
    expect(log.header.format).toBe('d20sim/log@1');
    expect(log.header.dice).toEqual({ kind: 'seeded', seed: '3' });
    expect(log.entries.length).toBeGreaterThan(10);
    for (const { entry } of log.entries) {
      expect(typeof entry).toBe('object');
      if (!isEvent(entry)) expect(['command', 'decision', 'rejected']).toContain(entry.kind);
    }
  });

  it('numbers every event 1..n with its round, turn, type, data and rules', () => {
    const all = events();
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    for (const e of all) {
      expect(Number.isInteger(e.round)).toBe(true);
      expect(e.turn === null || typeof e.turn === 'string').toBe(true);
      expect(typeof e.type).toBe('string');
      expect(typeof e.data).toBe('object');
      expect(e.data).not.toBeNull();
      expect(Array.isArray(e.rules)).toBe(true);
    }
    expect(all[0]!.type).toBe('InitiativeRolled');
    expect(all[all.length - 1]!.type).toBe('CombatEnded');
  });

  it('prints the same narration with or without --log', () => {
    expect(runWithoutLog.status).toBe(0);
    expect(runWithLog.stdout).toBe(runWithoutLog.stdout);
    expect(runWithLog.stderr).toBe('');
  });
});

describe('replay', () => {
  it('narrates the same event lines the run printed', () => {
    expect(replay.status).toBe(0);
    expect(replay.stderr).toBe('');
    const narration = runNarration(runWithLog.stdout);
    expect(narration.length).toBeGreaterThan(10);
    expect(lines(replay.stdout)).toEqual(narration);
  });

  it('narrates in French with --lang fr', () => {
    const fr = d20sim('replay', duelLog, '--lang', 'fr');
    expect(fr.status).toBe(0);
    expect(fr.stdout).toContain('attaque');
    expect(fr.stdout).toContain('round');
    expect(fr.stdout).not.toContain('makes an attack');
    expect(lines(fr.stdout)).toHaveLength(lines(replay.stdout).length);
  });

  describe('--at N', () => {
    // Just after the first damage, so the hit points are not all full.
    const at = () => lineOf((e) => e.type === 'DamageDealt').event.seq;
    const text = once(() => d20sim('replay', duelLog, '--at', String(at())));
    const json = once(() => d20sim('replay', duelLog, '--at', String(at()), '--json'));
    /** Hit points from the map's legend: `F  Fighter (fighter)  heroes  [2,4]  hp 30/30 ...`. */
    const legendHp = (stdout: string): Record<string, number> =>
      Object.fromEntries([...stdout.matchAll(/\(([\w-]+)\)\s+\S+\s+\[-?\d+,-?\d+\]\s+hp (-?\d+)\/\d+/g)].map((m) => [m[1]!, Number(m[2])]));

    it('prints a map with a Round header and a legend with hp', () => {
      const r = text();
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^After event ${at()} \\(line \\d+\\)`));
      expect(r.stdout).toMatch(/^Round \d+/m);
      expect(Object.keys(legendHp(r.stdout)).sort()).toEqual(['bugbear', 'fighter']);
    });

    it('--json prints the state whose hit points match the map and the logged damage', () => {
      const r = json();
      expect(r.status).toBe(0);
      const parsed = JSON.parse(r.stdout) as { event: number; state: { creatures: Record<string, { hp: number }> } };
      expect(parsed.event).toBe(at());
      const hp = Object.fromEntries(Object.entries(parsed.state.creatures).map(([id, c]) => [id, c.hp]));
      expect(hp).toEqual(legendHp(text().stdout));
      // What the log implies: max hp less the damage dealt up to event N.
      const implied = Object.fromEntries(
        log.header.encounter.combatants.map(({ stats }) => {
          const taken = events()
            .filter((e) => e.seq <= at() && e.type === 'DamageDealt' && e.data.target === stats.id)
            .reduce((sum, e) => sum + Number(e.data.amount), 0);
          return [stats.id, stats.maxHp - taken];
        }),
      );
      expect(hp).toEqual(implied);
      expect(log.header.encounter.combatants.some(({ stats }) => hp[stats.id]! < stats.maxHp)).toBe(true);
    });

    it('past the last event: exit 2, one line naming --at', () => {
      expectOneLineFailure(d20sim('replay', duelLog, '--at', '99999'), 2, '--at');
    });
  });
});

describe('replay --verify', () => {
  it('verifies a fresh run log', () => {
    const r = d20sim('replay', duelLog, '--verify');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('verified');
    expect(r.stderr).toBe('');
  });

  it('rejects a log whose AttackRolled d20 was edited: exit 1, one line naming file:LINE', () => {
    const { line, event } = lineOf((e) => e.type === 'AttackRolled');
    const d20 = Number(event.data.d20);
    const edited = copyWith('edited.jsonl', (rows) => {
      const changed = { ...event, data: { ...event.data, d20: (d20 % 19) + 1 } }; // hit and total kept as they were
      rows[line - 1] = JSON.stringify(changed);
      return rows;
    });
    expectOneLineFailure(d20sim('replay', edited, '--verify'), 1, `${edited}:${line}:`);
  });

  describe('a log cut in the middle of its last line', () => {
    const lastLine = () => logText.split('\n').length - 1; // the text ends with a newline
    const cut = once(() =>
      copyWith('cut.jsonl', () => {
        const start = logText.lastIndexOf('\n', logText.length - 2) + 1;
        return logText.slice(0, start + Math.floor((logText.length - 1 - start) / 2));
      }),
    );
    const verifyCut = once(() => d20sim('replay', cut(), '--verify'));

    it('replay still narrates, and stderr names the truncated line', () => {
      const r = d20sim('replay', cut());
      expect(r.status).toBe(0);
      expect(lines(r.stdout).length).toBeGreaterThan(10);
      expect(lines(replay.stdout).slice(0, lines(r.stdout).length)).toEqual(lines(r.stdout));
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toContain(`${cut()}:${lastLine()}:`);
      expect(r.stderr).not.toContain('    at ');
    });

    it('--verify fails (non-zero) naming the truncated line, without a stack trace', () => {
      const r = verifyCut();
      expect(r.status).not.toBe(0);
      expect(r.status).not.toBeNull();
      expect(r.stderr).not.toContain('    at ');
      expect(r.stderr).toContain(`${cut()}:${lastLine()}: the log is cut off`);
    });

    // Only the verify failure, not the replay warning as well.
    it('--verify on a cut log prints exactly one line', () => {
      expectOneLineFailure(verifyCut(), 1, `${cut()}:${lastLine()}`);
    });
  });

  it('an unknown event type: exit 2 naming the line', () => {
    const { line, event } = lineOf((e) => e.seq === 5);
    const bad = copyWith('unknown.jsonl', (rows) => {
      rows[line - 1] = JSON.stringify({ ...event, type: 'Teleported' });
      return rows;
    });
    expectOneLineFailure(d20sim('replay', bad), 2, `${bad}:${line}:`);
  });

  it('a d20sim/log@2 header: exit 2 naming line 1', () => {
    const v2 = copyWith('v2.jsonl', (rows) => {
      rows[0] = JSON.stringify({ ...(JSON.parse(rows[0]!) as object), format: 'd20sim/log@2' });
      return rows;
    });
    expectOneLineFailure(d20sim('replay', v2), 2, `${v2}:1:`);
  });

  it('a missing file: exit 2', () => {
    const missing = join(dir, 'no-such-log.jsonl');
    expectOneLineFailure(d20sim('replay', missing), 2, missing);
  });
});

describe('scenario --log, then replay --verify (table fights checked against the rules)', () => {
  const logAndVerify = (file: string, name: string) => {
    const out = join(dir, name);
    const run = d20sim('scenario', file, '--log', out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((JSON.parse(lines(run.stdout)[0]!) as { rejected: unknown[] }).rejected).toEqual([]);
    const verify = d20sim('replay', out, '--verify');
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('verified');
    return parseLog(out).entries.map((e) => e.entry);
  };

  it.skipIf(p06 === undefined)('p06: a spell cast in a threatened square, the AoO and Concentration', () => {
    const entries = logAndVerify(p06!, 'p06.jsonl');
    const types = entries.filter(isEvent).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['OpportunityProvoked', 'AttackRolled', 'ConcentrationChecked', 'SpellResolved']));
  });

  it.skipIf(disarmChain === undefined)('094: the five-disarm chain', () => {
    const entries = logAndVerify(disarmChain!, 'disarm-chain.jsonl');
    expect(entries.filter((e) => !isEvent(e) && e.kind === 'decision').length).toBeGreaterThanOrEqual(5);
    expect(entries.filter((e) => isEvent(e) && e.type === 'OpportunityTaken').length).toBeGreaterThanOrEqual(5);
  });
});

describe('explain', () => {
  const tinyLog = once(() => {
    const file = join(dir, 'step-away.json');
    writeFileSync(file, JSON.stringify(stepAwayScenario));
    const out = join(dir, 'step-away.jsonl');
    const r = d20sim('scenario', file, '--strict', '--log', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return { out, entries: parseLog(out).entries.map((e) => e.entry).filter(isEvent) };
  });

  it('an OpportunityProvoked event: PROV-1 and AOO-2 facts', () => {
    const { out, entries } = tinyLog();
    const provoked = entries.find((e) => e.type === 'OpportunityProvoked');
    expect(provoked).toBeDefined();
    const r = d20sim('explain', out, '--event', String(provoked!.seq));
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('OpportunityProvoked');
    expect(r.stdout).toMatch(/\(PROV-1\)/);
    expect(r.stdout).toMatch(/\(AOO-2\)/);
  });

  it('--why-not on a 5-foot step: the fighter, with AVOID-1', () => {
    const { out, entries } = tinyLog();
    const step = entries.find((e) => e.type === 'Moved' && e.data.mode === 'five-foot-step');
    expect(step).toBeDefined();
    const r = d20sim('explain', out, '--event', String(step!.seq), '--why-not');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^- fighter: .*AVOID-1/m);
  });

  it('a bad --event: exit 2, one line', () => {
    expectOneLineFailure(d20sim('explain', tinyLog().out, '--event', '0'), 2, '--event');
  });
});

describe('fork', () => {
  /** The command boundary at or before event `at`, and the command the original gave there. */
  const originalAt = (at: number) => {
    let seen = 0;
    let chosen: { line: number; events: number; command: CommandLine['command'] } | null = null;
    for (const { line, entry } of log.entries) {
      if (isEvent(entry)) seen += 1;
      else if (entry.kind === 'command' && seen <= at) chosen = { line, events: seen, command: (entry as CommandLine).command };
    }
    if (!chosen) throw new Error('no command in the log');
    return chosen;
  };

  it('with the command the original gave: the branch plays out as the original', () => {
    const at = 20;
    const original = originalAt(at);
    const r = d20sim('fork', duelLog, '--at', String(at), '--command', JSON.stringify(stepOf(original.command)));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe(`Fork of ${duelLog} after event ${original.events} (replacing the command on line ${original.line}): ${JSON.stringify(original.command)}`);
    const branch = out.find((l) => l.startsWith('Branch:'));
    const orig = out.find((l) => l.startsWith('Original:'));
    expect(branch).toBeDefined();
    expect(orig).toBeDefined();
    expect(branch!.replace(/^Branch:\s*/, '')).toBe(orig!.replace(/^Original:\s*/, ''));
    expect(orig).toMatch(/winner: /);
    // Same seed streams: the branch's narration is the end of the original's.
    const narration = out.slice(1, out.indexOf(branch!));
    expect(narration.length).toBeGreaterThan(0);
    expect(lines(replay.stdout).slice(-narration.length)).toEqual(narration);
  });

  // A rejected new command is said so, and the bot plays on from there.
  it('says so when the new command is rejected', () => {
    const original = originalAt(6); // the bugbear's move: not the fighter's turn
    expect(original.command.actor).toBe('bugbear');
    const r = d20sim('fork', duelLog, '--at', '6', '--command', JSON.stringify({ actor: 'fighter', action: 'end-turn' }));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('(the command changed nothing: it was rejected)');
  });

  it('a malformed --command JSON: exit 2, one line', () => {
    expectOneLineFailure(d20sim('fork', duelLog, '--at', '6', '--command', '{"actor":"bugbear",'), 2, '--command');
  });
});
