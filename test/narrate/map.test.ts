import { describe, it, expect } from 'vitest';
import { initialState } from '../../src/engine/initial.ts';
import { creatureTokens, renderMap } from '../../src/narrate/map.ts';
import type { CombatState, TurnState } from '../../src/model/state.ts';
import { encounter, fighter, orc, type RawCombatant } from '../support/encounters.ts';

const turnOf = (actor: string): TurnState => ({
  actor, surprise: false, limited: false, standardLeft: true, moveLeft: true, moved: false, stepped: false,
  movementOpportunities: [], over: false,
});

const glaive = { name: 'glaive', kind: 'melee', bonus: [8], damage: '1d10+4', reachWeapon: true };

function stateOf(combatants: RawCombatant[], map: Record<string, unknown> = { width: 6, height: 5 }): CombatState {
  return initialState(encounter(combatants, { map }));
}

const onTurn = (state: CombatState, actor: string): CombatState =>
  ({ ...state, phase: 'regular', round: 1, turn: turnOf(actor) });

/** The grid rows of a rendering (after the blank line following the header), column header excluded. */
const gridRows = (text: string): string[] => {
  const lines = text.split('\n');
  const end = lines.indexOf('', 2);
  return lines.slice(3, end);
};

describe('renderMap: grid', () => {
  it('THR-1: a Medium fighter at [2,2] marks its 8 neighbours and shows its own token', () => {
    const text = renderMap(onTurn(stateOf([fighter()]), 'fighter'));
    expect(text.split('\n').slice(2, 8)).toEqual([
      '  0 1 2 3 4 5',
      '0 . . . . . .',
      '1 . * * * . .',
      '2 . * F * . .',
      '3 . * * * . .',
      '4 . . . . . .',
    ]);
  });

  it('shows a threatened foe by its token, not `*`', () => {
    const rows = gridRows(renderMap(onTurn(stateOf([fighter(), orc()]), 'fighter')));
    expect(rows[2]).toBe('2 . * F O . .');
  });

  it('THR-4: a glaive wielder threatens the ring at 10 ft, not the adjacent squares', () => {
    const state = stateOf([fighter({ attacks: [glaive] })], { width: 7, height: 7 });
    const rows = gridRows(renderMap(state, { focus: 'fighter' }));
    expect(rows).toEqual([
      '0 * * * * * . .',
      '1 * . . . * . .',
      '2 * . F . * . .',
      '3 * . . . * . .',
      '4 * * * * * . .',
      '5 . . . . . . .',
      '6 . . . . . . .',
    ]);
  });

  it('a Large creature fills its 2x2 space with its token', () => {
    const state = stateOf([fighter(), orc({ id: 'ogre', size: 'large', at: [4, 3] })]);
    const rows = gridRows(renderMap(state, { focus: null }));
    expect(rows[2]).toBe('2 . . F . . .');
    expect(rows[3]).toBe('3 . . . . O O');
    expect(rows[4]).toBe('4 . . . . O O');
  });

  it('shows blocked squares as `#` and difficult squares as `~`', () => {
    const state = stateOf([fighter({ at: [5, 4] })], { width: 6, height: 5, blocked: [[0, 0], [1, 0]], difficult: [[0, 4]] });
    const rows = gridRows(renderMap(state, { focus: null }));
    expect(rows[0]).toBe('0 # # . . . .');
    expect(rows[4]).toBe('4 ~ . . . . F');
  });

  it('marks nothing without a turn or focus; the focus option overrides the actor', () => {
    const state = stateOf([fighter(), orc({ at: [5, 0] })]);
    expect(gridRows(renderMap(state)).join('\n')).not.toContain('*');
    const rows = gridRows(renderMap(onTurn(state, 'fighter'), { focus: 'orc' }));
    expect(rows[0]).toBe('0 . . . . * O');
    expect(rows[1]).toBe('1 . . . . * *');
    expect(gridRows(renderMap(onTurn(state, 'fighter'), { focus: null })).join('\n')).not.toContain('*');
  });

  it('shows dead creatures as `x`, and a dead creature threatens nothing', () => {
    const state = onTurn(stateOf([fighter(), orc({ hp: -10, maxHp: 5 })]), 'orc');
    const rows = gridRows(renderMap(state));
    expect(rows[2]).toBe('2 . . F x . .');
    expect(rows.join('\n')).not.toContain('*');
  });

  it('widens cells when column numbers have two digits', () => {
    const state = stateOf([fighter({ at: [10, 0] })], { width: 12, height: 2 });
    const lines = renderMap(state).split('\n');
    expect(lines[2]).toBe('   0  1  2  3  4  5  6  7  8  9 10 11');
    expect(lines[3]).toBe('0  .  .  .  .  .  .  .  .  .  .  F  .');
  });
});

describe('renderMap: header', () => {
  it('names the round, the actor and the phase', () => {
    const state = stateOf([fighter(), orc()]);
    expect(renderMap(state).split('\n')[0]).toBe('Round 0 | no turn | phase: setup');
    expect(renderMap(onTurn(state, 'orc')).split('\n')[0]).toBe('Round 1 | turn: orc | phase: regular');
    const surprise: CombatState = { ...state, phase: 'surprise', round: 0, turn: { ...turnOf('fighter'), surprise: true, limited: true } };
    expect(renderMap(surprise).split('\n')[0]).toBe('Round 0 (surprise round) | turn: fighter | phase: surprise');
    const ended: CombatState = { ...state, phase: 'ended', round: 3, winner: 'heroes' };
    expect(renderMap(ended).split('\n')[0]).toBe('Round 3 | no turn | phase: ended, winner: heroes');
  });
});

describe('renderMap: legend', () => {
  it('lists token, name, side, position, hp, hp state, flat-footed, AoO left and conditions; marks the focus', () => {
    const base = stateOf([fighter({ name: 'Sir Kay' }), orc({ conditions: ['prone'] })]);
    const state: CombatState = {
      ...onTurn(base, 'fighter'),
      creatures: { ...base.creatures, orc: { ...base.creatures['orc']!, hp: -3, flatFooted: false } },
    };
    const lines = renderMap(state).split('\n');
    const fighterLine = lines.find((l) => l.includes('Sir Kay'));
    const orcLine = lines.find((l) => l.includes('conditions: prone'));
    expect(fighterLine).toBe('> F  Sir Kay (fighter)  heroes    [2,2]  hp 38/38  fine   flat-footed  AoO left 1  conditions: none');
    expect(orcLine).toBe('  O  orc                monsters  [3,2]  hp -3/5   dying  -            AoO left 1  conditions: prone');
  });

  it('shows effects and nonlethal damage with the conditions', () => {
    const base = stateOf([fighter()]);
    const state: CombatState = {
      ...base,
      creatures: { fighter: { ...base.creatures['fighter']!, nonlethal: 4, effects: [{ kind: 'total-defense' }] } },
    };
    expect(renderMap(state)).toContain('conditions: total-defense, nonlethal 4');
  });

  it('gives every creature a unique token: first letters, then A, B, C... on a clash', () => {
    const state = stateOf([fighter(), orc(), orc({ id: 'orc-2', at: [4, 2] }), orc({ id: 'ogre', at: [5, 2] })]);
    expect([...creatureTokens(state).values()]).toEqual(['F', 'O', 'A', 'B']);
    expect(gridRows(renderMap(state))[2]).toBe('2 . . F O A B');
  });
});

describe('renderMap: purity', () => {
  it('is ASCII only, even for non-ASCII names, and deterministic', () => {
    const state = onTurn(stateOf([fighter({ name: 'Bj\u00f6rn \u2694' }), orc()]), 'fighter');
    const text = renderMap(state);
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    expect(text).toContain('Bj?rn ? (fighter)');
    expect(renderMap(state)).toBe(text);
  });

  it('throws on an unknown focus creature', () => {
    expect(() => renderMap(stateOf([fighter()]), { focus: 'nobody' })).toThrow(/unknown creature/);
  });
});
