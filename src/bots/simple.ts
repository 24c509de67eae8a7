// Built-in bots: random (uniform over legal commands) and brute (close on the nearest foe, full attack when it can).
import type { Controller } from './controller.ts';
import { botRandom } from './controller.ts';
import { closerCommand } from './closer.ts';

export function randomBot(seed = 1): Controller {
  const next = botRandom(seed);
  return {
    name: 'random',
    chooseCommand: ({ legal, actor }) => legal[Math.floor(next() * legal.length)]?.command ?? { type: 'EndTurn', actor },
    chooseOpportunity: () => ({ take: next() < 0.5, with: null }),
  };
}

export function bruteBot(): Controller {
  return {
    name: 'brute',
    chooseCommand: ({ state, actor }) => closerCommand(state, actor),
    chooseOpportunity: () => ({ take: true, with: null }),
  };
}
