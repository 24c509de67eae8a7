// evolve: folds events into state with immer. Replay is a fold; it never decides and never rolls.
import { castDraft, isDraft, produce, setAutoFreeze, type Draft } from 'immer';
import type { CombatEvent, EventOf } from '../model/events.ts';
import type { CombatState, CreatureState, TurnState } from '../model/state.ts';
import { canCreatureAct, statsOf } from './queries.ts';

// `base` is the state before the produce: stat blocks never change, so they are read there, not through the draft.
type Handlers = { [T in CombatEvent['type']]: (draft: Draft<CombatState>, event: EventOf<T>, base: CombatState) => void };

const creature = (draft: Draft<CombatState>, id: string): Draft<CreatureState> => {
  const found = draft.creatures[id];
  if (!found) throw new Error(`event names an unknown creature ${JSON.stringify(id)}`);
  return found;
};

const freshTurn = (actor: string, surprise: boolean, disabled: boolean): TurnState => {
  // SURP-2, CORE-4: a surprise-round or disabled turn has one standard action, usable as a move.
  const limited = surprise || disabled;
  return { actor, surprise, limited, standardLeft: true, moveLeft: !limited, moved: false, stepped: false, movementOpportunities: [], over: false };
};

/**
 * A field's current value, read without drafting it: immer's descriptor trap hands back the raw value (or the
 * draft an earlier write made); an object not drafted yet is read directly. A plain read would copy the parent and wrap the value in a proxy, which is
 * most of a handler's cost when it only checks (speed, issue 6).
 */
function peek<T extends object, K extends keyof T>(draft: T, key: K): T[K] {
  return isDraft(draft) ? (Reflect.getOwnPropertyDescriptor(draft, key)?.value as T[K]) : draft[key];
}

/** The creature as it stands now in the produce, for reading only. */
const currentCreature = (draft: Draft<CombatState>, id: string): CreatureState => {
  const found = peek(peek(draft as CombatState, 'creatures'), id);
  if (!found) throw new Error(`event names an unknown creature ${JSON.stringify(id)}`);
  return found;
};

/** Once the acting creature (drafted by the caller) can no longer act, its turn is over (RES-1). */
const closeTurnIfDropped = (draft: Draft<CombatState>, c: Draft<CreatureState>, id: string, base: CombatState): void => {
  if (peek(draft as CombatState, 'turn')?.actor !== id) return;
  const now = { hp: c.hp, stable: c.stable, nonlethal: c.nonlethal, conditions: peek(c as CreatureState, 'conditions') };
  if (!canCreatureAct(now, statsOf(base, id))) draft.turn!.over = true;
};

const HANDLERS: Handlers = {
  InitiativeRolled: (d, e) => {
    d.initiative[e.id] = e.total;
  },
  InitiativeTieRolled: () => {},
  InitiativeSet: (d, e) => {
    d.order = [...e.order];
  },
  SurpriseRoundBegan: (d) => {
    d.phase = 'surprise';
    d.round = 0;
  },
  RoundBegan: (d, e) => {
    d.phase = 'regular';
    d.round = e.round;
  },
  TurnBegan: (d, e) => {
    const now = currentCreature(d, e.id);
    // Drafted only when something resets: most turns begin with nothing to reset (speed, issue 6).
    if (now.aooUsed !== 0 || now.effects.length > 0 || now.powerAttack !== 0) {
      const c = creature(d, e.id);
      c.aooUsed = 0; // AOO-2: the count resets at the start of its own turn
      if (c.effects.length > 0) c.effects = []; // CORE-7, CORE-8: effects last until its next turn
      c.powerAttack = 0; // AOO-6: chosen anew each turn
    }
    d.turn = castDraft(freshTurn(e.id, e.surprise, e.limited));
  },
  TurnSkipped: () => {},
  FlatFootedEnded: (d, e) => {
    creature(d, e.id).flatFooted = false;
  },
  StabilizationRolled: (d, e) => {
    creature(d, e.id).stable = e.stable;
  },
  ActionStarted: (d, e) => {
    const t = d.turn;
    if (!t) return;
    if (e.cost === 'five-foot-step') t.stepped = true;
    if (e.cost === 'move') {
      if (t.moveLeft) t.moveLeft = false;
      else t.standardLeft = false;
    }
    if (e.cost === 'standard') t.standardLeft = false;
    if (e.cost === 'full-round' || e.cost === 'double-move') {
      t.standardLeft = false;
      t.moveLeft = false;
    }
    if (e.cost === 'full-round') t.over = true;
    // SURP-2, CORE-4: a limited turn ends with its single action.
    if (!t.moveLeft && !t.standardLeft && e.cost !== 'free' && e.cost !== 'five-foot-step' && t.limited) t.over = true;
  },
  Moved: (d, e) => {
    creature(d, e.id).at = castDraft(e.to);
    if (e.mode !== 'five-foot-step' && peek(d as CombatState, 'turn')?.moved === false) d.turn!.moved = true;
  },
  MovementStopped: () => {},
  OpportunityProvoked: (d, e) => {
    if (e.trigger === 'move' && d.turn && !d.turn.movementOpportunities.includes(e.reactor)) d.turn.movementOpportunities.push(e.reactor);
  },
  OpportunityDeclined: () => {},
  OpportunityTaken: (d, e) => {
    creature(d, e.reactor).aooUsed += 1; // AOO-2: spent when declared, even if a chain foils it
  },
  OpportunityFoiled: () => {},
  ManeuverRolled: () => {},
  TumbleChecked: () => {},
  PowerAttackChosen: (d, e) => {
    creature(d, e.id).powerAttack = e.amount;
  },
  FlankerIgnored: (d, e) => {
    const c = creature(d, e.id);
    if (!c.ignoring.includes(e.flanker)) c.ignoring.push(e.flanker);
  },
  AttackRolled: (d, e) => {
    // SNK-7: invisibility (not greater) ends when its subject attacks.
    if (!currentCreature(d, e.attacker).conditions.includes('invisible')) return;
    const attacker = creature(d, e.attacker);
    attacker.conditions = attacker.conditions.filter((c) => c !== 'invisible');
  },
  DamageDealt: (d, e, base) => {
    const c = creature(d, e.target);
    if (e.nonlethal) {
      c.nonlethal += e.amount;
      closeTurnIfDropped(d, c, e.target, base);
      return;
    }
    c.hp -= e.amount;
    if (c.hp < 0 && e.cause !== 'bleeding') c.stable = false;
    closeTurnIfDropped(d, c, e.target, base);
  },
  HealingReceived: (d, e, base) => {
    const c = creature(d, e.target);
    c.hp = Math.min(base.stats[e.target]?.maxHp ?? c.hp, c.hp + e.amount);
    if (c.hp > 0) c.stable = false;
  },
  EffectStarted: (d, e) => {
    creature(d, e.id).effects.push({ kind: e.effect });
  },
  SpellBegun: (d, e) => {
    const c = creature(d, e.caster);
    c.spells[e.spell] = Math.max(0, (c.spells[e.spell] ?? 0) - 1); // CORE-10: a lost spell still spends its slot
  },
  ConcentrationChecked: () => {},
  ChargeHeld: (d, e) => {
    creature(d, e.id).conditions.push(`holding-charge:${e.spell}`);
  },
  ChargeDischarged: (d, e) => {
    const c = creature(d, e.id);
    c.conditions = c.conditions.filter((k) => k !== `holding-charge:${e.spell}`);
  },
  ConditionGained: (d, e) => {
    const c = creature(d, e.id);
    if (!c.conditions.includes(e.condition)) c.conditions.push(e.condition);
  },
  ConditionLost: (d, e) => {
    const c = creature(d, e.id);
    c.conditions = c.conditions.filter((k) => k !== e.condition);
  },
  SpellResolved: () => {},
  SpellLost: () => {},
  ActionFoiled: () => {},
  TurnEnded: (d) => {
    d.turn = null;
  },
  CombatEnded: (d, e) => {
    d.phase = 'ended';
    d.winner = e.winner;
    d.turn = null;
  },
};

/** Every event type evolve knows, for checking logs. */
export const EVENT_TYPES = Object.keys(HANDLERS) as CombatEvent['type'][];

export function applyEvent(draft: Draft<CombatState>, event: CombatEvent, base: CombatState): void {
  (HANDLERS[event.type] as (d: Draft<CombatState>, e: CombatEvent, b: CombatState) => void)(draft, event, base);
}

/** Events that only record (a roll, a skip, an outcome told elsewhere): folding them changes nothing. */
const RECORD_ONLY: ReadonlySet<CombatEvent['type']> = new Set<CombatEvent['type']>([
  'InitiativeTieRolled', 'TurnSkipped', 'MovementStopped', 'OpportunityDeclined', 'OpportunityFoiled', 'ManeuverRolled',
  'TumbleChecked', 'ConcentrationChecked', 'SpellResolved', 'SpellLost', 'ActionFoiled',
]);

export function evolve(state: CombatState, event: CombatEvent): CombatState {
  return evolveAll(state, [event]);
}

/** One produce for all the events of a command (DESIGN.md performance budget). */
export function evolveAll(state: CombatState, events: readonly CombatEvent[]): CombatState {
  if (events.every((e) => RECORD_ONLY.has(e.type))) return state;
  return produce(state, (draft) => {
    for (const event of events) applyEvent(draft, event, state);
  });
}

export function foldEvents(initial: CombatState, events: readonly CombatEvent[]): CombatState {
  return evolveAll(initial, events);
}

/** Auto-freeze catches accidental mutation in tests; bulk runs switch it off for speed. */
export const setFreezing = (on: boolean): void => setAutoFreeze(on);
