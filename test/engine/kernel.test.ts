// The kernel's commit (issue 6): listeners see the state right after each event, and a fight without
// listeners ends in the same state and log as one with them.
import { describe, expect, it } from 'vitest';
import { autoplay } from '../../src/combat/autoplay.ts';
import { closerCommand } from '../../src/bots/closer.ts';
import { foldEvents } from '../../src/engine/evolve.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import type { CombatState } from '../../src/model/state.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { fromRoot } from '../../src/paths.ts';

const loaded = loadEncounter(fromRoot('fixtures', 'encounters', 'skirmish-4v4.json'));
if (!loaded.ok) throw new Error(loaded.error);

describe('commit', () => {
  it('hands each listener the state right after its event', () => {
    const seen: { event: CombatEvent; state: CombatState }[] = [];
    const { combat } = autoplay(loaded.value, { seed: 5, choose: closerCommand, onEvent: (event, state) => seen.push({ event, state }) });
    expect(seen.map((s) => s.event)).toEqual(combat.events);
    expect(seen.some((s) => s.event.type === 'AttackRolled')).toBe(true);
    let state = combat.initial;
    for (const { event, state: heard } of seen) {
      state = foldEvents(state, [event]);
      expect(heard).toEqual(state);
    }
  });

  it('gives the same log and state with or without listeners (one produce per commit without them)', () => {
    const quiet = autoplay(loaded.value, { seed: 5, choose: closerCommand }).combat;
    const heard = autoplay(loaded.value, { seed: 5, choose: closerCommand, onEvent: () => {} }).combat;
    expect(quiet.events).toEqual(heard.events);
    expect(quiet.state).toEqual(heard.state);
    expect(foldEvents(quiet.initial, quiet.events)).toEqual(quiet.state);
  });
});
