// Built-in bots by name, for the CLI and the protocol.
import type { Controller } from './controller.ts';
import { searchBot } from './search.ts';
import { tacticianBot } from './tactician.ts';
import { bruteBot, randomBot } from './simple.ts';

export const BOT_NAMES = ['random', 'brute', 'tactician', 'search'] as const;
export type BotName = (typeof BOT_NAMES)[number];

const FACTORIES = {
  random: (seed: number) => randomBot(seed),
  brute: () => bruteBot(),
  tactician: () => tacticianBot(),
  search: (seed: number) => searchBot({ seed }),
} as const satisfies Record<BotName, (seed: number) => Controller>;

export const isBotName = (name: string): name is BotName => (BOT_NAMES as readonly string[]).includes(name);

export function makeBot(name: BotName, seed = 1): Controller {
  return FACTORIES[name](seed);
}
