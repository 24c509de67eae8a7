// `d20sim versus ENCOUNTER --heroes BOT --monsters BOT --runs N [--seed S] [--workers K] [--json FILE]`: a bot
// tournament. It is a Monte Carlo study with the two bots named: the same seeded runs, worker threads and
// report (`d20sim/montecarlo@1`, win rates with 95% Wilson intervals).
import { monteCarloCommand, type MonteCarloOptions } from './montecarlo-command.ts';

export type VersusOptions = Omit<MonteCarloOptions, 'html' | 'shard'>;

export async function versusCommand(file: string, options: VersusOptions, out: (line: string) => void): Promise<void> {
  await monteCarloCommand(file, options, out);
}
