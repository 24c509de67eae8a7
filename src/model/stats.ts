// Stat blocks and encounters as the engine sees them: every default of SPEC.md already applied.
import type { CreatureId, SideName, Square } from './ids.ts';

export const SIZES = ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'huge', 'gargantuan', 'colossal'] as const;
export type Size = (typeof SIZES)[number];
export type Shape = 'tall' | 'long';

export const FEATS = [
  'combat-reflexes', 'mobility', 'dodge', 'spring-attack', 'improved-initiative', 'improved-unarmed-strike',
  'improved-trip', 'improved-disarm', 'power-attack', 'combat-casting', 'manyshot',
] as const;
export type Feat = (typeof FEATS)[number];

export const SPELL_IDS = [
  'magic-missile', 'acid-arrow', 'shocking-grasp', 'cure-light-wounds', 'invisibility', 'greater-invisibility',
] as const;
export type SpellId = (typeof SPELL_IDS)[number];

/** Conditions of SPEC.md; `holding-charge:<spell>` marks a held touch-spell charge. */
export const PLAIN_CONDITIONS = [
  'prone', 'invisible', 'greater-invisible', 'blinded', 'concealed', 'totally-concealed', 'grappling', 'helpless',
  'stunned', 'climbing', 'entangled', 'unconscious', 'disarmed',
] as const;
export type PlainCondition = (typeof PLAIN_CONDITIONS)[number];
export type Condition = PlainCondition | `holding-charge:${SpellId}`;

export type AttackKind = 'melee' | 'ranged' | 'natural';

export interface AttackProfile {
  readonly name: string;
  readonly kind: AttackKind;
  /** Full-attack bonuses, highest first. */
  readonly bonus: readonly number[];
  /** Dice expression NdM, NdM+K or NdM-K. */
  readonly damage: string;
  readonly crit: { readonly range: number; readonly multiplier: number };
  readonly reachWeapon: boolean;
  readonly unarmed: boolean;
  readonly rangeIncrement: number | null;
  /** Two-handed melee weapons double the Power Attack damage bonus (AOO-6). */
  readonly twoHanded: boolean;
  /** Deals nonlethal damage (saps, unarmed strikes without Improved Unarmed Strike). */
  readonly nonlethal: boolean;
}

export interface ArmorClass {
  readonly total: number;
  readonly touch: number;
  readonly flatFooted: number;
}

export interface StatBlock {
  readonly id: CreatureId;
  readonly name: string;
  readonly side: SideName;
  readonly size: Size;
  readonly shape: Shape;
  /** Natural reach in feet (SPEC `reach` or by size, THR-2). */
  readonly reach: number;
  readonly speed: number;
  readonly maxHp: number;
  readonly ac: ArmorClass;
  readonly init: number;
  readonly dex: number;
  /** Strength score: trip checks (AOO-5). */
  readonly str: number;
  readonly attacks: readonly AttackProfile[];
  readonly feats: readonly Feat[];
  readonly sneakAttack: number;
  readonly sneakAttackLevels: number;
  readonly uncannyDodge: boolean;
  readonly improvedUncannyDodge: boolean;
  readonly uncannyDodgeLevels: number;
  readonly skills: { readonly tumble: number; readonly concentration: number };
  readonly creatureType: string;
  readonly critImmune: boolean;
  readonly blindsight: number;
  /** Attacks of opportunity per round (AOO-2), already resolved from feats and overrides. */
  readonly aooPerRound: number;
  /** Scripted answer to an opportunity (AOO-4). */
  readonly aooPolicy: 'always' | 'never';
  /** Scripted form of its attacks of opportunity: an attack name, or trip / disarm / touch (AOO-5). */
  readonly aooWith: string | null;
  readonly meleeTouch: number;
  readonly rangedTouch: number;
  readonly casterLevel: number;
}

export interface RuleOptions {
  readonly flatFootedUntilFirstRegularTurn: boolean;
  readonly ignoreFlankers: boolean;
  readonly tinyReachWeapons: boolean;
  readonly reachWeaponsUpClose: boolean;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  flatFootedUntilFirstRegularTurn: false,
  ignoreFlankers: false,
  tinyReachWeapons: false,
  reachWeaponsUpClose: false,
};

export interface GridMap {
  readonly width: number;
  readonly height: number;
  readonly blocked: readonly Square[];
  readonly difficult: readonly Square[];
}

export interface EncounterCombatant {
  readonly stats: StatBlock;
  readonly at: Square;
  readonly hp: number;
  readonly conditions: readonly Condition[];
  readonly aware: boolean;
  readonly spells: Readonly<Partial<Record<SpellId, number>>>;
}

export interface Encounter {
  readonly name: string;
  readonly map: GridMap;
  readonly rules: RuleOptions;
  /** In the order listed (initiative dice are rolled in this order, INIT-2). */
  readonly combatants: readonly EncounterCombatant[];
}
