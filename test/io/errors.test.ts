import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEncounter } from '../../src/io/encounter.ts';
import { firstSyntaxError, parseJsonText, readJsonFile } from '../../src/io/json-file.ts';
import type { InputResult } from '../../src/io/result.ts';
import { loadScenario, parseScenario } from '../../src/io/scenario.ts';
import { combatant, encounter, scenario } from './fixtures.ts';

/** The error of a failed result, checked to be one line without stack frames. */
function errorOf<T>(result: InputResult<T>): string {
  if (result.ok) throw new Error('expected an error');
  expect(result.error).not.toContain('\n');
  expect(result.error).not.toContain('    at ');
  return result.error;
}

const encounterError = (data: unknown): string => errorOf(parseEncounter(data, 'e.json'));
const scenarioError = (extra: Record<string, unknown>): string => errorOf(parseScenario(scenario(extra), 's.json'));
const withOrc = (extra: Record<string, unknown>, map: Record<string, unknown> = {}): unknown =>
  encounter([combatant('orc', [1, 1], extra)], map);

describe('JSON errors', () => {
  it('gives line and column of a syntax error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'd20sim-io-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{\n  "format": "d20sim/scenario@1",\n  "script": [x]\n}\n');
    expect(errorOf(loadScenario(file))).toBe(`${file}:3:14: invalid JSON: Unexpected token 'x'`);
  });

  it('uses the position V8 reports when it gives one', () => {
    expect(errorOf(parseJsonText('{"a": 1', 'f.json'))).toBe(
      "f.json:1:8: invalid JSON: Expected ',' or '}' after property value",
    );
    expect(errorOf(parseJsonText('', 'f.json'))).toBe('f.json:1:1: invalid JSON: Unexpected end of JSON input');
  });

  it('finds the offending offset itself when V8 gives none', () => {
    expect(firstSyntaxError('[1, 2, ]')).toBe(7);
    expect(firstSyntaxError('{"a": tru}')).toBe(9);
    expect(firstSyntaxError('{"a": "\\q"}')).toBe(7);
    expect(firstSyntaxError('{"a": [1, {"b": null}]}')).toBe(23);
  });

  it('says when a file cannot be read', () => {
    expect(errorOf(readJsonFile('/nonexistent/x.json'))).toBe(
      '/nonexistent/x.json: cannot read file: no such file or directory',
    );
  });
});

describe('encounter format errors name the file and JSON path', () => {
  it('a wrong type', () => {
    expect(encounterError(withOrc({ ac: { total: '12', touch: 10, flatFooted: 12 } }))).toBe(
      'e.json: combatants[0].ac.total: expected number, got "12"',
    );
  });

  it('a missing required field', () => {
    expect(encounterError(withOrc({ hp: undefined }))).toBe(
      'e.json: combatants[0].hp: required field missing (expected number)',
    );
  });

  it('a combatant on a blocked square', () => {
    expect(encounterError(withOrc({ at: [5, 3] }, { blocked: [[5, 3]] }))).toBe(
      'e.json: combatants[0].at: expected a square clear of blocked squares (5,3 is blocked), got [5,3]',
    );
  });

  it('a combatant outside the map, counting a large creature\'s whole space', () => {
    expect(encounterError(withOrc({ at: [12, 3] }))).toBe(
      'e.json: combatants[0].at: expected a square inside the 12x8 map, got [12,3]',
    );
    expect(encounterError(withOrc({ at: [11, 3], size: 'large' }))).toBe(
      "e.json: combatants[0].at: expected a large creature's 2x2 space inside the 12x8 map, got [11,3]",
    );
  });

  it('overlapping creatures', () => {
    const data = encounter([combatant('orc', [1, 1]), combatant('ogre', [0, 0], { size: 'large' })]);
    expect(encounterError(data)).toBe(
      'e.json: combatants[1].at: expected a large creature\'s 2x2 space not overlapping "orc" (at 1,1), got [0,0]',
    );
  });

  it('a duplicate id', () => {
    expect(encounterError(encounter([combatant('orc', [1, 1]), combatant('orc', [2, 2])]))).toBe(
      'e.json: combatants[1].id: expected an id not used by another combatant, got "orc"',
    );
  });

  it('a bad dice expression', () => {
    const attacks = [{ name: 'axe', kind: 'melee', bonus: [1], damage: '1d7' }];
    expect(encounterError(withOrc({ attacks }))).toBe(
      'e.json: combatants[0].attacks[0].damage: expected a dice expression NdM, NdM+K or NdM-K ' +
        '(M one of 2|3|4|6|8|10|12|20|100), got "1d7"',
    );
  });

  it('an empty bonus list, a bad crit range, an unknown feat or condition', () => {
    const attack = { name: 'axe', kind: 'melee', bonus: [1], damage: '1d6' };
    expect(encounterError(withOrc({ attacks: [{ ...attack, bonus: [] }] }))).toBe(
      'e.json: combatants[0].attacks[0].bonus: expected at least one attack bonus, got []',
    );
    expect(encounterError(withOrc({ attacks: [{ ...attack, crit: { range: 1 } }] }))).toBe(
      'e.json: combatants[0].attacks[0].crit.range: expected an integer from 2 to 20, got 1',
    );
    expect(encounterError(withOrc({ feats: ['cleave'] }))).toMatch(
      /^e\.json: combatants\[0\]\.feats\[0\]: expected one of combat-reflexes\|.*, got "cleave"$/,
    );
    expect(encounterError(withOrc({ conditions: ['sleepy'] }))).toMatch(/holding-charge:<spell id>, got "sleepy"$/);
  });

  it('a wrong format tag and no combatants', () => {
    expect(encounterError({ ...withOrc({}) as object, format: 'd20sim/encounter@2' })).toBe(
      'e.json: format: expected "d20sim/encounter@1", got "d20sim/encounter@2"',
    );
    expect(encounterError(encounter([]))).toBe('e.json: combatants: expected at least one combatant, got []');
  });
});

describe('scenario format errors', () => {
  it('prefixes encounter paths with "encounter"', () => {
    const bad = scenario({ encounter: withOrc({ ac: { total: '12', touch: 10, flatFooted: 12 } }) });
    expect(errorOf(parseScenario(bad, 's.json'))).toBe('s.json: encounter.combatants[0].ac.total: expected number, got "12"');
  });

  it('an unknown action', () => {
    const script = [{ actor: 'orc', action: 'end-turn' }, { actor: 'orc', action: 'fly' }];
    expect(scenarioError({ script })).toMatch(
      /^s\.json: script\[1\]\.action: expected one of move\|five-foot-step\|.*\|end-turn, got "fly"$/,
    );
  });

  it('a missing step field', () => {
    expect(scenarioError({ script: [{ actor: 'orc', action: 'attack' }] })).toBe(
      's.json: script[0].target: required field missing (expected string)',
    );
  });

  it('initiative naming an unknown id, or not every combatant once', () => {
    expect(scenarioError({ initiative: ['fighter', 'goblin'] })).toBe(
      's.json: initiative[1]: expected a combatant id (fighter|orc), got "goblin"',
    );
    expect(scenarioError({ initiative: ['fighter', 'fighter'] })).toBe(
      's.json: initiative[1]: expected each combatant id once, got "fighter"',
    );
    expect(scenarioError({ initiative: ['fighter'] })).toBe(
      's.json: initiative: expected every combatant id once (missing orc), got ["fighter"]',
    );
  });

  it('a die value the die cannot roll', () => {
    expect(scenarioError({ dice: { d6: [1, 7] } })).toBe('s.json: dice.d6[1]: expected an integer from 1 to 6, got 7');
  });
});

describe('what the engine rejects later is not a format error', () => {
  it('parses steps naming strangers or blocked squares', () => {
    const script = [
      { actor: 'ghost', action: 'move', path: [[5, 3]] },
      { actor: 'orc', action: 'full-attack', target: 'nobody' },
    ];
    const data = scenario({ script });
    (data['encounter'] as { map: object }).map = { width: 12, height: 8, blocked: [[5, 3]] };
    const result = parseScenario(data, 's.json');
    if (!result.ok) throw new Error(result.error);
    expect(result.value.script.map((s) => s.command)).toEqual([
      { type: 'Move', actor: 'ghost', path: [[5, 3]] },
      { type: 'FullAttack', actor: 'orc', targets: ['nobody'], with: null, stepAfter: null, powerAttack: 0 },
    ]);
  });
});
