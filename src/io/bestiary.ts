// The bestiary: stat blocks in fixtures/creatures/<name>.json, pulled into encounters by `"use": "<name>"`.
import { existsSync, readdirSync } from 'node:fs';
import { fromRoot } from '../paths.ts';
import { readJsonFile } from './json-file.ts';
import { fail, inputError, ok, type InputResult } from './result.ts';

/** fixtures/creatures of the project root (this file lives in src/io). */
export const CREATURES_DIR = `${fromRoot('fixtures', 'creatures')}/`;

const NAME = /^[a-z0-9-]+$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names of the bundled creatures (file names without .json), sorted. */
export function creatureNames(): string[] {
  if (!existsSync(CREATURES_DIR)) return [];
  return readdirSync(CREATURES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((n) => NAME.test(n))
    .sort();
}

const expectedCreature = (): string => `expected a creature of fixtures/creatures (${creatureNames().join(', ')})`;

/** The stat block of fixtures/creatures/<name>.json, without id, side and at. */
export function loadCreature(name: string): InputResult<Record<string, unknown>> {
  if (!NAME.test(name) || !creatureNames().includes(name)) {
    return fail(`unknown creature ${JSON.stringify(name)}: ${expectedCreature()}`);
  }
  const path = `${CREATURES_DIR}${name}.json`;
  const data = readJsonFile(path);
  if (!data.ok) return data;
  if (!isRecord(data.value)) return fail(inputError(path, '', [], 'expected a stat block object', data.value));
  return ok(data.value);
}

/**
 * The encounter with every `"use": "<creature>"` combatant replaced by the creature's stat block
 * shallow-merged with the combatant's own fields (they win; `attacks` replaces the whole list).
 * When several combatants use one creature and give no `name`, they are numbered ("Orc 1", "Orc 2").
 * Anything that is not shaped like an encounter is returned as is, for the schema to report.
 */
export function expandUses(encounterData: unknown, file: string, basePath: string): InputResult<unknown> {
  if (!isRecord(encounterData) || !Array.isArray(encounterData['combatants'])) return ok(encounterData);
  const combatants: unknown[] = encounterData['combatants'];
  if (!combatants.some((c) => isRecord(c) && Object.hasOwn(c, 'use'))) return ok(encounterData);

  const uses = new Map<string, number>();
  for (const c of combatants) {
    if (isRecord(c) && typeof c['use'] === 'string' && !Object.hasOwn(c, 'name')) {
      uses.set(c['use'], (uses.get(c['use']) ?? 0) + 1);
    }
  }
  const numbered = new Map<string, number>();
  const expanded: unknown[] = [];
  for (const [index, c] of combatants.entries()) {
    if (!isRecord(c) || !Object.hasOwn(c, 'use')) {
      expanded.push(c);
      continue;
    }
    const { use, ...overrides } = c;
    const path = ['combatants', index, 'use'];
    if (typeof use !== 'string') return fail(inputError(file, basePath, path, 'expected a creature name (string)', use));
    const creature = NAME.test(use) && creatureNames().includes(use) ? loadCreature(use) : null;
    if (creature === null) return fail(inputError(file, basePath, path, expectedCreature(), use));
    if (!creature.ok) return creature;
    const { notes: _notes, ...block } = creature.value;
    const merged: Record<string, unknown> = { ...block, ...overrides };
    if (!Object.hasOwn(overrides, 'name') && (uses.get(use) ?? 0) > 1) {
      const n = (numbered.get(use) ?? 0) + 1;
      numbered.set(use, n);
      merged['name'] = `${typeof block['name'] === 'string' ? block['name'] : use} ${n}`;
    }
    expanded.push(merged);
  }
  return ok({ ...encounterData, combatants: expanded });
}
