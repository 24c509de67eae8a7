// Scripted dice: SPEC.md queues per die size, consumed in the order the rules roll them.
import { diceExhausted, type Dice, type DieSize } from './dice.ts';

export type Fallback = 'max' | 'min' | 'average' | null;

const FALLBACK_VALUE = {
  max: (sides: number) => sides,
  min: () => 1,
  average: (sides: number) => Math.floor((sides + 1) / 2),
} as const satisfies Record<Exclude<Fallback, null>, (sides: number) => number>;

export interface ScriptedDice extends Dice {
  /** Values still queued, by die size (for reports). */
  remaining(): Record<number, number[]>;
}

export function scriptedDice(queues: Readonly<Record<number, readonly number[]>>, fallback: Fallback = null): ScriptedDice {
  const left: Record<number, number[]> = {};
  for (const [sides, values] of Object.entries(queues)) left[Number(sides)] = [...values];
  return {
    roll(sides: DieSize): number {
      const next = left[sides]?.shift();
      if (next !== undefined) return next;
      if (fallback) return FALLBACK_VALUE[fallback](sides);
      throw diceExhausted(sides);
    },
    remaining: () => structuredClone(left),
  };
}
