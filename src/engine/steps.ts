// The atomic steps an action breaks into; opportunity windows open between them (RES-1..3).
import type { CreatureId, Square } from '../model/ids.ts';
import type { MoveMode, Trigger } from '../model/events.ts';
import type { SpellId } from '../model/stats.ts';

export type Step =
  | { readonly kind: 'leave'; readonly from: Square; readonly to: Square; readonly mode: MoveMode; readonly exemptSeen: boolean }
  | {
      readonly kind: 'attack';
      readonly target: CreatureId;
      readonly weapon: string;
      readonly bonus: number;
      readonly extraBonus: number;
      readonly provokes: Trigger | null;
      /** Later attacks of a full attack are not wasted on a foe already down. */
      readonly skipIfDown: boolean;
    }
  | { readonly kind: 'spell-begin'; readonly spell: SpellId; readonly target: CreatureId | null; readonly defensively: boolean }
  | { readonly kind: 'spell-complete'; readonly spell: SpellId; readonly target: CreatureId | null; readonly defensively: boolean }
  | { readonly kind: 'touch'; readonly target: CreatureId; readonly spell: SpellId }
  | { readonly kind: 'distract'; readonly trigger: Trigger; readonly action: string }
  | { readonly kind: 'effect'; readonly effect: 'total-defense' | 'charged' }
  | { readonly kind: 'stand-up' }
  | { readonly kind: 'end-turn' };
