// Real fights and scripted scenarios for tests that look at whole event logs (narration, viewers).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { autoplay } from '../../src/combat/autoplay.ts';
import type { Combat } from '../../src/combat/combat.ts';
import { runScenario } from '../../src/combat/scenario.ts';
import { closerCommand } from '../../src/bots/closer.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { loadScenario } from '../../src/io/scenario.ts';

const root = new URL('../../', import.meta.url);
export const scenarioDir = fileURLToPath(new URL('fixtures/scenarios/', root));

/** A bundled encounter fought to the end by the built-in bot. */
export function fight(seed: number, encounter = 'skirmish-4v4'): Combat {
  const loaded = loadEncounter(fileURLToPath(new URL(`fixtures/encounters/${encounter}.json`, root)));
  if (!loaded.ok) throw new Error(loaded.error);
  return autoplay(loaded.value, { seed, choose: closerCommand }).combat;
}

/** A scenario of fixtures/scenarios, run as scripted. */
export function scenario(file: string): Combat {
  const loaded = loadScenario(scenarioDir + file);
  if (!loaded.ok) throw new Error(loaded.error);
  return runScenario(loaded.value).combat;
}

/** Every scenario file that is not marked pending. */
export const scenarioFiles = readdirSync(scenarioDir)
  .filter((f) => f.endsWith('.json'))
  .filter((f) => (JSON.parse(readFileSync(scenarioDir + f, 'utf8')) as { pending?: boolean }).pending !== true)
  .sort();
