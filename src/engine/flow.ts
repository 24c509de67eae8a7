// The fight's progression as the machines call it: initiative, rounds, turns, the end (INIT, SURP, FF, CORE-4, CORE-12).
import type { CreatureId } from '../model/ids.ts';
import type { CombatEvent } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { stabilizes } from '../rules/hp.ts';
import { compareInitiative, tiedGroups, type InitiativeEntry } from '../rules/initiative.ts';
import { commit, type Kernel } from './kernel.ts';
import { canActNow, creatureOf, fightIsOver, hpStateOf, sidesStanding, statsOf } from './queries.ts';

/** INIT-1, INIT-2: roll (or take the scripted order) and set the order. */
export function rollInitiative(kernel: Kernel, fixed: readonly CreatureId[] | null): void {
  const { state, dice } = kernel;
  if (fixed) {
    commit(kernel, [{ type: 'InitiativeSet', order: fixed, scripted: true, rules: ['INIT-1'] }]);
    return;
  }
  const events: CombatEvent[] = [];
  let entries: InitiativeEntry[] = state.listed.map((id) => {
    const d20 = dice.roll(20, 'initiative', id);
    const modifier = statsOf(state, id).init;
    events.push({ type: 'InitiativeRolled', id, d20, modifier, total: d20 + modifier, rules: ['INIT-1'] });
    return { id, total: d20 + modifier, modifier, rollOffs: [] };
  });
  // INIT-2: tied creatures roll again, in the order listed, until the tie is broken.
  for (let groups = tiedGroups(entries); groups.length > 0; groups = tiedGroups(entries)) {
    const tied = groups.flat();
    entries = entries.map((e) => {
      if (!tied.includes(e.id)) return e;
      const d20 = dice.roll(20, 'initiative', e.id);
      events.push({ type: 'InitiativeTieRolled', id: e.id, d20, rules: ['INIT-2'] });
      return { ...e, rollOffs: [...e.rollOffs, d20] };
    });
  }
  const order = [...entries].sort(compareInitiative).map((e) => e.id);
  commit(kernel, [...events, { type: 'InitiativeSet', order, scripted: false, rules: ['INIT-1', 'INIT-2'] }]);
}

/** SURP-1: a surprise round when some but not all combatants are aware. */
export function hasSurpriseRound(state: CombatState): boolean {
  const aware = state.listed.filter((id) => creatureOf(state, id).aware);
  return aware.length > 0 && aware.length < state.listed.length;
}

export function beginSurpriseRound(kernel: Kernel): void {
  const aware = kernel.state.listed.filter((id) => creatureOf(kernel.state, id).aware);
  commit(kernel, [{ type: 'SurpriseRoundBegan', aware, rules: ['SURP-1'] }]);
}

export function beginNextRound(kernel: Kernel): void {
  const round = kernel.state.phase === 'surprise' ? 1 : kernel.state.round + 1;
  commit(kernel, [{ type: 'RoundBegan', round, rules: ['INIT-1'] }]);
}

/** INIT-3, SURP-2: does the creature at this place in the order take a turn now? */
export function skipReason(state: CombatState, id: CreatureId): 'unaware' | 'cannot-act' | null {
  if (state.phase === 'surprise' && !creatureOf(state, id).aware) return 'unaware';
  const hp = hpStateOf(state, id);
  // CORE-4: a dying creature still has its turn, to bleed or stabilize.
  if (hp === 'dead' || hp === 'stable' || (!canActNow(state, id) && hp !== 'dying')) return 'cannot-act';
  return null;
}

/** INIT-3: from `from` on in the order, the creatures whose turns are skipped and the index of the next to act (null: the round is over). */
export function nextTurn(state: CombatState, from: number): { skipped: { id: CreatureId; reason: 'unaware' | 'cannot-act' }[]; index: number | null } {
  const skipped: { id: CreatureId; reason: 'unaware' | 'cannot-act' }[] = [];
  if (fightOver(state)) return { skipped, index: null };
  for (let i = from; i < state.order.length; i++) {
    const id = state.order[i]!;
    const reason = skipReason(state, id);
    if (reason === null) return { skipped, index: i };
    skipped.push({ id, reason });
  }
  return { skipped, index: null };
}

/**
 * INIT-3: ends the current turn and begins the next one in the order; none begins when the round is over.
 * Speed (issue 6): the end, the skips, the start and a dying creature's bleeding are one commit; none of
 * them changes what the next takes from the state (who acts, flat-footedness, hit points before the
 * bleeding), and each event still goes to the log in order.
 */
export function handOnTurn(kernel: Kernel): void {
  const turn = kernel.state.turn;
  const from = turn ? kernel.state.order.indexOf(turn.actor) + 1 : 0;
  beginNextTurn(kernel, from, endTurnEvents(kernel));
}

/** INIT-3: from `from` on in the order, skips who takes no turn and begins the turn of the first who does. */
export function beginNextTurn(kernel: Kernel, from: number, before: readonly CombatEvent[] = []): void {
  const pick = nextTurn(kernel.state, from);
  const events = [...before, ...pick.skipped.map((skip) => skipEvent(skip.id, skip.reason))];
  const id = pick.index === null ? null : kernel.state.order[pick.index]!;
  if (id !== null) {
    events.push(...turnStartEvents(kernel.state, id));
    // CORE-4: the dying bleed as their turn begins (none of the events above changes hit points).
    if (hpStateOf(kernel.state, id) === 'dying') events.push(...bleedEvents(kernel, id));
  }
  commit(kernel, events);
}

const skipEvent = (id: CreatureId, reason: 'unaware' | 'cannot-act'): CombatEvent => ({
  type: 'TurnSkipped', id, reason, rules: reason === 'unaware' ? ['SURP-2'] : ['INIT-3'],
});

/** Starts a turn: FF-1 ends flat-footedness, AOO-2 resets the count (CORE-4 bleeds the dying after). */
function turnStartEvents(state: CombatState, id: CreatureId): CombatEvent[] {
  const surprise = state.phase === 'surprise';
  const c = creatureOf(state, id);
  const events: CombatEvent[] = [
    { type: 'TurnBegan', id, round: state.round, surprise, limited: hpStateOf(state, id) === 'disabled', rules: surprise ? ['SURP-2', 'AOO-2'] : ['AOO-2'] },
  ];
  // FF-1: a surprise-round turn ends it, unless the rule option waits for the first regular turn.
  if (c.flatFooted && !(surprise && state.rules.flatFootedUntilFirstRegularTurn)) events.push({ type: 'FlatFootedEnded', id, rules: ['FF-1'] });
  return events;
}

/** CORE-4: a dying creature rolls d% to stabilize, else loses 1 hp. */
function bleedEvents(kernel: Kernel, id: CreatureId): CombatEvent[] {
  const d100 = kernel.dice.roll(100, 'stabilize', id);
  const stable = stabilizes(d100);
  const events: CombatEvent[] = [{ type: 'StabilizationRolled', id, d100, stable, rules: ['CORE-4'] }];
  if (!stable) events.push({ type: 'DamageDealt', source: null, target: id, cause: 'bleeding', dice: [], dieSize: 0, sneakDice: [], amount: 1, rules: ['CORE-4'] });
  return events;
}

/** CORE-1: the acting creature's turn ends; its events, to be committed with what follows. */
function endTurnEvents(kernel: Kernel): CombatEvent[] {
  kernel.pending = null;
  kernel.prompt = null;
  kernel.submitCommand = null;
  const turn = kernel.state.turn;
  return turn ? [{ type: 'TurnEnded', id: turn.actor, rules: ['CORE-1'] }] : [];
}

export const fightOver = (state: CombatState): boolean => state.phase === 'ended' || fightIsOver(state);

/** CORE-12: the fight ends when at most one side can still act. */
export function endCombat(kernel: Kernel): void {
  if (kernel.state.phase === 'ended') return;
  const sides = sidesStanding(kernel.state);
  const winner = sides.length === 1 ? sides[0]! : null;
  commit(kernel, [{ type: 'CombatEnded', winner, rules: ['CORE-12'] }]);
  kernel.prompt = { kind: 'ended', winner };
  kernel.submitCommand = null;
  kernel.submitDecision = null;
}

/** The turn is over when the actor is done, dropped, or the fight ended. */
export function turnIsOver(state: CombatState): boolean {
  const turn = state.turn;
  return !turn || turn.over || !canActNow(state, turn.actor) || fightOver(state);
}
