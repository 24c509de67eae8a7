// `d20sim scenario FILE...`: one summary line per file (SPEC.md).
import { runScenario } from '../combat/scenario.ts';
import { loadScenario } from '../io/scenario.ts';
import { badInput } from './errors.ts';

export interface ScenarioOptions {
  /** Treat a rejected step as bad input (for logged table fights that must be valid). */
  readonly strict?: boolean;
}

export function scenarioCommand(files: readonly string[], options: ScenarioOptions, out: (line: string) => void): void {
  // Validate every file first, so a bad one prints no partial output.
  const scenarios = files.map((file) => {
    const loaded = loadScenario(file);
    if (!loaded.ok) throw badInput(loaded.error);
    return { file, scenario: loaded.value };
  });
  for (const { file, scenario } of scenarios) {
    const { summary } = runScenario(scenario);
    const first = summary.rejected[0];
    if (options.strict && first) throw badInput(`${file}: script[${first.step}]: step rejected (${first.code}): ${first.message}`);
    out(JSON.stringify(summary));
  }
}
