// Does one bot play a seat better than another, against the same opponent? (issue 5)
//
//   npx tsx bench/tournament.ts --bot search --baseline tactician --opponent tactician [--runs 1000]
//       [--workers K] [--seed S] [--only skirmish,patrol] [--seat heroes|monsters] [--json FILE]
//
// For each bundled 4-vs-4 encounter and each seat: a Monte Carlo study (the same engine, seeds and worker
// threads as `d20sim versus`) with --bot in the seat and --opponent on the other side, and one with --baseline
// in the seat. Both studies use the same run seeds, so they see the same dice streams. Prints each win rate and
// the difference with a 95% interval (normal approximation for two proportions; draws count as not won).
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isBotName, type BotName } from '../src/bots/registry.ts';
import { loadEncounter } from '../src/io/encounter.ts';
import type { Encounter } from '../src/model/stats.ts';
import { runMonteCarlo } from '../src/sim/montecarlo.ts';
import { differenceInterval } from '../src/sim/stats.ts';

const ENCOUNTERS = ['skirmish-4v4', 'patrol-4v4', 'ogre-ambush-4v4'];
const SEATS = ['heroes', 'monsters'] as const;
type Seat = (typeof SEATS)[number];

const { values } = parseArgs({
  options: {
    bot: { type: 'string', default: 'search' },
    baseline: { type: 'string', default: 'tactician' },
    opponent: { type: 'string', default: 'tactician' },
    runs: { type: 'string', default: '1000' },
    workers: { type: 'string', default: String(availableParallelism()) },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
    seat: { type: 'string' },
    json: { type: 'string' },
  },
});

function botName(flag: string, value: string): BotName {
  if (!isBotName(value)) throw new Error(`--${flag}: expected one of random|brute|tactician|search, got ${JSON.stringify(value)}`);
  return value;
}

const bot = botName('bot', values.bot);
const baseline = botName('baseline', values.baseline);
const opponent = botName('opponent', values.opponent);
const runs = Number(values.runs);
const workers = Number(values.workers);
const seats: readonly Seat[] = values.seat ? [values.seat as Seat] : SEATS;
const names = ENCOUNTERS.filter((e) => !values.only || values.only.split(',').some((o) => e.startsWith(o)));

interface Outcome {
  readonly wins: number;
  readonly runs: number;
  readonly seconds: number;
}

const studies = new Map<string, { wins: Readonly<Record<string, number>>; runs: number; seconds: number }>();

/** Wins of `seat` with `mine` in it and the opponent on the other side (each pairing is run once). */
async function study(encounter: Encounter, name: string, seat: Seat, mine: BotName): Promise<Outcome> {
  const bots = seat === 'heroes' ? { heroes: mine, monsters: opponent } : { heroes: opponent, monsters: mine };
  const key = `${name}|${bots.heroes}|${bots.monsters}`;
  let known = studies.get(key);
  if (!known) {
    const start = performance.now();
    const agg = await runMonteCarlo(encounter, { runs, seed: values.seed, bots, maxRounds: 100, workers });
    known = { wins: { ...agg.wins }, runs: agg.runs, seconds: (performance.now() - start) / 1000 };
    studies.set(key, known);
    process.stderr.write(`  ${key}: ${JSON.stringify(known.wins)} of ${known.runs}, ${known.seconds.toFixed(0)} s\n`);
  }
  return { wins: known.wins[seat] ?? 0, runs: known.runs, seconds: known.seconds };
}

function difference(a: Outcome, b: Outcome): { diff: number; lo: number; hi: number } {
  const [lo, hi] = differenceInterval(a.wins, a.runs, b.wins, b.runs);
  return { diff: a.wins / a.runs - b.wins / b.runs, lo, hi };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const pts = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

console.log(`${bot} vs ${baseline} in each seat, against ${opponent}; ${runs} fights per study, seed ${values.seed}, ${workers} worker(s)`);
const rows: Record<string, unknown>[] = [];
let allBetter = true;
for (const name of names) {
  const loaded = loadEncounter(fileURLToPath(new URL(`../fixtures/encounters/${name}.json`, import.meta.url)));
  if (!loaded.ok) throw new Error(loaded.error);
  console.log(name);
  for (const seat of seats) {
    const mine = await study(loaded.value, name, seat, bot);
    const base = await study(loaded.value, name, seat, baseline);
    const d = difference(mine, base);
    allBetter &&= d.lo > 0;
    rows.push({ encounter: name, seat, bot, baseline, opponent, runs, botWins: mine.wins, baselineWins: base.wins, diff: d.diff, ci95: [d.lo, d.hi], botSeconds: mine.seconds });
    console.log(
      `  ${seat.padEnd(8)} ${bot} ${pct(mine.wins / mine.runs).padStart(6)} (${mine.wins}/${mine.runs}, ${((1000 * mine.seconds) / mine.runs).toFixed(0)} ms/fight over ${workers} worker(s))` +
        `  ${baseline} ${pct(base.wins / base.runs).padStart(6)} (${base.wins}/${base.runs})` +
        `  diff ${pts(d.diff)} pts, 95% CI [${pts(d.lo)}, ${pts(d.hi)}]${d.lo > 0 ? '' : '  <-- not clearly better'}`,
    );
  }
}
console.log(allBetter ? `${bot} wins more than ${baseline} in every seat (the 95% intervals exclude 0)` : `NOT every seat clearly better`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
