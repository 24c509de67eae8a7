// Dice expressions of SPEC.md (NdM, NdM+K, NdM-K) and the sums rule math takes as arguments.
import type { DieSize } from '../dice/dice.ts';
import { DIE_SIZES } from '../dice/dice.ts';

export interface DiceExpr {
  readonly count: number;
  readonly sides: DieSize;
  readonly bonus: number;
}

const PATTERN = /^(\d+)d(\d+)(?:([+-])(\d+))?$/;

export function parseDiceExpr(text: string): DiceExpr | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const sides = Number(m[2]);
  const size = DIE_SIZES.find((s) => s === sides);
  const count = Number(m[1]);
  if (size === undefined || count < 1) return null;
  const bonus = m[4] === undefined ? 0 : Number(m[4]) * (m[3] === '-' ? -1 : 1);
  return { count, sides: size, bonus };
}

const cache: Record<string, DiceExpr> = {};

/** Parses an expression already validated at input time. */
export function diceExpr(text: string): DiceExpr {
  const hit = cache[text];
  if (hit) return hit;
  const parsed = parseDiceExpr(text);
  if (!parsed) throw new Error(`invalid dice expression ${JSON.stringify(text)}`);
  cache[text] = parsed;
  return parsed;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
