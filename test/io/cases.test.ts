import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/io/scenario.ts';

const casesDir = fileURLToPath(new URL('../../../shared/conformance/cases/', import.meta.url));
const caseFiles = readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort();

describe('public conformance cases', () => {
  it('has cases to read', () => {
    expect(caseFiles.length).toBeGreaterThan(0);
  });

  it.each(caseFiles)('%s parses', (name) => {
    const result = loadScenario(casesDir + name);
    expect(result.ok ? 'ok' : result.error).toBe('ok');
  });

  it('maps steps to commands and keeps the dice queues', () => {
    const result = loadScenario(`${casesDir}p07-cast-defensively.json`);
    if (!result.ok) throw new Error(result.error);
    const s = result.value;
    expect(s.initiative).toEqual(['orc', 'wizard']);
    expect(s.dice.queues[20]).toEqual([5]);
    expect(s.dice.queues[6]).toEqual([]);
    expect(s.dice.fallback).toBeNull();
    expect(s.script[1]).toEqual({
      index: 1,
      command: { type: 'CastSpell', actor: 'wizard', spell: 'magic-missile', target: 'orc', at: null, defensively: true },
    });
    const wizard = s.encounter.combatants[0];
    expect(wizard?.spells).toEqual({ 'magic-missile': 2, 'acid-arrow': 1, 'shocking-grasp': 1 });
    expect(wizard?.stats.skills).toEqual({ tumble: 0, concentration: 8 });
  });
});
