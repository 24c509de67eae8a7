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
  /** CORE-4: begun while disabled, it costs 1 hp once done. */
  readonly strenuous: boolean;
}

export const ACTION_RULES = {
  Move: { cost: 'move', provokes: null, avoidedBy: null, strenuous: false },
  FiveFootStep: { cost: 'five-foot-step', provokes: null, avoidedBy: null, strenuous: false },
  Withdraw: { cost: 'full-round', provokes: null, avoidedBy: null, strenuous: true },
  Tumble: { cost: 'move', provokes: null, avoidedBy: null, strenuous: false },
  Attack: { cost: 'standard', provokes: null, avoidedBy: null, strenuous: true },
  FullAttack: { cost: 'full-round', provokes: null, avoidedBy: null, strenuous: true },
  Charge: { cost: 'full-round', provokes: null, avoidedBy: null, strenuous: true },
  SpringAttack: { cost: 'full-round', provokes: null, avoidedBy: null, strenuous: true },
  CastSpell: { cost: 'standard', provokes: 'spell', avoidedBy: null, strenuous: true },
  Touch: { cost: 'standard', provokes: null, avoidedBy: null, strenuous: true },
  DrinkPotion: { cost: 'standard', provokes: 'distracting', avoidedBy: null, strenuous: false },
  StandUp: { cost: 'move', provokes: 'distracting', avoidedBy: null, strenuous: false },
  PickUp: { cost: 'move', provokes: 'distracting', avoidedBy: null, strenuous: false },
  TotalDefense: { cost: 'standard', provokes: null, avoidedBy: null, strenuous: false },
  DrawWeapon: { cost: 'move', provokes: null, avoidedBy: null, strenuous: false },
  Trip: { cost: 'standard', provokes: 'trip', avoidedBy: 'improved-trip', strenuous: true },
  Disarm: { cost: 'standard', provokes: 'disarm', avoidedBy: 'improved-disarm', strenuous: true },
  IgnoreFlanker: { cost: 'free', provokes: 'distracting', avoidedBy: null, strenuous: false },
  EndTurn: { cost: 'free', provokes: null, avoidedBy: null, strenuous: false },
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
  IgnoreFlanker: 'ignore a flanker',
  EndTurn: 'end turn',
} as const satisfies Record<CommandType, string>;
