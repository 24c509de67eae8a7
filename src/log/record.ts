// Whole fights recorded in memory as logs: a seeded run with the built-in bot, or a scripted scenario.
import { autoplay, type CommandChooser } from '../combat/autoplay.ts';
import { runScenario } from '../combat/scenario.ts';
import type { Scenario } from '../io/scenario.ts';
import type { Encounter } from '../model/stats.ts';
import type { CombatState } from '../model/state.ts';
import { LOG_FORMAT, type LogEntry, type LogHeader } from './format.ts';
import { memoryRecorder } from './recorder.ts';

export interface RecordedLog {
  readonly header: LogHeader;
  readonly lines: readonly LogEntry[];
  /** The live final state of the fight, to compare with its replay. */
  readonly final: CombatState;
}

export function recordRun(encounter: Encounter, seed: string, choose: CommandChooser, meta: { simulator: string; source: string; maxRounds?: number }): RecordedLog {
  const recorder = memoryRecorder();
  const { combat } = autoplay(encounter, { seed, choose, maxRounds: meta.maxRounds ?? 100, onEvent: recorder.event, onEntry: recorder.entry });
  const header: LogHeader = { format: LOG_FORMAT, simulator: meta.simulator, encounter, dice: { kind: 'seeded', seed }, initiative: null, source: meta.source };
  return { header, lines: recorder.lines, final: combat.state };
}

export function recordScenario(scenario: Scenario, meta: { simulator: string; source: string }): RecordedLog {
  const recorder = memoryRecorder();
  const { combat } = runScenario(scenario, { onEvent: recorder.event, onEntry: recorder.entry, onRollback: recorder.rollback });
  const header: LogHeader = {
    format: LOG_FORMAT, simulator: meta.simulator, encounter: scenario.encounter,
    dice: { kind: 'scripted', queues: scenario.dice.queues, fallback: scenario.dice.fallback }, initiative: scenario.initiative, source: meta.source,
  };
  return { header, lines: recorder.lines, final: combat.state };
}
