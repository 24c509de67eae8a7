// The step form on the wire: every legal command survives toStep → StepSchema → the scenario parser unchanged.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCombat } from '../../src/combat/combat.ts';
import { legalCommands } from '../../src/engine/legal.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { STEP_ACTIONS, type Command } from '../../src/model/commands.ts';
import { fromStep, StepSchema, toStep } from '../../src/protocol/step.ts';
import { encounter, fighter, orc, wizard } from '../support/encounters.ts';

const roundTrip = (command: Command) => {
  const step = toStep(command);
  expect(StepSchema.safeParse(step).error).toBeUndefined();
  expect(fromStep(JSON.parse(JSON.stringify(step)), 'command')).toEqual({ ok: true, command });
};

describe('the step form', () => {
  it('has one schema option per SPEC step action', () => {
    expect(StepSchema.options.map((o) => o.shape.action.value).sort()).toEqual(Object.keys(STEP_ACTIONS).sort());
  });

  const dir = new URL('../../fixtures/encounters/', import.meta.url).pathname;
  it.each(readdirSync(dir).filter((f) => f.endsWith('.json')))('round-trips every legal command at the start of %s', (file) => {
    const loaded = loadEncounter(`${dir}${file}`);
    if (!loaded.ok) throw new Error(loaded.error);
    const combat = createCombat(loaded.value, { seed: 1 });
    const legal = legalCommands(combat.state);
    expect(legal.length).toBeGreaterThan(0);
    for (const { command } of legal) roundTrip(command);
  });

  it('round-trips attacks, spells and maneuvers in reach', () => {
    const combat = createCombat(encounter([wizard({ at: [2, 2], init: 20 }), fighter({ at: [4, 2] }), orc({ at: [3, 2], side: 'monsters' })]), { seed: 1 });
    const legal = legalCommands(combat.state).map((l) => l.command);
    expect([...new Set(legal.map((c) => c.type))]).toEqual(expect.arrayContaining(['Attack', 'CastSpell', 'Trip', 'Disarm', 'FiveFootStep', 'Move', 'Withdraw', 'EndTurn']));
    for (const command of legal) roundTrip(command);
  });

  it('round-trips the commands legalCommands never lists', () => {
    const samples: Command[] = [
      { type: 'Tumble', actor: 'a', path: [[1, 2]], through: true },
      { type: 'SpringAttack', actor: 'a', path: [[1, 2]], target: 'b', then: [[1, 3]], powerAttack: 2 },
      { type: 'FullAttack', actor: 'a', targets: ['b', 'c'], with: 'claw', stepAfter: [4, 4], powerAttack: 0, nonlethal: true },
      { type: 'Attack', actor: 'a', target: 'b', with: null, powerAttack: 0, manyshot: true },
      { type: 'IgnoreFlanker', actor: 'a', target: 'b' },
      { type: 'DrinkPotion', actor: 'a' },
      { type: 'StandUp', actor: 'a' },
    ];
    for (const command of samples) roundTrip(command);
  });
});
