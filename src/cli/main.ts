// The d20sim command line.
import { Command, CommanderError } from 'commander';
import { isCliFailure } from './errors.ts';
import { scenarioCommand } from './scenario-command.ts';
import { runCommand } from './run-command.ts';
import { replayCommand, type ReplayOptions } from './replay-command.ts';
import { forkCommand, type ForkOptions } from './fork-command.ts';
import { explainCommand } from './explain-command.ts';
import { versusCommand, type VersusOptions } from './versus-command.ts';
import { mergeCommand, monteCarloCommand, type MonteCarloOptions } from './montecarlo-command.ts';
import '../sim/report/install.ts';
import { viewCommand, type ViewCommandOptions } from '../view/view-command.ts';

function program(out: (line: string) => void, warn: (line: string) => void): Command {
  const cli = new Command('d20sim')
    .description('Event-sourced tactical combat simulator for the d20 SRD 3.5 rules')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });
  cli
    .command('scenario')
    .description('run scenario files (conformance SPEC) and print one summary line each')
    .argument('<files...>', 'scenario JSON files')
    .option('--strict', 'a rejected step is an error (exit 2)')
    .option('--log <file>', 'write the fight as an event log (one scenario file only)')
    .action((files: string[], opts: { strict?: boolean; log?: string }) => scenarioCommand(files, opts, out));
  cli
    .command('run')
    .description('fight an encounter to the end with the built-in bot and narrate it')
    .argument('<encounter>', 'encounter JSON file')
    .option('--seed <seed>', 'seed for the dice', '1')
    .option('--max-rounds <n>', 'stop as a draw after this many rounds', '100')
    .option('--json', 'print the summary as JSON instead of the narration')
    .option('--log <file>', 'write the event log (JSONL), each line as it happens')
    .action((file: string, opts: { seed: string; maxRounds: string; json?: boolean; log?: string }) => runCommand(file, opts, out));
  cli
    .command('replay')
    .description('narrate a logged fight, show the state after an event, or verify the log against the rules')
    .argument('<log>', 'event log (JSONL)')
    .option('--lang <lang>', 'narration language: en or fr', 'en')
    .option('--at <n>', 'show the map and state after event N')
    .option('--json', 'with --at, print the state as JSON')
    .option('--verify', 're-decide every command with the recorded dice and check every event')
    .action((file: string, opts: ReplayOptions) => replayCommand(file, opts, out, warn));
  cli
    .command('fork')
    .description('what if: replay a log up to event N, give another command, and play the fight on')
    .argument('<log>', 'event log (JSONL)')
    .requiredOption('--at <n>', 'fork after event N (at the command boundary at or before it)')
    .requiredOption('--command <json>', 'the new command, as a scenario step: {"actor":"orc","action":"withdraw","path":[[4,2]]}')
    .option('--seed <seed>', 'seed for the dice after the fork (default: the log\'s own streams)')
    .option('--max-rounds <n>', 'stop as a draw after this many rounds', '100')
    .action((file: string, opts: ForkOptions) => forkCommand(file, opts, out));
  cli
    .command('explain')
    .description('say why an event happened (facts and rule IDs); --why-not on a move: which foes got no opportunity and why')
    .argument('<log>', 'event log (JSONL)')
    .requiredOption('--event <n>', 'the event number (seq)')
    .option('--why-not', 'explain what did not happen')
    .action((file: string, opts: { event: string; whyNot?: boolean }) => explainCommand(file, opts, out));
  cli
    .command('view')
    .description('write a logged fight as one self-contained HTML page: grid, timeline, narration, threatened squares')
    .argument('<log>', 'event log (JSONL)')
    .option('-o, --output <file>', 'the HTML file to write', 'replay.html')
    .option('--lang <lang>', 'narration language: en or fr', 'en')
    .action((file: string, opts: ViewCommandOptions) => viewCommand(file, opts, out, warn));
  cli
    .command('serve')
    .description('play one side of an encounter from another program: JSON lines on stdin/stdout (docs/protocol.md)')
    .argument('<encounter>', 'encounter JSON file')
    .option('--stdio', 'speak the protocol on stdin (client messages) and stdout (engine messages)')
    .requiredOption('--control <side>', 'the side the client plays')
    .option('--seed <seed>', 'seed for the dice', '1')
    .option('--timeout <ms>', 'how long the client has to answer each request before a bot takes over', '5000')
    .option('--opponent <bot>', 'the built-in bot playing the other side(s)', 'brute')
    .option('--max-rounds <n>', 'stop as a draw after this many rounds', '100')
    .option('--log <file>', 'write the event log (JSONL), each line as it happens')
    .action(async (file: string, opts: import('../protocol/serve-command.ts').ServeCommandOptions) =>
      (await import('../protocol/serve-command.ts')).serveCommand(file, opts, warn));
  cli
    .command('versus')
    .description('a bot tournament: win rates with 95% intervals')
    .argument('<encounter>', 'encounter JSON file')
    .option('--heroes <bot>', 'bot for the heroes side', 'brute')
    .option('--monsters <bot>', 'bot for the monsters side', 'brute')
    .option('--runs <n>', 'number of fights', '100')
    .option('--seed <seed>', 'seed of the study (each run derives its own)', '1')
    .option('--workers <k>', 'worker threads (default: one per core)')
    .option('--max-rounds <n>', 'a fight still going after this many rounds is a draw', '100')
    .option('--json <file>', 'write the report as JSON (the montecarlo format)')
    .action((file: string, opts: VersusOptions) => versusCommand(file, opts, out));
  cli
    .command('montecarlo')
    .description('a balance study: N seeded fights, win rates with 95% intervals, rounds, damage, per-combatant figures')
    .argument('<encounter>', 'encounter JSON file')
    .option('--runs <n>', 'number of fights', '1000')
    .option('--seed <seed>', 'seed of the study (each run derives its own from it and its index)', '1')
    .option('--workers <k>', 'worker threads (default: one per core)')
    .option('--heroes <bot>', 'bot for the heroes side', 'brute')
    .option('--monsters <bot>', 'bot for the monsters side', 'brute')
    .option('--max-rounds <n>', 'a fight still going after this many rounds is a draw', '100')
    .option('--shard <i/n>', 'run only shard i of n (0-based); merge the shards with d20sim merge')
    .option('--json <file>', 'write the report as JSON')
    .option('--html <file>', 'write a self-contained HTML report with charts')
    .action((file: string, opts: MonteCarloOptions) => monteCarloCommand(file, opts, out));
  cli
    .command('merge')
    .description('merge the --json files of montecarlo shards into the report of the whole study')
    .argument('<files...>', 'montecarlo --json files')
    .option('--json <file>', 'write the merged report here (default: stdout)')
    .option('--html <file>', 'write the merged HTML report')
    .action((files: string[], opts: { json?: string; html?: string }) => mergeCommand(files, opts, out));
  return cli;
}

// A reader that closes the pipe early (`| head`) is not an error.
const quietOnClosedPipe = (e: NodeJS.ErrnoException): void => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
};

export async function main(argv: readonly string[]): Promise<number> {
  process.stdout.on('error', quietOnClosedPipe);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    await program(out, (line) => process.stderr.write(`d20sim: ${line}\n`)).parseAsync([...argv]);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (isCliFailure(e)) {
      process.stderr.write(`d20sim: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
