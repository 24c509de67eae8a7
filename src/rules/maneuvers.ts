// Trip and disarm (AOO-5): opposed rolls from their die values; size modifiers as data.
import type { Size } from '../model/stats.ts';
import { SIZES } from '../model/stats.ts';

/** The special size modifier of trip checks: +4 per category above Medium, -4 per category below. */
export const SIZE_SPECIAL_MODIFIER = {
  fine: -16, diminutive: -12, tiny: -8, small: -4, medium: 0, large: 4, huge: 8, gargantuan: 12, colossal: 16,
} as const satisfies Record<Size, number>;

const sizeIndex = (size: Size): number => SIZES.indexOf(size);

/** Disarm: the larger combatant gets +4 per size category of difference; two-handed +4. */
export function disarmModifier(own: Size, other: Size, twoHanded: boolean): number {
  return 4 * Math.max(0, sizeIndex(own) - sizeIndex(other)) + (twoHanded ? 4 : 0);
}

/** Opposed rolls: the higher total wins; on a tie the higher modifier; still tied, the defender holds. */
export function attackerWinsOpposed(attackerTotal: number, attackerModifier: number, defenderTotal: number, defenderModifier: number): boolean {
  if (attackerTotal !== defenderTotal) return attackerTotal > defenderTotal;
  return attackerModifier > defenderModifier;
}
