// CORE-3 damage from rolled dice: multiplied weapon damage, unmultiplied extra dice, at least 1.
import { sum } from './dice-expr.ts';

/**
 * @param weaponRolls one array of dice per multiplier (a x3 critical rolls the weapon dice 3 times)
 * @param bonus the weapon's static bonus, added once per multiplier
 * @param extraRolls sneak attack dice and the like, never multiplied (CORE-3, SNK-6)
 */
export function hitDamage(weaponRolls: readonly (readonly number[])[], bonus: number, extraRolls: readonly number[]): number {
  const weapon = weaponRolls.reduce((total, rolls) => total + sum(rolls) + bonus, 0);
  return Math.max(1, weapon + sum(extraRolls));
}
