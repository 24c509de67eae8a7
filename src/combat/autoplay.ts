// Plays a fight to its end: a command chooser for whoever's turn it is, and a round limit.
import type { Command } from '../model/commands.ts';
import type { CombatState } from '../model/state.ts';
import type { Encounter } from '../model/stats.ts';
import type { CreatureId } from '../model/ids.ts';
import { createCombat, type Combat, type CombatOptions } from './combat.ts';

export type CommandChooser = (state: CombatState, actor: CreatureId) => Command;

export interface AutoplayOptions extends CombatOptions {
  readonly choose: CommandChooser;
  readonly maxRounds?: number;
}

export interface AutoplayResult {
  readonly combat: Combat;
  /** True when the round limit stopped the fight before it ended. */
  readonly stopped: boolean;
}

export function autoplay(encounter: Encounter, options: AutoplayOptions): AutoplayResult {
  const combat = createCombat(encounter, options);
  return { combat, stopped: playOut(combat, options.choose, options.maxRounds ?? 100) };
}

/**
 * Plays an existing fight to its end; true when the round limit stopped it first.
 * A chooser's command that the rules reject is replaced by ending the turn, so the fight always goes on.
 */
export function playOut(combat: Combat, choose: CommandChooser, maxRounds: number): boolean {
  for (let guard = 0; guard < 100_000; guard++) {
    const prompt = combat.prompt;
    if (prompt.kind !== 'command') return false;
    if (combat.state.round > maxRounds) return true;
    const result = combat.send(choose(combat.state, prompt.actor));
    if (!result.ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
  }
  return true;
}
