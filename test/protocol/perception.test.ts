// What the client is told about foes it cannot see: nothing, until they reveal themselves.
import { describe, expect, it } from 'vitest';
import { encounter, fighter, orc } from '../support/encounters.ts';
import { playToEnd, session, type Message } from './harness.ts';

const eventsOf = (messages: readonly Message[]) => messages.filter((m) => m.type === 'event').map((m) => m.event as Record<string, unknown>);

describe('serve: perception', () => {
  it('withholds events about an invisible foe and leaves it out of observations and legal commands', async () => {
    const enc = encounter([
      fighter({ at: [2, 2], init: 20 }),
      orc({ id: 'seen', at: [9, 2], hp: 6 }),
      orc({ id: 'ghost', at: [9, 6], conditions: ['invisible'], hp: 6 }),
    ]);
    const s = session(enc, { side: 'heroes', seed: '4' });
    const first = (await s.nextNonEvent()) as Message;
    expect(first.type).toBe('hello');
    const request = await s.nextNonEvent();
    const observation = request.observation as { creatures: { id: string }[] };
    expect(observation.creatures.map((c) => c.id)).toEqual(['fighter', 'seen']);
    const legal = request.legal as { command: Record<string, unknown>; provokes: string[] }[];
    expect(legal.some((l) => l.command.target === 'ghost' || l.provokes.includes('ghost'))).toBe(false);
    expect(legal.some((l) => l.command.target === 'seen')).toBe(true);
    await playToEnd(s, { pending: request });
    const result = await s.done;
    const told = eventsOf(s.messages);
    const all = result.combat.events as unknown as Record<string, unknown>[];
    // Attacking ends its invisibility: until then, every event about the ghost alone (initiative, turn, moves)
    // was withheld; every other event was told, its attacks on the fighter included.
    const unveiled = all.findIndex((e) => e.type === 'AttackRolled' && e.attacker === 'ghost');
    expect(unveiled).toBeGreaterThan(0);
    const withheld = all.slice(0, unveiled).filter((e) => e.id === 'ghost');
    expect(withheld.map((e) => e.type)).toEqual(expect.arrayContaining(['InitiativeRolled', 'TurnBegan', 'Moved', 'ActionStarted']));
    expect(told).toEqual(all.filter((e) => !withheld.includes(e)));
    expect(told.some((e) => e.type === 'AttackRolled' && e.attacker === 'ghost' && e.target === 'fighter')).toBe(true);
    expect(told.at(-1)).toMatchObject({ type: 'CombatEnded' });
  });
});
