// Seeded dice: one alea stream per purpose and creature, so one creature's choices never shift another's rolls.
import seedrandom from 'seedrandom';
import type { Dice, DiePurpose, DieSize } from './dice.ts';

export function seededDice(seed: string | number): Dice {
  // Looked up by purpose, then creature: no key string is built per roll (issue 6).
  const streams: Partial<Record<DiePurpose, Record<string, () => number>>> = {};
  const stream = (purpose: DiePurpose, who: string): (() => number) => {
    const byWho = (streams[purpose] ??= {});
    return (byWho[who] ??= seedrandom.alea(`${seed}/${purpose}/${who}`));
  };
  return {
    roll(sides: DieSize, purpose: DiePurpose, who: string | null): number {
      return 1 + Math.floor(stream(purpose, who ?? '*')() * sides);
    },
  };
}
