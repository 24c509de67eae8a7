// Combat state: normalized by id, plain JSON, folded from events by evolve.
import type { CreatureId, SideName, Square } from './ids.ts';
import type { Condition, GridMap, RuleOptions, SpellId, StatBlock } from './stats.ts';

/** A temporary modifier that lasts until the start of its owner's next turn. */
export type Effect =
  | { readonly kind: 'total-defense' } // CORE-8: +4 dodge, no attacks of opportunity
  | { readonly kind: 'charged' } // CORE-7: -2 AC
  | { readonly kind: 'fighting-defensively' }; // CORE-8: +2 dodge

export interface CreatureState {
  readonly id: CreatureId;
  readonly at: Square;
  readonly hp: number;
  /** Nonlethal damage taken (SNK-3): unconscious once it exceeds current hp. */
  readonly nonlethal: number;
  readonly conditions: readonly Condition[];
  readonly flatFooted: boolean;
  readonly aware: boolean;
  /** Attacks of opportunity made since the start of its last turn (AOO-2). */
  readonly aooUsed: number;
  readonly stable: boolean;
  readonly effects: readonly Effect[];
  /** AOO-6: the Power Attack penalty chosen on its last turn. */
  readonly powerAttack: number;
  /** VAR-1: flankers this creature chose to disregard. */
  readonly ignoring: readonly CreatureId[];
  readonly spells: Readonly<Partial<Record<SpellId, number>>>;
}

export type ActionCost = 'standard' | 'move' | 'full-round' | 'five-foot-step' | 'free' | 'double-move';

export interface TurnState {
  readonly actor: CreatureId;
  readonly surprise: boolean;
  /** SURP-2, CORE-4: one standard or move action, then the turn ends. */
  readonly limited: boolean;
  readonly standardLeft: boolean;
  readonly moveLeft: boolean;
  /** Moved this turn other than by a 5-foot step (AVOID-1). */
  readonly moved: boolean;
  readonly stepped: boolean;
  /** Foes already given their one movement opportunity this turn (PROV-2). */
  readonly movementOpportunities: readonly CreatureId[];
  /** Set when the actor's action is over for good (full-round used, dropped). */
  readonly over: boolean;
}

export type Phase = 'setup' | 'surprise' | 'regular' | 'ended';

export interface CombatState {
  readonly name: string;
  readonly map: GridMap;
  readonly rules: RuleOptions;
  readonly stats: Readonly<Record<CreatureId, StatBlock>>;
  readonly creatures: Readonly<Record<CreatureId, CreatureState>>;
  /** Ids in the order the encounter lists them. */
  readonly listed: readonly CreatureId[];
  /** Initiative order, highest first (INIT-1). */
  readonly order: readonly CreatureId[];
  readonly initiative: Readonly<Record<CreatureId, number>>;
  readonly phase: Phase;
  /** 0 is the surprise round. */
  readonly round: number;
  readonly turn: TurnState | null;
  readonly winner: SideName | null;
}
