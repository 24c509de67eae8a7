// The atomic steps an action breaks into; opportunity windows open between them (RES-1..4).
import type { Maneuver } from '../model/commands.ts';
import type { CreatureId, Square } from '../model/ids.ts';
import type { MoveMode, Trigger } from '../model/events.ts';
import type { SpellId } from '../model/stats.ts';

export type Step =
  | {
      readonly kind: 'leave';
      readonly from: Square;
      readonly to: Square;
      readonly mode: MoveMode;
      /** AVOID-2: the withdraw's first square is not threatened by foes the mover sees. */
      readonly exemptSeen: boolean;
      /** AVOID-4: the foe whose space this step enters, tumbling through. */
      readonly into: CreatureId | null;
    }
  | {
      readonly kind: 'attack';
      readonly target: CreatureId;
      readonly weapon: string;
      readonly bonus: number;
      readonly extraBonus: number;
      readonly provokes: Trigger | null;
      /** SNK-3: the attacker's choice of nonlethal damage, or null for the weapon's own kind. */
      readonly nonlethal: boolean | null;
      /** Arrows in one volley (Manyshot); 1 for an ordinary attack. */
      readonly volley?: number;
      /** Later attacks of a full attack are not wasted on a foe already down. */
      readonly skipIfDown: boolean;
    }
  | { readonly kind: 'maneuver'; readonly maneuver: Exclude<Maneuver, 'touch'>; readonly target: CreatureId; readonly provokes: Trigger | null }
  | { readonly kind: 'spell-begin'; readonly spell: SpellId; readonly target: CreatureId | null; readonly defensively: boolean }
  | { readonly kind: 'spell-complete'; readonly spell: SpellId; readonly target: CreatureId | null; readonly defensively: boolean }
  | { readonly kind: 'touch'; readonly target: CreatureId; readonly spell: SpellId }
  | { readonly kind: 'distract'; readonly trigger: Trigger; readonly action: string; readonly only: CreatureId | null }
  | { readonly kind: 'effect'; readonly effect: 'total-defense' | 'charged' }
  | { readonly kind: 'power-attack'; readonly amount: number }
  | { readonly kind: 'ignore-flanker'; readonly flanker: CreatureId }
  | { readonly kind: 'recover-weapon' }
  | { readonly kind: 'stand-up' }
  | { readonly kind: 'exertion' }
  | { readonly kind: 'end-turn' };
