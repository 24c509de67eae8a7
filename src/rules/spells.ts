// Spell data of SPEC.md: level, how it is delivered and what it does.
import type { SpellId } from '../model/stats.ts';

export type SpellDelivery = 'missiles' | 'ranged-touch' | 'melee-touch' | 'touch-heal' | 'touch-condition';

export interface SpellRule {
  readonly level: number;
  readonly delivery: SpellDelivery;
  /** Range in feet as a function of caster level (touch spells: 0, reach decides). */
  readonly range: (casterLevel: number) => number;
}

export const SPELL_RULES = {
  'magic-missile': { level: 1, delivery: 'missiles', range: (cl) => 100 + 10 * cl },
  'acid-arrow': { level: 2, delivery: 'ranged-touch', range: (cl) => 400 + 40 * cl },
  'shocking-grasp': { level: 1, delivery: 'melee-touch', range: () => 0 },
  'cure-light-wounds': { level: 1, delivery: 'touch-heal', range: () => 0 },
  invisibility: { level: 2, delivery: 'touch-condition', range: () => 0 },
  'greater-invisibility': { level: 4, delivery: 'touch-condition', range: () => 0 },
} as const satisfies Record<SpellId, SpellRule>;

/** Magic missile: one missile, plus one per two caster levels beyond 1st, at most 5. */
export const missileCount = (casterLevel: number): number => Math.min(5, 1 + Math.floor((Math.max(1, casterLevel) - 1) / 2));

/** Shocking grasp: 1d6 per caster level, at most 5d6. */
export const shockingGraspDice = (casterLevel: number): number => Math.min(5, Math.max(1, casterLevel));

/** Cure light wounds: 1d8 + caster level, at most +5. */
export const cureBonus = (casterLevel: number): number => Math.min(5, casterLevel);

/** CORE-10: Concentration DCs. */
export const concentrationDcForDamage = (damage: number, level: number): number => 10 + damage + level;
export const concentrationDcDefensive = (level: number): number => 15 + level;
export const concentrationDcGrappling = (level: number): number => 20 + level;
