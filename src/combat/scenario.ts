// Runs a scripted scenario (SPEC.md) through the machines and summarizes it.
import { scriptedDice } from '../dice/scripted.ts';
import type { Scenario } from '../io/scenario.ts';
import { statsOf } from '../engine/queries.ts';
import { createCombat, type Combat, type CombatOptions } from './combat.ts';
import { summarize, type Summary } from './summary.ts';

export interface ScenarioRun {
  readonly combat: Combat;
  readonly summary: Summary;
}

export interface ScenarioHooks {
  readonly onEvent?: CombatOptions['onEvent'];
  readonly onEntry?: CombatOptions['onEntry'];
  readonly onRollback?: CombatOptions['onRollback'];
}

export function runScenario(scenario: Scenario, hooks: ScenarioHooks = {}): ScenarioRun {
  const dice = scriptedDice(scenario.dice.queues, scenario.dice.fallback);
  const combat = createCombat(scenario.encounter, {
    ...hooks,
    dice,
    initiative: scenario.initiative,
    // SPEC `aoo`: each creature's scripted answer to AOO-4.
    onOpportunity: (prompt, state) => {
      const stats = statsOf(state, prompt.reactor);
      return { take: stats.aooPolicy === 'always', with: stats.aooWith };
    },
  });
  const rejected: Summary['rejected'] = [];
  for (const step of scenario.script) {
    const result = combat.send(step.command);
    if (result.ok) continue;
    rejected.push({ step: step.index, code: result.rejection.code, message: result.rejection.message });
    if (result.rejection.code === 'dice-exhausted') break; // SPEC: no later step runs
  }
  return { combat, summary: summarize(combat.state, combat.events, rejected) };
}

