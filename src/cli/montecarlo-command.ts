// `d20sim montecarlo ENCOUNTER --runs N [--seed S] [--workers K] [--heroes BOT] [--monsters BOT] [--json FILE]
// [--html FILE] [--shard I/N]` and `d20sim merge FILE...`.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { BOT_NAMES, isBotName, type BotName } from '../bots/registry.ts';
import { loadEncounter } from '../io/encounter.ts';
import { emptyAggregate, mergeAggregates, type Aggregate } from '../sim/aggregate.ts';
import { runMonteCarlo } from '../sim/montecarlo.ts';
import { studyReport, type StudyMeta } from '../sim/summary.ts';
import { badInput } from './errors.ts';

export interface MonteCarloOptions {
  readonly runs: string;
  readonly seed: string;
  readonly workers?: string;
  readonly heroes: string;
  readonly monsters: string;
  readonly maxRounds: string;
  readonly json?: string;
  readonly html?: string;
  readonly shard?: string;
}

const positive = (text: string, flag: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw badInput(`${flag}: expected a positive integer, got ${JSON.stringify(text)}`);
  return n;
};

function parseShard(text: string | undefined): { index: number; count: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2])) throw badInput(`--shard: expected I/N with 0 <= I < N, got ${JSON.stringify(text)}`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

function bot(text: string, flag: string): BotName {
  if (!isBotName(text)) throw badInput(`${flag}: expected one of ${BOT_NAMES.join('|')}, got ${JSON.stringify(text)}`);
  return text;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export type Report = ReturnType<typeof studyReport>;

export function printReport(report: Report, out: (line: string) => void): void {
  out(`${report.encounter}: ${report.runs} fights, seed ${report.seed}`);
  for (const [side, s] of Object.entries(report.sides)) {
    out(`  ${side.padEnd(10)} ${s.bot.padEnd(10)} win rate ${pct(s.winRate)}  95% CI ${pct(s.ci95[0])} - ${pct(s.ci95[1])}  (${s.wins} wins)`);
  }
  out(`  draws ${report.draws} (round limit ${report.stoppedAtRoundLimit}); rounds mean ${report.rounds.mean}, median ${report.rounds.p50}, p90 ${report.rounds.p90}`);
  for (const [id, c] of Object.entries(report.combatants)) {
    out(`  ${id.padEnd(12)} ${c.side.padEnd(9)} dies ${pct(c.deathRate).padStart(6)}  dealt ${String(c.meanDamageDealt).padStart(6)}  taken ${String(c.meanDamageTaken).padStart(6)}  AoO made ${c.aooMade}, provoked ${c.aooProvoked}`);
  }
}

export async function monteCarloCommand(file: string, options: MonteCarloOptions, out: (line: string) => void): Promise<void> {
  const loaded = loadEncounter(file);
  if (!loaded.ok) throw badInput(loaded.error);
  const runs = positive(options.runs, '--runs');
  const workers = options.workers === undefined ? Math.max(1, availableParallelism()) : positive(options.workers, '--workers');
  const maxRounds = positive(options.maxRounds, '--max-rounds');
  const shard = parseShard(options.shard);
  const bots = { heroes: bot(options.heroes, '--heroes'), monsters: bot(options.monsters, '--monsters') };
  const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: 'fights {bar} {value}/{total} {percentage}% eta {eta}s' }, cliProgress.Presets.shades_classic) : null;
  bar?.start(1, 0);
  const agg = await runMonteCarlo(loaded.value, {
    runs, seed: options.seed, bots, maxRounds, workers, ...(shard ? { shard } : {}),
    onProgress: (done, total) => {
      bar?.setTotal(total);
      bar?.update(done);
    },
  });
  bar?.stop();
  const meta: StudyMeta = { seed: options.seed, encounter: file, bots, maxRounds };
  const report = studyReport(agg, meta);
  writeOutputs(report, options, out, shard ? `${runs}:${shard.index}/${shard.count}` : null);
}

function writeOutputs(report: Report, options: { json?: string; html?: string }, out: (line: string) => void, shard: string | null): void {
  printReport(report, out);
  if (shard) out(`  (shard ${shard}: merge the shards' --json files with d20sim merge)`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (options.html) writeFileSync(options.html, htmlReportOf(report));
}

let htmlReportOf: (report: Report) => string = () => {
  throw badInput('--html: the HTML report is not available in this build');
};

/** Installed by the report module (kept apart: it inlines the charting library). */
export function setHtmlReport(render: (report: Report) => string): void {
  htmlReportOf = render;
}

/** `d20sim merge A.json B.json ...`: shards of one study into the report a single run would have given. */
export function mergeCommand(files: readonly string[], options: { json?: string; html?: string }, out: (line: string) => void): void {
  let agg: Aggregate = emptyAggregate();
  let meta: StudyMeta | null = null;
  for (const file of files) {
    let report: Report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    } catch {
      throw badInput(`${file}: expected a montecarlo --json file`);
    }
    if (report.format !== 'd20sim/montecarlo@1' || !report.aggregate) throw badInput(`${file}: format: expected "d20sim/montecarlo@1" with its aggregate`);
    const mine: StudyMeta = { seed: report.seed, encounter: report.encounter, maxRounds: report.maxRounds, bots: Object.fromEntries(Object.entries(report.sides).map(([s, v]) => [s, v.bot])) };
    if (meta && JSON.stringify(meta) !== JSON.stringify(mine)) throw badInput(`${file}: expected a shard of the same study (seed, encounter, bots, max rounds)`);
    meta = mine;
    agg = mergeAggregates(agg, report.aggregate as Aggregate);
  }
  if (!meta) throw badInput('merge: expected at least one file');
  const report = studyReport(agg, { ...meta, runs: agg.runs } as StudyMeta);
  if (!options.json && !options.html) {
    out(JSON.stringify(report, null, 2));
    return;
  }
  writeOutputs(report, options, out, null);
}
