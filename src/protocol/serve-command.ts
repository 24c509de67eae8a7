// `d20sim serve ENCOUNTER --stdio --control SIDE`: the protocol server on stdin/stdout (docs/protocol.md).
import { badInput } from '../cli/errors.ts';
import { simulatorVersion } from '../cli/version.ts';
import { loadEncounter } from '../io/encounter.ts';
import { openLogFile, type LogFile } from '../log/file.ts';
import { LOG_FORMAT } from '../log/format.ts';
import { createRecorder } from '../log/recorder.ts';
import { BOT_NAMES, isBotName } from '../bots/registry.ts';
import { serve, sideError } from './server.ts';

export interface ServeCommandOptions {
  readonly stdio?: boolean;
  readonly control: string;
  readonly seed: string;
  readonly timeout: string;
  readonly opponent: string;
  readonly maxRounds: string;
  readonly log?: string;
}

const positiveInteger = (flag: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw badInput(`${flag}: expected a positive integer, got ${JSON.stringify(text)}`);
  return n;
};

export async function serveCommand(file: string, options: ServeCommandOptions, warn: (line: string) => void): Promise<void> {
  if (!options.stdio) throw badInput('serve: expected --stdio (the only transport: JSON lines on stdin/stdout)');
  const loaded = loadEncounter(file);
  if (!loaded.ok) throw badInput(loaded.error);
  const encounter = loaded.value;
  const problem = sideError(encounter, options.control);
  if (problem) throw badInput(`--control: ${problem}`);
  const timeoutMs = positiveInteger('--timeout', options.timeout);
  const maxRounds = positiveInteger('--max-rounds', options.maxRounds);
  const opponent = options.opponent;
  if (!isBotName(opponent)) {
    throw badInput(`--opponent: expected one of ${BOT_NAMES.join('|')}, got ${JSON.stringify(options.opponent)}`);
  }
  let logFile: LogFile | null = null;
  if (options.log) {
    try {
      logFile = openLogFile(options.log, {
        format: LOG_FORMAT, simulator: simulatorVersion(), encounter, dice: { kind: 'seeded', seed: options.seed }, initiative: null, source: file,
      });
    } catch {
      throw badInput(`--log ${options.log}: cannot write the log file`);
    }
  }
  // A client that exits closes our stdout: the fight still goes on to the end (and the log), so EPIPE is not fatal here.
  for (const listener of process.stdout.listeners('error')) process.stdout.off('error', listener as (e: Error) => void);
  process.stdout.on('error', () => {});
  try {
    await serve(
      encounter,
      {
        side: options.control, seed: options.seed, timeoutMs, maxRounds, opponent,
        recorder: logFile ? createRecorder(logFile.write) : null, onNotice: warn,
      },
      { input: process.stdin, output: process.stdout },
    );
  } finally {
    logFile?.close();
    process.stdin.destroy(); // nothing more to read: let the process exit
  }
}
