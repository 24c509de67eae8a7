// The floor for `npm run bench`: the same 4-vs-4 fight without machines, immer or events. The same bot
// (closerCommand) chooses, the same rule functions decide, but state is one mutable object and commands are
// executed by a plain loop: initiative, moves that provoke from threatening foes, attacks, magic missiles.
import { closerCommand } from '../src/bots/closer.ts';
import { seededDice } from '../src/dice/seeded.ts';
import { armorClassAgainst, dexDenial, isFlanking } from '../src/engine/attack-context.ts';
import { initialState } from '../src/engine/initial.ts';
import { canTakeOpportunity } from '../src/engine/opportunity.ts';
import { canActNow, findAttack, fightIsOver, statsOf } from '../src/engine/queries.ts';
import { attackRoll, confirms } from '../src/rules/attack-roll.ts';
import { hitDamage } from '../src/rules/damage.ts';
import { diceExpr } from '../src/rules/dice-expr.ts';
import { squaresOf } from '../src/rules/grid.ts';
import { missileCount } from '../src/rules/spells.ts';
import type { Dice } from '../src/dice/dice.ts';
import type { CombatState, CreatureState, TurnState } from '../src/model/state.ts';
import type { AttackProfile, Encounter } from '../src/model/stats.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function strike(state: CombatState, dice: Dice, attacker: string, target: string, attack: AttackProfile, bonus: number): void {
  const denied = dexDenial(state, attacker, target) !== null;
  const flank = attack.kind !== 'ranged' && isFlanking(state, attacker, target);
  const total = bonus + (flank ? 2 : 0);
  const { ac } = armorClassAgainst(state, target, denied, false, null);
  const roll = attackRoll(dice.roll(20, 'attack', attacker), total, ac, attack.crit.range);
  if (!roll.hit) return;
  const crit = roll.threat && confirms(dice.roll(20, 'attack', attacker), total, ac);
  const expr = diceExpr(attack.damage);
  const rolls: number[][] = [];
  for (let m = 0; m < (crit ? attack.crit.multiplier : 1); m++) {
    const r: number[] = [];
    for (let i = 0; i < expr.count; i++) r.push(dice.roll(expr.sides, 'damage', attacker));
    rolls.push(r);
  }
  const sneak: number[] = [];
  if (statsOf(state, attacker).sneakAttack > 0 && (denied || flank)) for (let i = 0; i < statsOf(state, attacker).sneakAttack; i++) sneak.push(dice.roll(6, 'damage', attacker));
  (state.creatures[target] as Mutable<CreatureState>).hp -= hitDamage(rolls, expr.bonus, sneak);
}

export function plainFight(encounter: Encounter, seed: number): string | null {
  const state = structuredClone(initialState(encounter)) as Mutable<CombatState>;
  const dice = seededDice(seed);
  const init = Object.fromEntries(state.listed.map((id) => [id, dice.roll(20, 'initiative', id) + statsOf(state, id).init]));
  state.order = [...state.listed].sort((a, b) => init[b]! - init[a]!);
  state.phase = 'regular';
  for (let round = 1; round <= 100; round++) {
    state.round = round;
    for (const id of state.order) {
      if (fightIsOver(state)) return state.listed.find((c) => canActNow(state, c)) ? statsOf(state, state.listed.find((c) => canActNow(state, c))!).side : null;
      if (!canActNow(state, id)) continue;
      const me = state.creatures[id] as Mutable<CreatureState>;
      me.flatFooted = false;
      me.aooUsed = 0;
      state.turn = { actor: id, surprise: false, limited: false, standardLeft: true, moveLeft: true, moved: false, stepped: false, movementOpportunities: [], over: false };
      for (let actions = 0; actions < 3 && canActNow(state, id); actions++) {
        const turn = state.turn as Mutable<TurnState>;
        const command = closerCommand(state, id);
        if (command.type === 'EndTurn') break;
        if (command.type === 'Move') {
          const opportunities: string[] = [];
          for (const to of command.path) {
            for (const foe of state.listed) {
              if (opportunities.includes(foe) || !canTakeOpportunity(state, foe, id, squaresOf(me.at, statsOf(state, id).size))) continue;
              opportunities.push(foe);
              (state.creatures[foe] as Mutable<CreatureState>).aooUsed += 1;
              const w = findAttack(statsOf(state, foe), null)!;
              strike(state, dice, foe, id, w, Math.max(...w.bonus));
            }
            if (!canActNow(state, id)) break;
            me.at = to;
          }
          turn.moved = true;
          if (turn.moveLeft) turn.moveLeft = false;
          else turn.standardLeft = false;
        } else if (command.type === 'Attack' || command.type === 'FullAttack') {
          const target = command.type === 'Attack' ? command.target : command.targets[0]!;
          const w = findAttack(statsOf(state, id), command.with)!;
          for (const bonus of command.type === 'Attack' ? [w.bonus[0]!] : w.bonus) if (canActNow(state, target)) strike(state, dice, id, target, w, bonus);
          turn.standardLeft = false;
          if (command.type === 'FullAttack') break;
        } else if (command.type === 'CastSpell' && command.target) {
          const spells = me.spells as Record<string, number>;
          spells[command.spell] = (spells[command.spell] ?? 0) - 1;
          for (let i = 0; i < missileCount(statsOf(state, id).casterLevel); i++) (state.creatures[command.target] as Mutable<CreatureState>).hp -= dice.roll(4, 'damage', id) + 1;
          turn.standardLeft = false;
        } else break;
      }
    }
  }
  return null;
}
