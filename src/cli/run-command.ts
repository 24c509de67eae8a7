// `d20sim run ENCOUNTER [--seed N]`: a whole fight with the built-in bot, narrated blow by blow.
import { autoplay } from '../combat/autoplay.ts';
import { summarize } from '../combat/summary.ts';
import { closerCommand } from '../bots/closer.ts';
import { hpStateOf } from '../engine/queries.ts';
import { loadEncounter } from '../io/encounter.ts';
import { narrate } from '../narrate/english.ts';
import { badInput } from './errors.ts';
import { openLogFile, type LogFile } from '../log/file.ts';
import { LOG_FORMAT } from '../log/format.ts';
import { createRecorder } from '../log/recorder.ts';
import type { Encounter } from '../model/stats.ts';
import { simulatorVersion } from './version.ts';

export interface RunOptions {
  readonly seed: string;
  readonly maxRounds: string;
  readonly json?: boolean;
  readonly log?: string;
}

function openLog(path: string, encounter: Encounter, seed: string, source: string): LogFile {
  try {
    return openLogFile(path, { format: LOG_FORMAT, simulator: simulatorVersion(), encounter, dice: { kind: 'seeded', seed }, initiative: null, source });
  } catch {
    throw badInput(`--log ${path}: cannot write the log file`);
  }
}

export function runCommand(file: string, options: RunOptions, out: (line: string) => void): void {
  const loaded = loadEncounter(file);
  if (!loaded.ok) throw badInput(loaded.error);
  const maxRounds = Number(options.maxRounds);
  if (!Number.isInteger(maxRounds) || maxRounds < 1) throw badInput(`--max-rounds: expected a positive integer, got ${JSON.stringify(options.maxRounds)}`);
  const encounter = loaded.value;
  const narrateLive = !options.json;
  const logFile = options.log ? openLog(options.log, encounter, options.seed, file) : null;
  const recorder = logFile ? createRecorder(logFile.write) : null;
  if (narrateLive) out(`${encounter.name || file} (seed ${options.seed})`);
  const { combat, stopped } = autoplay(encounter, {
    seed: options.seed,
    choose: closerCommand,
    maxRounds,
    onEvent: (event, state) => {
      recorder?.event(event);
      const line = narrateLive ? narrate(event, state) : null;
      if (line) out(line);
    },
    ...(recorder ? { onEntry: recorder.entry } : {}),
  });
  logFile?.close();
  if (options.json) {
    out(JSON.stringify(summarize(combat.state, combat.events, [])));
    return;
  }
  if (stopped) out(`Stopped after ${maxRounds} rounds: a draw.`);
  out('Result:');
  for (const id of combat.state.listed) {
    const c = combat.state.creatures[id]!;
    out(`  ${combat.state.stats[id]!.name} (${combat.state.stats[id]!.side}): ${c.hp}/${combat.state.stats[id]!.maxHp} hp, ${hpStateOf(combat.state, id)}`);
  }
}
