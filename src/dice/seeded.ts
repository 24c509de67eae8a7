// Seeded dice: one alea stream per purpose and creature, so one creature's choices never shift another's rolls.
import seedrandom from 'seedrandom';
import type { Dice, DiePurpose, DieSize } from './dice.ts';

export function seededDice(seed: string | number): Dice {
  const streams: Record<string, () => number> = {};
  const stream = (key: string): (() => number) => (streams[key] ??= seedrandom.alea(`${seed}/${key}`));
  return {
    roll(sides: DieSize, purpose: DiePurpose, who: string | null): number {
      return 1 + Math.floor(stream(`${purpose}/${who ?? '*'}`)() * sides);
    },
  };
}
