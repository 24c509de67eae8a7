// Properties of whole fights (fast-check): determinism, replay, AOO-2/AOO-3 limits, hp only via damage/healing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoplay } from '../../src/combat/autoplay.ts';
import { closerCommand } from '../../src/bots/closer.ts';
import { evolve, foldEvents } from '../../src/engine/evolve.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import type { Encounter } from '../../src/model/stats.ts';
import { encounterArb, seedArb } from '../support/arbitraries.ts';

const fight = (encounter: Encounter, seed: number) => autoplay(encounter, { seed, choose: closerCommand, maxRounds: 25 }).combat;
const runs = { numRuns: 40 };

describe('same seed, same fight', () => {
  it('gives the same event log', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        expect(fight(encounter, seed).events).toEqual(fight(encounter, seed).events);
      }),
      runs,
    );
  });
});

describe('replay is a fold', () => {
  it('folding the log with evolve from the initial state gives the live final state', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const combat = fight(encounter, seed);
        expect(foldEvents(combat.initial, combat.events)).toEqual(combat.state);
        // One event at a time gives the same as one produce for all of them.
        expect(combat.events.reduce(evolve, combat.initial)).toEqual(combat.state);
      }),
      runs,
    );
  });
});

/** Attacks of opportunity each creature made between the starts of its own turns. */
function aooCountsPerWindow(events: readonly CombatEvent[]): Record<string, number[]> {
  const counts: Record<string, number[]> = {};
  for (const e of events) {
    if (e.type === 'TurnBegan') (counts[e.id] ??= []).push(0);
    if (e.type === 'AttackRolled' && e.kind === 'opportunity') {
      const list = (counts[e.attacker] ??= [0]);
      list[list.length - 1]! += 1;
    }
  }
  return counts;
}

describe('AOO-2, AOO-3 limits', () => {
  it('no creature exceeds its attacks of opportunity per round, and each opportunity gets at most one attack', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const combat = fight(encounter, seed);
        for (const [id, counts] of Object.entries(aooCountsPerWindow(combat.events))) {
          const limit = combat.state.stats[id]!.aooPerRound;
          for (const n of counts) expect(n).toBeLessThanOrEqual(limit);
        }
        // AOO-3: every opportunity attack answers exactly one OpportunityProvoked of that reactor.
        let open: string[] = [];
        for (const e of combat.events) {
          if (e.type === 'OpportunityProvoked') open.push(`${e.reactor}>${e.by}`);
          if (e.type === 'AttackRolled' && e.kind === 'opportunity') {
            const key = `${e.attacker}>${e.target}`;
            expect(open).toContain(key);
            open = open.filter((k) => k !== key);
          }
          if (e.type === 'OpportunityDeclined') open = open.filter((k) => k !== `${e.reactor}>${e.against}`);
        }
      }),
      runs,
    );
  });
});

describe('hp changes only through damage and healing events', () => {
  it('every hp change is a DamageDealt or HealingReceived on that creature', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const combat = fight(encounter, seed);
        let state = combat.initial;
        for (const e of combat.events) {
          const next = evolve(state, e);
          for (const id of state.listed) {
            if (next.creatures[id]!.hp === state.creatures[id]!.hp) continue;
            expect(['DamageDealt', 'HealingReceived']).toContain(e.type);
            expect('target' in e && e.target).toBe(id);
          }
          state = next;
        }
      }),
      runs,
    );
  });
});

describe('fights end', () => {
  it('ends with a winner, or stops at the round limit', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const { combat, stopped } = autoplay(encounter, { seed, choose: closerCommand, maxRounds: 25 });
        expect(stopped || combat.state.phase === 'ended').toBe(true);
        if (combat.state.phase === 'ended') expect(combat.events[combat.events.length - 1]!.type).toBe('CombatEnded');
      }),
      runs,
    );
  });
});
