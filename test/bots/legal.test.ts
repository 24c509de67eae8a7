// Every command a bot returns is legal (fast-check over random fights), and legalCommands lists only legal ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Controller } from '../../src/bots/controller.ts';
import { searchBot } from '../../src/bots/search.ts';
import { bruteBot, randomBot } from '../../src/bots/simple.ts';
import { playMatch } from '../../src/combat/match.ts';
import { legalCommands } from '../../src/engine/legal.ts';
import { planCommand } from '../../src/engine/plan.ts';
import { encounterArb, seedArb } from '../support/arbitraries.ts';

/** Wraps a controller so that every command it returns is checked against the rules at that moment. */
function checked(inner: Controller, problems: string[]): Controller {
  return {
    name: inner.name,
    chooseCommand(request) {
      const command = inner.chooseCommand(request);
      const verdict = planCommand(request.state, command);
      if (!verdict.ok) problems.push(`${inner.name}: ${JSON.stringify(command)} rejected: ${verdict.rejection.code}`);
      return command;
    },
    chooseOpportunity: (request) => inner.chooseOpportunity(request),
  };
}

describe.each([
  ['random', (seed: number) => randomBot(seed)],
  ['brute', () => bruteBot()],
  // Two futures and no confidence bar: it overturns the prior whenever a future favours another option.
  ['search', (seed: number) => searchBot({ seed, candidates: 3, rollouts: 2, minRollouts: 2, confidence: 0, depth: 1 })],
] as const)('the %s bot', (_name, make) => {
  it('returns only commands the rules accept', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const problems: string[] = [];
        playMatch(encounter, {
          seed,
          controllers: { heroes: checked(make(seed), problems), monsters: checked(make(seed + 1), problems) },
          maxRounds: _name === 'brute' ? 12 : 3,
        });
        expect(problems).toEqual([]);
      }),
      { numRuns: _name === 'brute' ? 25 : _name === 'random' ? 10 : 5 },
    );
  });
});

describe('legalCommands', () => {
  it('lists only commands the rules accept, always including ending the turn', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        let checkedStates = 0;
        const probe: Controller = {
          name: 'probe',
          chooseCommand(request) {
            const legal = legalCommands(request.state);
            if (checkedStates++ < 3) {
              for (const l of legal) expect(planCommand(request.state, l.command).ok).toBe(true);
              expect(legal.some((l) => l.command.type === 'EndTurn')).toBe(true);
            }
            return bruteBot().chooseCommand(request);
          },
          chooseOpportunity: () => ({ take: true, with: null }),
        };
        playMatch(encounter, { seed, controllers: { heroes: probe, monsters: probe }, maxRounds: 3 });
      }),
      { numRuns: 15 },
    );
  });
});
