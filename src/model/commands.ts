// Commands: intents from controllers (scenario scripts, bots, external programs). Imperative names.
import type { CreatureId, Square } from './ids.ts';
import type { SpellId } from './stats.ts';

interface Base {
  readonly actor: CreatureId;
}

export type Command =
  | (Base & { readonly type: 'Move'; readonly path: readonly Square[] })
  | (Base & { readonly type: 'FiveFootStep'; readonly to: Square })
  | (Base & { readonly type: 'Withdraw'; readonly path: readonly Square[] })
  | (Base & { readonly type: 'Tumble'; readonly path: readonly Square[]; readonly through: boolean })
  | (Base & {
      readonly type: 'Attack';
      readonly target: CreatureId;
      readonly with: string | null;
      readonly powerAttack: number;
      /** SNK-3: deal nonlethal damage with a lethal weapon (or the reverse) at -4. */
      readonly nonlethal?: boolean;
      /** Manyshot: two arrows with one roll at -4 (SNK-7: only the first can sneak attack). */
      readonly manyshot?: boolean;
    })
  | (Base & {
      readonly type: 'FullAttack';
      readonly targets: readonly CreatureId[];
      readonly with: string | null;
      readonly stepAfter: Square | null;
      readonly powerAttack: number;
      readonly nonlethal?: boolean;
    })
  | (Base & { readonly type: 'Charge'; readonly target: CreatureId; readonly path: readonly Square[]; readonly powerAttack: number })
  | (Base & {
      readonly type: 'SpringAttack';
      readonly path: readonly Square[];
      readonly target: CreatureId;
      readonly then: readonly Square[];
      readonly powerAttack: number;
    })
  | (Base & {
      readonly type: 'CastSpell';
      readonly spell: SpellId;
      readonly target: CreatureId | null;
      readonly at: Square | null;
      readonly defensively: boolean;
    })
  | (Base & { readonly type: 'Touch'; readonly target: CreatureId })
  | (Base & { readonly type: 'DrinkPotion' })
  | (Base & { readonly type: 'StandUp' })
  | (Base & { readonly type: 'PickUp' })
  | (Base & { readonly type: 'TotalDefense' })
  | (Base & { readonly type: 'DrawWeapon' })
  | (Base & { readonly type: 'Trip'; readonly target: CreatureId })
  | (Base & { readonly type: 'Disarm'; readonly target: CreatureId })
  | (Base & { readonly type: 'IgnoreFlanker'; readonly target: CreatureId })
  | (Base & { readonly type: 'EndTurn' });

export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** SPEC.md step `action` names and the command each becomes. */
export const STEP_ACTIONS = {
  move: 'Move',
  'five-foot-step': 'FiveFootStep',
  withdraw: 'Withdraw',
  tumble: 'Tumble',
  attack: 'Attack',
  'full-attack': 'FullAttack',
  charge: 'Charge',
  'spring-attack': 'SpringAttack',
  cast: 'CastSpell',
  touch: 'Touch',
  'drink-potion': 'DrinkPotion',
  'stand-up': 'StandUp',
  'pick-up': 'PickUp',
  'total-defense': 'TotalDefense',
  'draw-weapon': 'DrawWeapon',
  trip: 'Trip',
  disarm: 'Disarm',
  'ignore-flanker': 'IgnoreFlanker',
  'end-turn': 'EndTurn',
} as const satisfies Record<string, CommandType>;

export type StepAction = keyof typeof STEP_ACTIONS;

/** Answer to an opportunity prompt (AOO-4). */
export interface OpportunityDecision {
  readonly take: boolean;
  /** Attack name, or trip / disarm / touch (AOO-5); null for the default melee attack. */
  readonly with: string | null;
}

/** Special attacks an attack of opportunity may be made as (AOO-5). */
export const MANEUVERS = ['trip', 'disarm', 'touch'] as const;
export type Maneuver = (typeof MANEUVERS)[number];
