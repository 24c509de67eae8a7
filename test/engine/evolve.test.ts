// evolve's handlers read the state as it stands inside the produce, not as it stood before it (issue 6: they
// read without drafting). Replay folds a whole log in one produce, so each case folds two or more events at once.
import { describe, expect, it } from 'vitest';
import { autoplay } from '../../src/combat/autoplay.ts';
import { closerCommand } from '../../src/bots/closer.ts';
import { evolveAll } from '../../src/engine/evolve.ts';
import type { CombatEvent, EventOf } from '../../src/model/events.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { fromRoot } from '../../src/paths.ts';

const loaded = loadEncounter(fromRoot('fixtures', 'encounters', 'skirmish-4v4.json'));
if (!loaded.ok) throw new Error(loaded.error);
const { combat } = autoplay(loaded.value, { seed: 2, choose: closerCommand });
const first = <T extends CombatEvent['type']>(type: T): EventOf<T> => {
  const found = combat.events.find((e): e is EventOf<T> => e.type === type);
  if (!found) throw new Error(`no ${type} in the fight`);
  return found;
};
const start = combat.initial;
const [a, b] = start.listed as [string, string];

describe('evolve inside one produce', () => {
  it('TurnBegan clears effects, the opportunity count and Power Attack set earlier in the same fold (CORE-7, CORE-8, AOO-2, AOO-6)', () => {
    const events: CombatEvent[] = [
      { type: 'EffectStarted', id: a, effect: 'total-defense', rules: ['CORE-8'] },
      { ...first('OpportunityTaken'), reactor: a },
      { type: 'PowerAttackChosen', id: a, amount: 2, rules: ['AOO-6'] },
      { type: 'TurnBegan', id: a, round: 1, surprise: false, limited: false, rules: ['AOO-2'] },
    ];
    const after = evolveAll(start, events).creatures[a]!;
    expect(after.effects).toEqual([]);
    expect(after.aooUsed).toBe(0);
    expect(after.powerAttack).toBe(0);
    expect(evolveAll(start, events.slice(0, 3)).creatures[a]!.aooUsed).toBe(1);
  });

  it('an attack ends invisibility gained earlier in the same fold (SNK-7)', () => {
    const gained: CombatEvent = { type: 'ConditionGained', id: a, condition: 'invisible', rules: ['SNK-7'] };
    const attack: CombatEvent = { ...first('AttackRolled'), attacker: a, target: b };
    expect(evolveAll(start, [gained]).creatures[a]!.conditions).toContain('invisible');
    expect(evolveAll(start, [gained, attack]).creatures[a]!.conditions).not.toContain('invisible');
  });

  it("damage that drops the acting creature ends its turn, whose start is in the same fold (RES-1)", () => {
    const began: CombatEvent = { type: 'TurnBegan', id: a, round: 1, surprise: false, limited: false, rules: ['AOO-2'] };
    const hit: CombatEvent = { ...first('DamageDealt'), target: a, amount: start.creatures[a]!.hp + 5, cause: 'attack' };
    expect(evolveAll(start, [began]).turn?.over).toBe(false);
    expect(evolveAll(start, [began, hit]).turn?.over).toBe(true);
    expect(evolveAll(start, [began, { ...hit, amount: 1 }]).turn?.over).toBe(false);
  });
});
