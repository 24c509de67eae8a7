// CORE-2 attack and confirmation rolls, from the die values (no rolling here).
export interface AttackRollOutcome {
  readonly total: number;
  readonly hit: boolean;
  /** A natural roll in the threat range that hits (CORE-2). */
  readonly threat: boolean;
}

/** CORE-2: natural 1 always misses, natural 20 always hits. */
export function rollHits(d20: number, total: number, ac: number): boolean {
  if (d20 === 1) return false;
  if (d20 === 20) return true;
  return total >= ac;
}

export function attackRoll(d20: number, bonus: number, ac: number, critRange: number): AttackRollOutcome {
  const total = d20 + bonus;
  const hit = rollHits(d20, total, ac);
  return { total, hit, threat: hit && d20 >= critRange };
}

/** CORE-2: the confirmation roll is made at the same bonus and confirms if it would hit. */
export function confirms(d20: number, bonus: number, ac: number): boolean {
  return rollHits(d20, d20 + bonus, ac);
}

/** CORE-11: the hit is lost if the d100 falls within the miss chance. */
export function missedByConcealment(d100: number, missChance: number): boolean {
  return d100 <= missChance;
}
