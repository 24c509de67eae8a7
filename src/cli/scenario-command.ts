// `d20sim scenario FILE...`: one summary line per file (SPEC.md).
import { runScenario } from '../combat/scenario.ts';
import { loadScenario } from '../io/scenario.ts';
import { badInput } from './errors.ts';
import { writeFileSync } from 'node:fs';
import { logText } from '../log/file.ts';
import { recordScenario, type RecordedLog } from '../log/record.ts';
import { simulatorVersion } from './version.ts';

export interface ScenarioOptions {
  /** Treat a rejected step as bad input (for logged table fights that must be valid). */
  readonly strict?: boolean;
  /** Write the fight as an event log (one scenario file only). */
  readonly log?: string;
}

export function scenarioCommand(files: readonly string[], options: ScenarioOptions, out: (line: string) => void): void {
  // Validate every file first, so a bad one prints no partial output.
  const scenarios = files.map((file) => {
    const loaded = loadScenario(file);
    if (!loaded.ok) throw badInput(loaded.error);
    return { file, scenario: loaded.value };
  });
  if (options.log && scenarios.length !== 1) throw badInput(`--log: expected exactly one scenario file, got ${scenarios.length}`);
  for (const { file, scenario } of scenarios) {
    const { summary } = runScenario(scenario);
    const first = summary.rejected[0];
    if (options.strict && first) throw badInput(`${file}: script[${first.step}]: step rejected (${first.code}): ${first.message}`);
    if (options.log) writeLog(options.log, recordScenario(scenario, { simulator: simulatorVersion(), source: file }));
    out(JSON.stringify(summary));
  }
}

/** A table fight's log: its recorded dice are the scenario's queues. */
function writeLog(path: string, log: RecordedLog): void {
  try {
    writeFileSync(path, logText(log.header, log.lines));
  } catch {
    throw badInput(`--log ${path}: cannot write the log file`);
  }
}
