// English narration: every event of real fights and scripted scenarios narrates without throwing, and the
// rule-relevant lines (attacks of opportunity, 5-foot steps, flat-footed targets, spells) say what happened.
import { describe, expect, it } from 'vitest';
import type { Combat } from '../../src/combat/combat.ts';
import type { CombatEvent, EventOf } from '../../src/model/events.ts';
import { narrate } from '../../src/narrate/english.ts';
import { fight, scenario, scenarioFiles } from '../support/fights.ts';

const only = <T extends CombatEvent['type']>(combat: Combat, type: T): EventOf<T>[] =>
  combat.events.filter((e): e is EventOf<T> => e.type === type);

const english = (combat: Combat, event: CombatEvent): string => {
  const line = narrate(event, combat.state);
  if (line === null) throw new Error(`no narration for ${event.type}`);
  return line;
};

/** Events that are bookkeeping, never narrated. */
const SILENT = new Set<CombatEvent['type']>(['FlatFootedEnded', 'ActionStarted', 'ChargeDischarged', 'TurnEnded']);

function expectNarrates(combat: Combat): string[] {
  const lines: string[] = [];
  for (const event of combat.events) {
    let line: string | null = null;
    expect(() => (line = narrate(event, combat.state)), event.type).not.toThrow();
    if (SILENT.has(event.type)) expect(line, event.type).toBeNull();
    if (line === null) continue;
    expect(line as string, event.type).not.toMatch(/undefined|NaN|\[object/);
    lines.push(line);
  }
  return lines;
}

describe('narrate (English)', () => {
  it.each([1, 5, 11, 42])('narrates a whole 4-against-4 fight (seed %i)', (seed) => {
    const lines = expectNarrates(fight(seed));
    expect(lines[0]).toMatch(/^\w.* rolls initiative: d20 \d+[+-]\d+ = \d+$/);
    expect(lines).toContain('== Round 1 ==');
    expect(lines.some((l) => / makes an attack on .* with .*: d20 \d+[+-]\d+ = \d+ vs AC \d+/.test(l))).toBe(true);
  });

  it('narrates every event of every scripted scenario', () => {
    expect(scenarioFiles.length).toBeGreaterThan(30);
    for (const file of scenarioFiles) expectNarrates(scenario(file));
  });

  it('narrates an attack of opportunity from provocation to damage', () => {
    const combat = scenario('001-prov2-three-squares-one-foe.json');
    const aoo = only(combat, 'AttackRolled').find((e) => e.kind === 'opportunity')!;
    expect(english(combat, only(combat, 'OpportunityProvoked')[0]!)).toBe(
      '  orc provokes an attack of opportunity from fighter by moving out of a threatened square',
    );
    expect(english(combat, only(combat, 'OpportunityTaken')[0]!)).toBe('  fighter takes the opportunity');
    expect(english(combat, aoo)).toBe('  fighter makes an attack of opportunity on orc with longsword: d20 10+8 = 18 vs AC 13 - hit');
    expect(english(combat, only(combat, 'DamageDealt')[0]!)).toMatch(/^ {2}orc takes \d+ damage$/);
  });

  it('narrates a spell with its Concentration check', () => {
    const combat = scenario('004-prov3-pickup-then-cast-combat-reflexes.json');
    expect(english(combat, only(combat, 'SpellBegun')[0]!)).toBe('  wizard casts magic-missile at orc');
    expect(english(combat, only(combat, 'ConcentrationChecked')[0]!)).toMatch(/^ {2}wizard Concentration: d20 \d+\+\d+ = \d+ vs DC \d+ - (success|failure)$/);
    expect(english(combat, only(combat, 'SpellResolved')[0]!)).toBe("  wizard's magic-missile takes effect");
  });

  it('narrates a 5-foot step', () => {
    const combat = scenario('061-core6-full-attack-then-five-foot-step.json');
    const step = only(combat, 'Moved').find((e) => e.mode === 'five-foot-step')!;
    expect(english(combat, step)).toBe('  fighter takes a 5-foot step (2,2) -> (1,1)');
  });

  it('notes a flat-footed target denied its Dex bonus, flanking and sneak attacks', () => {
    const surprise = scenario('048-surp2-full-attack-refused-in-surprise-round.json');
    const flatFooted = only(surprise, 'AttackRolled').find((e) => e.deniedDex)!;
    expect(english(surprise, flatFooted)).toMatch(/\[target denied Dex\]$/);
    expect(english(surprise, only(surprise, 'SurpriseRoundBegan')[0]!)).toBe('== Surprise round == (aware: goblin)');
    const flanked = scenario('025-flk1-flanking-a-large-creature.json');
    expect(english(flanked, only(flanked, 'AttackRolled').find((e) => e.flanking && e.sneak)!)).toMatch(/\[flanking, sneak attack\]$/);
  });

  it('stays silent on bleeding, and on turns skipped for being unable to act', () => {
    const combat = scenario('001-prov2-three-squares-one-foe.json');
    const damage = only(combat, 'DamageDealt')[0]!;
    expect(narrate({ ...damage, source: null, cause: 'bleeding', amount: 1 }, combat.state)).toBeNull();
    expect(narrate({ type: 'TurnSkipped', id: 'orc', reason: 'cannot-act', rules: [] }, combat.state)).toBeNull();
    expect(narrate({ type: 'TurnSkipped', id: 'orc', reason: 'unaware', rules: [] }, combat.state)).toBe('orc is unaware and does not act');
  });
});
