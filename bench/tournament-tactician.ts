// The tactician against the brute bot on the bundled 4-vs-4 encounters.
//
//   npx tsx bench/tournament-tactician.ts [N] [--jobs J] [--only name,name] [--seat heroes|monsters]
//
// For each encounter: N fights (seeds 0..N-1) of tactician heroes vs brute monsters, against the baseline
// brute vs brute; then the same with the monsters' side played by the tactician. Prints each side's win rate
// with the tactician and with brute in the same seat, and the difference with a 95% interval (normal
// approximation for the difference of two proportions). Draws (the round limit, or both sides down) count as
// not won.
// Fights are spread over J worker processes (default: the CPU count).
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bruteBot } from '../src/bots/simple.ts';
import { tacticianBot } from '../src/bots/tactician.ts';
import type { Controller } from '../src/bots/controller.ts';
import { playMatch } from '../src/combat/match.ts';
import { setFreezing } from '../src/engine/evolve.ts';
import { loadEncounter } from '../src/io/encounter.ts';

const ENCOUNTERS = ['skirmish-4v4.json', 'patrol-4v4.json', 'ogre-ambush-4v4.json'];
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/encounters/${name}`, import.meta.url));

type Seat = 'heroes' | 'monsters';
type Pairing = 'tactician' | 'brute';

interface Job {
  readonly file: string;
  readonly seat: Seat;
  readonly pairing: Pairing;
  readonly seeds: readonly number[];
}

interface JobResult {
  readonly wins: number;
  readonly draws: number;
  readonly fights: number;
  readonly ms: number;
}

function runJob(job: Job): JobResult {
  const loaded = loadEncounter(job.file);
  if (!loaded.ok) throw new Error(loaded.error);
  setFreezing(false); // bulk runs (DESIGN.md)
  let wins = 0;
  let draws = 0;
  const start = performance.now();
  for (const seed of job.seeds) {
    const seat: Controller = job.pairing === 'tactician' ? tacticianBot() : bruteBot();
    const other = bruteBot();
    const controllers = job.seat === 'heroes' ? { heroes: seat, monsters: other } : { heroes: other, monsters: seat };
    const { combat, stopped } = playMatch(loaded.value, { seed, controllers, maxRounds: 100 });
    const winner = combat.state.winner;
    if (winner === job.seat) wins++;
    else if (stopped || winner === null) draws++;
  }
  return { wins, draws, fights: job.seeds.length, ms: performance.now() - start };
}

function interval(w1: number, n1: number, w2: number, n2: number): { diff: number; lo: number; hi: number } {
  const p1 = w1 / n1;
  const p2 = w2 / n2;
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const diff = p1 - p2;
  return { diff, lo: diff - 1.96 * se, hi: diff + 1.96 * se };
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
  const jobsArg = args.indexOf('--jobs');
  const workers = jobsArg >= 0 ? Number(args[jobsArg + 1]) : availableParallelism();
  const onlyArg = args.indexOf('--only');
  const only = onlyArg >= 0 ? args[onlyArg + 1]!.split(',') : null;
  const seatArg = args.indexOf('--seat');
  const seats: readonly Seat[] = seatArg >= 0 ? [args[seatArg + 1] as Seat] : ['heroes', 'monsters'];
  const files = ENCOUNTERS.filter((f) => existsSync(fixture(f)) && (!only || only.some((o) => f.startsWith(o))));
  console.log(`tactician vs brute, N = ${n} fights per pairing, seeds 0..${n - 1}, ${workers} worker(s)`);
  console.log(`encounters: ${files.join(', ')}${ENCOUNTERS.length > files.length ? ` (not found or skipped: ${ENCOUNTERS.filter((f) => !files.includes(f)).join(', ')})` : ''}`);

  // Chunks of seeds, round-robin over workers.
  const chunk = Math.max(10, Math.ceil(n / (workers * 4)));
  const jobs: (Job & { key: string })[] = [];
  for (const file of files) {
    for (const seat of seats) {
      for (const pairing of ['tactician', 'brute'] as const) {
        for (let s = 0; s < n; s += chunk) {
          const seeds = Array.from({ length: Math.min(chunk, n - s) }, (_, i) => s + i);
          jobs.push({ file: fixture(file), seat, pairing, seeds, key: `${file}|${seat}|${pairing}` });
        }
      }
    }
  }
  const totals = new Map<string, { wins: number; draws: number; fights: number; ms: number }>();
  const started = performance.now();
  await runAll(jobs, workers, (job, r) => {
    const t = totals.get(job.key) ?? { wins: 0, draws: 0, fights: 0, ms: 0 };
    totals.set(job.key, { wins: t.wins + r.wins, draws: t.draws + r.draws, fights: t.fights + r.fights, ms: t.ms + r.ms });
  });
  console.log('');
  let allGood = true;
  for (const file of files) {
    console.log(file);
    for (const seat of seats) {
      const t = totals.get(`${file}|${seat}|tactician`)!;
      const b = totals.get(`${file}|${seat}|brute`)!;
      const { diff, lo, hi } = interval(t.wins, t.fights, b.wins, b.fights);
      const good = lo > 0;
      allGood &&= good;
      console.log(
        `  ${seat.padEnd(8)} tactician ${pct(t.wins / t.fights)} (${t.wins}/${t.fights}, ${t.draws} draws, ${(t.ms / t.fights).toFixed(0)} ms/fight)` +
          `  brute ${pct(b.wins / b.fights)} (${b.wins}/${b.fights}, ${b.draws} draws)` +
          `  diff ${diff >= 0 ? '+' : ''}${(100 * diff).toFixed(1)} pts, 95% CI [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]${good ? '' : '  <-- not clearly better'}`,
      );
    }
  }
  console.log(`\n${allGood ? 'tactician wins more than brute in every seat (95% CI excludes 0)' : 'NOT all seats clearly better'}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Runs jobs over `workers` child processes (this same script in worker mode). */
async function runAll<J extends Job>(jobs: readonly J[], workers: number, done: (job: J, r: JobResult) => void): Promise<void> {
  if (workers <= 1) {
    for (const job of jobs) done(job, runJob(job));
    return;
  }
  let next = 0;
  const self = fileURLToPath(import.meta.url);
  await Promise.all(
    Array.from({ length: Math.min(workers, jobs.length) }, () => new Promise<void>((resolve, reject) => {
      const child = fork(self, ['--worker'], { execArgv: ['--import', 'tsx'] });
      let current: J | null = null;
      const feed = () => {
        if (next >= jobs.length) {
          child.send({ stop: true });
          return;
        }
        current = jobs[next++]!;
        child.send({ job: current });
      };
      child.on('message', (r: JobResult) => {
        done(current!, r);
        process.stdout.write('.');
        feed();
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
      feed();
    })),
  );
}

if (process.argv.includes('--worker')) {
  process.on('message', (m: { job?: Job; stop?: boolean }) => {
    if (m.stop) process.exit(0);
    if (m.job) process.send!(runJob(m.job));
  });
} else {
  await main();
}
