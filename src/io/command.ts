// A command given as JSON on the command line or by a program: SPEC step form ({ "actor", "action", ... }).
import { parseScenarioStep } from './scenario.ts';
import type { Command } from '../model/commands.ts';
import { fail, type InputResult } from './result.ts';

export function parseCommandJson(text: string, where: string): InputResult<Command> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail(`${where}: invalid JSON: expected a step like {"actor":"orc","action":"move","path":[[4,2]]}`);
  }
  const step = parseScenarioStep(data, where);
  return step.ok ? { ok: true, value: step.value } : step;
}
