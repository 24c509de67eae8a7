// Helpers for the bot tests: comparing commands and asking a bot the way the engine does.
import type { Command } from '../../src/model/commands.ts';
import type { CommandRequest } from '../../src/bots/controller.ts';
import { observe } from '../../src/bots/observation.ts';
import type { Combat } from '../../src/combat/combat.ts';
import { legalCommands, type LegalCommand } from '../../src/engine/legal.ts';
import { statsOf } from '../../src/engine/queries.ts';

export const same = (a: Command, b: Command): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The request a controller gets at the combat's command prompt (observation and legal commands built eagerly). */
export function requestFor(combat: Combat): CommandRequest & { legal: LegalCommand[] } {
  const prompt = combat.prompt;
  if (prompt.kind !== 'command') throw new Error(`no command prompt (${prompt.kind})`);
  const state = combat.state;
  const side = statsOf(state, prompt.actor).side;
  return { actor: prompt.actor, observation: observe(state, combat.events, side), legal: legalCommands(state), state, events: combat.events };
}
