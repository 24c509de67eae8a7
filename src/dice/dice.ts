// The Dice port: every random number the engine uses comes through here, by purpose and creature.
import type { CreatureId } from '../model/ids.ts';

export type DiePurpose = 'initiative' | 'attack' | 'damage' | 'check' | 'miss' | 'stabilize';

export const DIE_SIZES = [2, 3, 4, 6, 8, 10, 12, 20, 100] as const;
export type DieSize = (typeof DIE_SIZES)[number];

export interface Dice {
  /** One die of `sides` faces, for `purpose` on behalf of `who` (null: the fight itself). */
  roll(sides: DieSize, purpose: DiePurpose, who: CreatureId | null): number;
}

export interface DiceExhausted {
  readonly code: 'dice-exhausted';
  readonly sides: DieSize;
  readonly message: string;
}

/** Thrown by a scripted Dice whose queue for a die size ran out (SPEC: the step is rejected). */
export function diceExhausted(sides: DieSize): Error & DiceExhausted {
  return Object.assign(new Error(`no d${sides} left in the scenario's dice`), { code: 'dice-exhausted' as const, sides });
}

export function isDiceExhausted(e: unknown): e is Error & DiceExhausted {
  return e instanceof Error && (e as Partial<DiceExhausted>).code === 'dice-exhausted';
}
