// Requests to controllers (issue 6): lazy, cached, and with their getters on the prototype, never on the
// object itself (own getters kept every finished fight alive through V8's minor GCs).
import { describe, expect, it } from 'vitest';
import { createCombat } from '../../src/combat/combat.ts';
import { legalCommands } from '../../src/engine/legal.ts';
import { observe } from '../../src/bots/observation.ts';
import { LazyCommandRequest, LazyOpportunityRequest } from '../../src/bots/requests.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { fromRoot } from '../../src/paths.ts';

const loaded = loadEncounter(fromRoot('fixtures', 'encounters', 'skirmish-4v4.json'));
if (!loaded.ok) throw new Error(loaded.error);
const combat = createCombat(loaded.value, { seed: 3 });
const prompt = combat.prompt;
if (prompt.kind !== 'command') throw new Error('expected a command prompt');
const side = combat.state.stats[prompt.actor]!.side;

describe('LazyCommandRequest', () => {
  it('gives the legal commands and the observation of the state it was built with, built once', () => {
    const request = new LazyCommandRequest(prompt.actor, combat.state, combat.events, side);
    expect(request.legal).toEqual(legalCommands(combat.state));
    expect(request.legal).toBe(request.legal);
    expect(request.observation).toEqual(observe(combat.state, combat.events, side));
    expect(request.observation).toBe(request.observation);
  });

  it('has no getters of its own', () => {
    const request = new LazyCommandRequest(prompt.actor, combat.state, combat.events, side);
    expect(Object.getOwnPropertyDescriptor(request, 'legal')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(request, 'observation')).toBeUndefined();
  });
});

describe('LazyOpportunityRequest', () => {
  it('reads the log only when the bot looks at its observation', () => {
    let reads = 0;
    const events = () => {
      reads += 1;
      return combat.events;
    };
    const request = new LazyOpportunityRequest({ reactor: prompt.actor, against: prompt.actor, trigger: 'move' }, combat.state, events, side);
    expect(reads).toBe(0);
    expect(request.reactor).toBe(prompt.actor);
    expect(request.observation).toEqual(observe(combat.state, combat.events, side));
    void request.observation;
    expect(reads).toBe(1);
    expect(Object.getOwnPropertyDescriptor(request, 'observation')).toBeUndefined();
  });
});

describe('Combat', () => {
  it('reads state, events and prompt through the prototype, live', () => {
    const fight = createCombat(loaded.value, { seed: 3 });
    for (const key of ['state', 'events', 'prompt']) expect(Object.getOwnPropertyDescriptor(fight, key)).toBeUndefined();
    const before = fight.state;
    const actor = fight.prompt.kind === 'command' ? fight.prompt.actor : '';
    expect(fight.send({ type: 'EndTurn', actor }).ok).toBe(true);
    expect(fight.state).not.toBe(before);
    expect(fight.events.at(-1)?.type).toMatch(/TurnBegan|FlatFootedEnded|StabilizationRolled|DamageDealt/);
  });
});
