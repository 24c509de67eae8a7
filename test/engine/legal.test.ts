// legalCommands: what a creature may do now, with the opportunities each would provoke (PROV-1, AVOID-1..3).
import { describe, expect, it } from 'vitest';
import { createCombat } from '../../src/combat/combat.ts';
import { scriptedDice } from '../../src/dice/scripted.ts';
import { legalCommands } from '../../src/engine/legal.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';

const setup = (orcFeats: string[] = ['combat-reflexes']) =>
  createCombat(encounter([fighter({ id: 'rogue', skills: { tumble: 8 } }), orc({ feats: orcFeats })]), {
    dice: scriptedDice({}),
    initiative: ['rogue', 'orc'],
  });

describe('legalCommands (PROV-1, AVOID-1, AVOID-2, AVOID-3)', () => {
  it('lists moves with the foes they provoke, safe 5-foot steps, withdraws, tumbles and attacks', () => {
    const legal = legalCommands(setup().state);
    const types = new Set(legal.map((l) => l.command.type));
    for (const t of ['Move', 'FiveFootStep', 'Withdraw', 'Tumble', 'Attack', 'EndTurn', 'TotalDefense']) expect(types).toContain(t);
    const away = legal.find((l) => l.command.type === 'Move' && l.command.path.length === 1 && l.command.path[0]![0] === 1);
    expect(away?.provokes).toEqual(['orc']);
    expect(legal.filter((l) => l.command.type === 'FiveFootStep').every((l) => l.provokes.length === 0)).toBe(true);
    const withdraw = legal.find((l) => l.command.type === 'Withdraw' && l.command.path.length === 1);
    expect(withdraw?.provokes).toEqual([]);
  });

  it('offers no movement after a 5-foot step, and no 5-foot step after a move', () => {
    const a = setup();
    a.send({ type: 'FiveFootStep', actor: 'rogue', to: [1, 2] });
    expect(legalCommands(a.state).some((l) => ['Move', 'Tumble', 'FiveFootStep', 'Withdraw'].includes(l.command.type))).toBe(false);
    const b = setup([]); // a flat-footed orc without Combat Reflexes: the move provokes nothing
    expect(b.send({ type: 'Move', actor: 'rogue', path: [[2, 3]] }).ok).toBe(true);
    expect(legalCommands(b.state).some((l) => l.command.type === 'FiveFootStep')).toBe(false);
  });
});
