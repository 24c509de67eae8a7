// `d20sim serve` as a process: clients that vanish or go silent, bad flags, and the Python example client end to end.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const d20sim = (...args: string[]) => spawnSync(process.execPath, ['bin/d20sim.mjs', ...args], { cwd: root, encoding: 'utf8' });
const tmp = () => mkdtempSync(join(tmpdir(), 'd20sim-serve-'));

/** Starts the server; resolves with its exit code, stderr and every stdout line once it exits. */
function server(args: string[], client: (line: Record<string, unknown>, stdin: NodeJS.WritableStream, stop: () => void) => void) {
  const child = spawn(process.execPath, ['bin/d20sim.mjs', 'serve', ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.on('error', () => {});
  let reading = true;
  const stop = () => {
    reading = false;
    child.stdin.end();
    child.stdout.destroy();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!reading) return;
    const message = JSON.parse(line) as Record<string, unknown>;
    lines.push(message);
    client(message, child.stdin, stop);
  });
  return new Promise<{ code: number | null; stderr: string; lines: Record<string, unknown>[] }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr, lines })),
  );
}

describe('d20sim serve --stdio', () => {
  it('goes on to the end when the client exits mid-fight (EPIPE ignored), with a complete log', async () => {
    const log = join(tmp(), 'served.jsonl');
    const run = await server(['fixtures/encounters/skirmish-4v4.json', '--stdio', '--control', 'heroes', '--seed', '4', '--log', log], (m, _stdin, stop) => {
      if (m.type === 'command-request') stop(); // the client "crashes": both pipes close
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("the client's input ended; the built-in bot brute plays heroes from now on");
    expect(run.lines[0]).toMatchObject({ type: 'hello', protocol: 'd20sim-protocol/1' });
    const logged = readFileSync(log, 'utf8').trim().split('\n');
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ type: 'CombatEnded' });
    const verify = d20sim('replay', log, '--verify');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('verified');
  });

  it('hands a silent client to the bot after --timeout and still writes `end`', async () => {
    const started = Date.now();
    const run = await server(['fixtures/encounters/duel.json', '--stdio', '--control', 'monsters', '--timeout', '300'], () => {});
    expect(run.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    const end = run.lines.at(-1)!;
    expect(end).toMatchObject({ type: 'end', replaced: { reason: 'timeout', request: 1, bot: 'brute' }, summary: { ended: true } });
    expect(run.lines.filter((m) => m.type === 'error')).toEqual([expect.objectContaining({ code: 'timeout', id: 1 })]);
  });

  it('answers a whole fight from a client writing to its stdin', async () => {
    const run = await server(['fixtures/encounters/duel.json', '--stdio', '--control', 'heroes', '--seed', '9'], (m, stdin) => {
      if (m.type === 'command-request') {
        const attack = (m.legal as { command: { action: string } }[]).find((l) => l.command.action === 'attack');
        const command = attack?.command ?? { actor: m.actor, action: 'end-turn' };
        stdin.write(`${JSON.stringify({ type: 'command', id: m.id, command })}\n`);
      }
      if (m.type === 'opportunity-request') stdin.write(`${JSON.stringify({ type: 'opportunity', id: m.id, take: false })}\n`);
      if (m.type === 'end') stdin.end();
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.lines.at(-1)).toMatchObject({ type: 'end', replaced: null });
  });

  it.each([
    [['fixtures/encounters/duel.json', '--stdio', '--control', 'villains'], /^d20sim: --control: expected one of the encounter's sides \(heroes\|monsters\), got "villains"\n$/],
    [['fixtures/encounters/duel.json', '--control', 'heroes'], /^d20sim: serve: expected --stdio/],
    [['fixtures/encounters/duel.json', '--stdio', '--control', 'heroes', '--timeout', 'soon'], /^d20sim: --timeout: expected a positive integer, got "soon"\n$/],
    [['fixtures/encounters/duel.json', '--stdio', '--control', 'heroes', '--opponent', 'genius'], /^d20sim: --opponent: expected one of [a-z|]*brute[a-z|]*, got "genius"\n$/],
    [['fixtures/encounters/nope.json', '--stdio', '--control', 'heroes'], /^d20sim: .*nope\.json/],
  ])('refuses bad input with one line and exit 2: %j', (args, message) => {
    const run = d20sim('serve', ...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
  });
});

describe('examples/client.py', () => {
  const python = spawnSync('python3', ['--version']);
  it.skipIf(python.error !== undefined)('plays the duel end to end and prints the winner', () => {
    const run = spawnSync('python3', ['examples/client.py', 'fixtures/encounters/duel.json'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^winner: (heroes|monsters) \(round \d+, \d+ requests answered\)\n$/);
  });

  it.skipIf(python.error !== undefined)('plays the other side, against the random bot, and the log it asks for verifies', () => {
    const log = join(tmp(), 'client.jsonl');
    const run = spawnSync(
      'python3',
      ['examples/client.py', 'fixtures/encounters/duel.json', '--side', 'monsters', '--opponent', 'random', '--seed', '2', '--log', log],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^winner: (heroes|monsters|nobody \(a draw\))/);
    expect(d20sim('replay', log, '--verify').status).toBe(0);
  });
});
