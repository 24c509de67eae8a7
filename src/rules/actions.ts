// CORE-1 action costs and PROV-3 distracting actions, as data.
import type { CommandType } from '../model/commands.ts';
import type { Trigger } from '../model/events.ts';
import type { ActionCost } from '../model/state.ts';
import type { Feat } from '../model/stats.ts';

export interface ActionRule {
  /** CORE-1: what the action spends (a move path longer than speed becomes a double move). */
  readonly cost: ActionCost;
  /** PROV-3: what it provokes when done in a threatened square, and the feat that avoids it. */
  readonly provokes: Trigger | null;
  readonly avoidedBy: Feat | null;
}

export const ACTION_RULES = {
  Move: { cost: 'move', provokes: null, avoidedBy: null },
  FiveFootStep: { cost: 'five-foot-step', provokes: null, avoidedBy: null },
  Withdraw: { cost: 'full-round', provokes: null, avoidedBy: null },
  Tumble: { cost: 'move', provokes: null, avoidedBy: null },
  Attack: { cost: 'standard', provokes: null, avoidedBy: null },
  FullAttack: { cost: 'full-round', provokes: null, avoidedBy: null },
  Charge: { cost: 'full-round', provokes: null, avoidedBy: null },
  SpringAttack: { cost: 'full-round', provokes: null, avoidedBy: null },
  CastSpell: { cost: 'standard', provokes: 'spell', avoidedBy: null },
  Touch: { cost: 'standard', provokes: null, avoidedBy: null },
  DrinkPotion: { cost: 'standard', provokes: 'distracting', avoidedBy: null },
  StandUp: { cost: 'move', provokes: 'distracting', avoidedBy: null },
  PickUp: { cost: 'move', provokes: 'distracting', avoidedBy: null },
  TotalDefense: { cost: 'standard', provokes: null, avoidedBy: null },
  DrawWeapon: { cost: 'move', provokes: null, avoidedBy: null },
  Trip: { cost: 'standard', provokes: 'trip', avoidedBy: 'improved-trip' },
  Disarm: { cost: 'standard', provokes: 'disarm', avoidedBy: 'improved-disarm' },
  EndTurn: { cost: 'free', provokes: null, avoidedBy: null },
} as const satisfies Record<CommandType, ActionRule>;

/** Human names used in events and narration. */
export const ACTION_NAMES = {
  Move: 'move',
  FiveFootStep: 'five-foot step',
  Withdraw: 'withdraw',
  Tumble: 'tumble',
  Attack: 'attack',
  FullAttack: 'full attack',
  Charge: 'charge',
  SpringAttack: 'spring attack',
  CastSpell: 'cast a spell',
  Touch: 'touch',
  DrinkPotion: 'drink a potion',
  StandUp: 'stand up',
  PickUp: 'pick up an item',
  TotalDefense: 'total defense',
  DrawWeapon: 'draw a weapon',
  Trip: 'trip',
  Disarm: 'disarm',
  EndTurn: 'end turn',
} as const satisfies Record<CommandType, string>;
