// CORE-4 hit point states and CORE-12 who is still able to act.
export type HpState = 'fine' | 'disabled' | 'dying' | 'stable' | 'dead';

/** Creature types with no Constitution score: destroyed at 0 hp (CORE-4). */
export const NO_CONSTITUTION = ['undead', 'construct'] as const;

export function hpState(hp: number, stable: boolean, creatureType: string): HpState {
  if (hp <= -10) return 'dead';
  if (hp <= 0 && (NO_CONSTITUTION as readonly string[]).includes(creatureType)) return 'dead';
  if (hp > 0) return 'fine';
  if (hp === 0) return 'disabled';
  return stable ? 'stable' : 'dying';
}

/** CORE-12: dead, dying, stable (unconscious) creatures cannot act. */
export const HP_STATE_CAN_ACT = {
  fine: true,
  disabled: true,
  dying: false,
  stable: false,
  dead: false,
} as const satisfies Record<HpState, boolean>;

/** CORE-4: a dying creature stabilizes on 10% (d100 of 1 to 10). */
export const stabilizes = (d100: number): boolean => d100 <= 10;

export const abilityModifier = (score: number): number => Math.floor((score - 10) / 2);
