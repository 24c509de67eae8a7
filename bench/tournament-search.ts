// The search bot against the tactician on the bundled 4-vs-4 encounters (issue 5).
//
//   npx tsx bench/tournament-search.ts [N] [--jobs J] [--only name,name] [--seat heroes|monsters]
//        [--opponent tactician|brute] [--bot search] [--baseline tactician] [--search '{"budget":8}']
//        [--cache file.json] [--cache-search]
//
// For each encounter and seat: N fights (seeds 0..N-1) with `--bot` (default search) in the seat against the
// `--opponent` bot (default tactician), and N fights with `--baseline` (default tactician) in the same seat
// against the same opponent. Prints each win rate and the difference with two 95% intervals: paired (fight i
// of both studies has seed i, so the fights are matched pairs and only the discordant ones carry the
// difference; this is the verdict) and, for reference, independent (two proportions). Draws (the round limit, or both sides down) count as
// not won. Fights that are the same pairing (the baseline against itself serves both seats) are played once.
// `--cache` keeps per-fight outcomes of the pairings without the search bot in a JSON file, so that reruns
// only play what changed (keyed by the bots' names: do not change their code between runs); with
// `--cache-search` the search bot's fights too, keyed by its options and the git commit (a clean tree only).
// Fights are spread over J worker processes (default 1).
import { execSync, fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Controller } from '../src/bots/controller.ts';
import { makeBot, isBotName } from '../src/bots/registry.ts';
import { searchBot, type SearchOptions } from '../src/bots/search.ts';
import { playMatch } from '../src/combat/match.ts';
import { setFreezing } from '../src/engine/evolve.ts';
import { loadEncounter } from '../src/io/encounter.ts';
import { differenceInterval, pairedDifferenceInterval } from '../src/sim/stats.ts';

const ENCOUNTERS = ['skirmish-4v4.json', 'patrol-4v4.json', 'ogre-ambush-4v4.json'];
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/encounters/${name}`, import.meta.url));

type Seat = 'heroes' | 'monsters';

/** One pairing: which bot plays each side. */
interface Pairing {
  readonly heroes: string;
  readonly monsters: string;
}

interface Job {
  readonly file: string;
  readonly pairing: Pairing;
  readonly seeds: readonly number[];
  readonly searchOptions: SearchOptions;
}

/** Per seed: 'h' heroes won, 'm' monsters won, 'd' draw; and the time spent. */
interface JobResult {
  readonly outcomes: string;
  readonly ms: number;
}

function bot(name: string, seed: number, searchOptions: SearchOptions): Controller {
  if (name === 'search') return searchBot({ ...searchOptions, seed });
  if (!isBotName(name)) throw new Error(`unknown bot ${name}`);
  return makeBot(name, seed);
}

function runJob(job: Job): JobResult {
  const loaded = loadEncounter(job.file);
  if (!loaded.ok) throw new Error(loaded.error);
  setFreezing(false); // bulk runs (DESIGN.md)
  let outcomes = '';
  const start = performance.now();
  for (const seed of job.seeds) {
    const controllers = { heroes: bot(job.pairing.heroes, seed, job.searchOptions), monsters: bot(job.pairing.monsters, seed + 1, job.searchOptions) };
    const { combat, stopped } = playMatch(loaded.value, { seed, controllers, maxRounds: 100 });
    const winner = combat.state.winner;
    outcomes += stopped || winner === null ? 'd' : winner === 'heroes' ? 'h' : 'm';
  }
  return { outcomes, ms: performance.now() - start };
}

/** The search bot's identity for the cache: its options and the commit (refused with uncommitted changes). */
function searchVersion(options: SearchOptions): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (execSync('git status --porcelain src', { cwd: root }).toString().trim() !== '') throw new Error('--cache-search needs a clean src tree');
  return `${JSON.stringify(options)}@${execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim()}`;
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;
const flag = (args: string[], name: string): string | null => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : null;
};

interface Tally {
  outcomes: (string | undefined)[];
  ms: number;
  played: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
  const workers = Number(flag(args, '--jobs') ?? 1);
  const only = flag(args, '--only')?.split(',') ?? null;
  const seatArg = flag(args, '--seat');
  const seats: readonly Seat[] = seatArg ? [seatArg as Seat] : ['heroes', 'monsters'];
  const opponent = flag(args, '--opponent') ?? 'tactician';
  const candidate = flag(args, '--bot') ?? 'search';
  const baseline = flag(args, '--baseline') ?? 'tactician';
  const searchOptions = JSON.parse(flag(args, '--search') ?? '{}') as SearchOptions;
  const cacheFile = flag(args, '--cache');
  const files = ENCOUNTERS.filter((f) => existsSync(fixture(f)) && (!only || only.some((o) => f.startsWith(o))));
  console.log(`${candidate} vs ${baseline} in each seat, against ${opponent}; N = ${n} fights per pairing, seeds 0..${n - 1}, ${workers} worker(s)`);
  if (Object.keys(searchOptions).length > 0) console.log(`search options: ${JSON.stringify(searchOptions)}`);
  console.log(`encounters: ${files.join(', ')}`);

  const pairingOf = (seat: Seat, inSeat: string): Pairing => (seat === 'heroes' ? { heroes: inSeat, monsters: opponent } : { heroes: opponent, monsters: inSeat });
  const named = (bot: string) => (bot === 'search' && searchTag ? `search${searchTag}` : bot);
  const nameOf = (file: string, p: Pairing) => `${file}|${named(p.heroes)}|${named(p.monsters)}`;
  // Cached outcomes, only for pairings without the search bot unless asked (its options change between runs).
  const cache: Record<string, string> = cacheFile && existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, string>) : {};
  const searchTag = args.includes('--cache-search') ? searchVersion(searchOptions) : null;
  const cacheable = (p: Pairing) => (p.heroes !== 'search' && p.monsters !== 'search') || searchTag !== null;

  const tallies = new Map<string, Tally>();
  const cacheableKeys = new Set<string>();
  const jobs: (Job & { key: string; offset: number })[] = [];
  const chunk = 10;
  for (const file of files) {
    for (const seat of seats) {
      for (const inSeat of [candidate, baseline]) {
        const pairing = pairingOf(seat, inSeat);
        const key = nameOf(file, pairing);
        if (tallies.has(key)) continue;
        if (cacheable(pairing)) cacheableKeys.add(key);
        const cached = cacheFile && cacheable(pairing) ? (cache[key] ?? '') : '';
        const tally: Tally = { outcomes: Array.from({ length: n }, (_, i) => (cached[i] === '?' ? undefined : cached[i])), ms: 0, played: 0 };
        tallies.set(key, tally);
        for (let s = 0; s < n; s += chunk) {
          const seeds = Array.from({ length: Math.min(chunk, n - s) }, (_, i) => s + i).filter((i) => tally.outcomes[i] === undefined);
          if (seeds.length > 0) jobs.push({ file: fixture(file), pairing, seeds, searchOptions, key, offset: 0 });
        }
      }
    }
  }
  // Written after every chunk: a long run stopped midway keeps what it played.
  const saveCache = () => {
    if (!cacheFile) return;
    for (const [key, t] of tallies) {
      if (!cacheableKeys.has(key)) continue;
      const s = t.outcomes.map((o) => o ?? '?').join('').replace(/\?+$/, '');
      if (s.length >= (cache[key]?.length ?? 0)) cache[key] = s;
    }
    writeFileSync(cacheFile, JSON.stringify(cache, null, 1));
  };
  const started = performance.now();
  let done = 0;
  await runAll(jobs, workers, (job, r) => {
    const t = tallies.get(job.key)!;
    job.seeds.forEach((seed, i) => (t.outcomes[seed] = r.outcomes[i]));
    t.ms += r.ms;
    t.played += job.seeds.length;
    done++;
    saveCache();
    if (done % 10 === 0) process.stdout.write(`[${done}/${jobs.length} ${((performance.now() - started) / 1000).toFixed(0)}s]`);
    else process.stdout.write('.');
  });
  saveCache();
  console.log('');
  let allGood = true;
  const rate = (t: Tally, seat: Seat) => t.outcomes.filter((o) => o === seat[0]).length;
  const draws = (t: Tally) => t.outcomes.filter((o) => o === 'd').length;
  const msPer = (t: Tally) => (t.played > 0 ? `${(t.ms / t.played).toFixed(0)} ms/fight` : 'cached');
  for (const file of files) {
    console.log(file);
    for (const seat of seats) {
      const c = tallies.get(nameOf(file, pairingOf(seat, candidate)))!;
      const b = tallies.get(nameOf(file, pairingOf(seat, baseline)))!;
      const cw = rate(c, seat);
      const bw = rate(b, seat);
      const [lo, hi] = differenceInterval(cw, n, bw, n);
      // The same seed in both studies: run i of each is a pair (common random numbers).
      const w = seat[0];
      const firstOnly = c.outcomes.filter((o, i) => o === w && b.outcomes[i] !== w).length;
      const secondOnly = b.outcomes.filter((o, i) => o === w && c.outcomes[i] !== w).length;
      const [plo, phi] = pairedDifferenceInterval(firstOnly, secondOnly, n);
      const diff = (cw - bw) / n;
      const good = plo > 0;
      allGood &&= good;
      const ci = (l: number, h: number) => `[${(100 * l).toFixed(1)}, ${(100 * h).toFixed(1)}]`;
      console.log(
        `  ${seat.padEnd(8)} ${candidate} ${pct(cw / n)} (${cw}/${n}, ${draws(c)} draws, ${msPer(c)})` +
          `  ${baseline} ${pct(bw / n)} (${bw}/${n}, ${draws(b)} draws, ${msPer(b)})` +
          `  diff ${diff >= 0 ? '+' : ''}${(100 * diff).toFixed(1)} pts, 95% CI paired ${ci(plo, phi)} (${firstOnly} won only with ${candidate}, ${secondOnly} only with ${baseline}), independent ${ci(lo, hi)}${good ? '' : '  <-- not clearly better'}`,
      );
    }
  }
  console.log(`\n${allGood ? `${candidate} wins more than ${baseline} in every seat (95% CI excludes 0)` : 'NOT all seats clearly better'}; ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Runs jobs over `workers` child processes (this same script in worker mode), or in this process when 1. */
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
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
