// `d20sim versus ENCOUNTER --heroes BOT --monsters BOT --runs N [--seed S] [--json FILE]`.
import { writeFileSync } from 'node:fs';
import { isBotName, makeBot, BOT_NAMES } from '../bots/registry.ts';
import { loadEncounter } from '../io/encounter.ts';
import { runVersus } from '../sim/versus.ts';
import { badInput } from './errors.ts';

export interface VersusOptions {
  readonly heroes: string;
  readonly monsters: string;
  readonly runs: string;
  readonly seed: string;
  readonly json?: string;
  readonly maxRounds: string;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function versusCommand(file: string, options: VersusOptions, out: (line: string) => void): void {
  const loaded = loadEncounter(file);
  if (!loaded.ok) throw badInput(loaded.error);
  for (const [flag, name] of [['--heroes', options.heroes], ['--monsters', options.monsters]] as const) {
    if (!isBotName(name)) throw badInput(`${flag}: expected one of ${BOT_NAMES.join('|')}, got ${JSON.stringify(name)}`);
  }
  const runs = Number(options.runs);
  if (!Number.isInteger(runs) || runs < 1) throw badInput(`--runs: expected a positive integer, got ${JSON.stringify(options.runs)}`);
  const sides = new Set(loaded.value.combatants.map((c) => c.stats.side));
  for (const side of ['heroes', 'monsters']) if (!sides.has(side)) throw badInput(`${file}: combatants: expected a side named "${side}"`);
  let run = 0;
  const result = runVersus(loaded.value, {
    runs,
    seed: options.seed,
    maxRounds: Number(options.maxRounds) || 100,
    bots: () => ({ heroes: makeBot(options.heroes as never, 1 + run), monsters: makeBot(options.monsters as never, 100_003 + run++) }),
  });
  for (const [side, r] of Object.entries(result.sides)) {
    out(`${side.padEnd(10)} ${(result.bots[side] ?? '?').padEnd(10)} wins ${String(r.wins).padStart(6)} / ${result.runs}  ${pct(r.winRate)}  95% CI ${pct(r.ci95[0])} - ${pct(r.ci95[1])}`);
  }
  out(`draws      ${result.draws} (stopped at the round limit: ${result.stoppedAtRoundLimit})`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
}
