// The search bot: its evaluator, its rollouts, overturning a bad prior choice, legality, determinism.
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/model/commands.ts';
import { candidatesOf, evaluate, pairedGain, rollout, SEARCH_DEFAULTS, searchBot, threats, weigh } from '../../src/bots/search.ts';
import { tacticianBot } from '../../src/bots/tactician.ts';
import { createCombat } from '../../src/combat/combat.ts';
import { playMatch } from '../../src/combat/match.ts';
import type { CommandRequest } from '../../src/bots/controller.ts';
import { observe } from '../../src/bots/observation.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';
import { requestFor, same } from '../support/bots.ts';


/** The fighter's turn, next to a wounded orc (5 hp: one longsword hit drops it 7 times in 8). */
const duel = (seed = 3) =>
  createCombat(encounter([fighter({ at: [2, 2], init: 5 }), orc({ at: [3, 2], hp: 5 })]), { seed, initiative: ['fighter', 'orc'] });

const attack: Command = { type: 'Attack', actor: 'fighter', target: 'orc', with: null, powerAttack: 0 };
const endTurn: Command = { type: 'EndTurn', actor: 'fighter' };

describe('search: evaluation', () => {
  it('scores a foe down above a foe standing, and a won fight above both', () => {
    const combat = duel();
    const state = combat.state;
    const threat = threats(state, 'fighter', observe(state, combat.events, 'heroes'));
    expect(threat.get('fighter')!).toBeGreaterThan(threat.get('orc')! * 0.8);
    const standing = evaluate(state, 'heroes', threat);
    const orcHurt = { ...state, creatures: { ...state.creatures, orc: { ...state.creatures['orc']!, hp: 1 } } };
    const orcDown = { ...state, creatures: { ...state.creatures, orc: { ...state.creatures['orc']!, hp: -1 } } };
    const won = { ...orcDown, phase: 'ended' as const, winner: 'heroes' as const };
    expect(evaluate(orcHurt, 'heroes', threat)).toBeGreaterThan(standing);
    expect(evaluate(orcDown, 'heroes', threat)).toBeGreaterThan(evaluate(orcHurt, 'heroes', threat));
    expect(evaluate(won, 'heroes', threat)).toBeGreaterThan(evaluate(orcDown, 'heroes', threat));
    // The same position from the other side is its mirror.
    expect(evaluate(state, 'monsters', threat)).toBeCloseTo(-standing);
  });
});

describe('search: rollouts', () => {
  it('plays the command, then both sides until the actor acts again, without touching the given state', () => {
    const combat = duel();
    const request = requestFor(combat);
    const before = JSON.stringify(request.state);
    const end = rollout(request, endTurn, 'a', 1)!;
    expect(JSON.stringify(request.state)).toBe(before);
    // The orc had its turn; the fighter's next turn has begun (or the fight is over).
    expect(end.phase === 'ended' || (end.turn?.actor === 'fighter' && end.round === request.state.round + 1)).toBe(true);
  });

  it('is the same future for the same dice, and refuses an illegal command', () => {
    const request = requestFor(duel());
    expect(JSON.stringify(rollout(request, attack, 's1', 1))).toBe(JSON.stringify(rollout(request, attack, 's1', 1)));
    expect(rollout(request, { type: 'Attack', actor: 'fighter', target: 'fighter', with: null, powerAttack: 0 }, 's1', 1)).toBeNull();
  });

  it('rates attacking the wounded orc above ending the turn, over sampled dice', () => {
    const combat = duel();
    const request = requestFor(combat);
    const threat = threats(request.state, 'fighter', request.observation);
    const mean = (c: Command) => {
      let t = 0;
      for (let i = 0; i < 8; i++) t += evaluate(rollout(request, c, `seed-${i}`, 1)!, 'heroes', threat);
      return t / 8;
    };
    expect(mean(attack)).toBeGreaterThan(mean(endTurn) + 1);
  });
});

describe('search: choosing', () => {
  it('keeps the prior\'s distinct legal options within the window, its choice first', () => {
    const request = requestFor(duel());
    const illegal: Command = { type: 'Attack', actor: 'fighter', target: 'fighter', with: null, powerAttack: 0 };
    const ranked = [
      { command: attack, score: 2 },
      { command: attack, score: 2 },
      { command: illegal, score: 1.9 },
      { command: endTurn, score: 1.5 },
      { command: { type: 'TotalDefense', actor: 'fighter' } as Command, score: 0.5 },
    ];
    expect(candidatesOf(request.state, ranked, attack, 5, 1)).toEqual([attack, endTurn]);
    expect(candidatesOf(request.state, ranked, attack, 1, 1)).toEqual([attack]);
    expect(candidatesOf(request.state, ranked, attack, 5, 0.1)).toEqual([attack]);
  });

  it('overturns a prior that would end the turn next to a foe it can drop', () => {
    const rank = () => [
      { command: endTurn, score: 1 },
      { command: attack, score: 0.9 },
    ];
    const request = requestFor(duel());
    expect(searchBot({ seed: 1, rank, rollouts: 4, window: 1 }).chooseCommand(request)).toEqual(attack);
    // A margin no rollout can reach keeps the prior's choice; a window that excludes the attack too.
    expect(searchBot({ seed: 1, rank, rollouts: 4, window: 1, margin: 1000 }).chooseCommand(request)).toEqual(endTurn);
    expect(searchBot({ seed: 1, rank, rollouts: 4, window: 0.05 }).chooseCommand(request)).toEqual(endTurn);
  });
});

describe('search: weighing candidates over the same futures', () => {
  const o = { ...SEARCH_DEFAULTS, rollouts: 6, minRollouts: 3, margin: 0, confidence: 1 };
  const a: Command = { type: 'EndTurn', actor: 'a' };
  const b: Command = { type: 'TotalDefense', actor: 'a' };
  /** A play function from a table of evaluations per candidate and future; counts the futures played. */
  const table = (rows: Record<string, readonly number[]>) => {
    let played = 0;
    return {
      play: (c: Command, future: number) => {
        played++;
        return rows[c.type]![future] ?? null;
      },
      played: () => played,
    };
  };

  it('pairedGain: mean and standard error of the differences, future by future', () => {
    const g = pairedGain([3, 5, 7], [1, 2, 3]);
    expect(g.mean).toBe(3);
    expect(g.se).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(pairedGain([1], [0]).se).toBe(Infinity);
    expect(pairedGain([], []).se).toBe(Infinity);
  });

  it('a decision whose first two futures show no difference is moot: the prior keeps it, after two futures', () => {
    const t = table({ EndTurn: [1, 2, 9, 9, 9, 9], TotalDefense: [1, 2, 0, 0, 0, 0] });
    const w = weigh([a, b], t.play, o);
    expect(w).toMatchObject({ chosen: 0, moot: true });
    expect(t.played()).toBe(4);
  });

  it('overturns the prior only when the gain clears its standard error', () => {
    // Steady gain of 1 with little spread: chosen, and settled after minRollouts.
    const clear = table({ EndTurn: [0, 0, 0, 0, 0, 0], TotalDefense: [1, 1.1, 0.9, 1, 1, 1] });
    expect(weigh([a, b], clear.play, o)).toMatchObject({ chosen: 1, moot: false });
    expect(clear.played()).toBe(6);
    // The same mean gain with a wild spread: kept.
    const noisy = table({ EndTurn: [0, 0, 0, 0, 0, 0], TotalDefense: [9, -7, 8, -6, 9, -7] });
    expect(weigh([a, b], noisy.play, o).chosen).toBe(0);
    expect(noisy.played()).toBe(12);
    // A margin above the gain keeps the prior too.
    expect(weigh([a, b], table({ EndTurn: [0, 0, 0, 0, 0, 0], TotalDefense: [1, 1.1, 0.9, 1, 1, 1] }).play, { ...o, margin: 2 }).chosen).toBe(0);
  });

  it('stops early when every alternative is clearly worse, and drops one the engine refuses', () => {
    const worse = table({ EndTurn: [5, 5, 5, 5, 5, 5], TotalDefense: [0, 0.1, 0, 0, 0, 0] });
    expect(weigh([a, b], worse.play, o).chosen).toBe(0);
    expect(worse.played()).toBe(6);
    const refused = table({ EndTurn: [0, 1, 0, 1, 0, 1], TotalDefense: [] });
    expect(weigh([a, b], refused.play, o)).toMatchObject({ chosen: 0 });
  });
});

describe('search: whole fights', () => {
  const loaded = loadEncounter(new URL('../../fixtures/encounters/skirmish-4v4.json', import.meta.url).pathname);
  if (!loaded.ok) throw new Error(loaded.error);
  const skirmish = loaded.value;

  /** Plays a few rounds with search heroes; returns the heroes' commands, checking each is listed as legal. */
  function play(seed: number, overturned = { count: 0 }): string[] {
    const inner = searchBot({ seed, rollouts: 2, minRollouts: 2, confidence: 0, trace: (t) => (overturned.count += same(t.chosen, t.candidates[0]!) ? 0 : 1) });
    const chosen: string[] = [];
    const heroes = {
      name: 'checked-search',
      chooseCommand(request: CommandRequest) {
        const command = inner.chooseCommand(request);
        expect(command.type === 'EndTurn' || request.legal.some((l) => same(l.command, command)), JSON.stringify(command)).toBe(true);
        chosen.push(JSON.stringify(command));
        return command;
      },
      chooseOpportunity: inner.chooseOpportunity,
    };
    playMatch(skirmish, { seed, controllers: { heroes, monsters: tacticianBot() }, maxRounds: 3 });
    return chosen;
  }

  it('returns only listed legal commands, and the same ones for the same seed', () => {
    const overturned = { count: 0 };
    const first = play(11, overturned);
    expect(first.length).toBeGreaterThan(5);
    // The check covers the search's own choices, not only the tactician's.
    expect(overturned.count).toBeGreaterThan(0);
    expect(play(11)).toEqual(first);
  });
});
