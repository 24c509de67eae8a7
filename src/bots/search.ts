// The search bot: Monte Carlo rollouts over the engine itself. For each shortlisted command it resumes the
// fight from the current state with fresh dice, plays on with a fast policy for every side, and keeps the
// command whose outcomes score best for its side. Budget: candidates x rollouts, each a few rounds deep.
import { resumeCombat, type Combat } from '../combat/combat.ts';
import { seededDice } from '../dice/seeded.ts';
import type { Command } from '../model/commands.ts';
import type { SideName } from '../model/ids.ts';
import type { CombatState } from '../model/state.ts';
import { hpStateOf, statsOf } from '../engine/queries.ts';
import type { LegalCommand } from '../engine/legal.ts';
import { botRandom, type CommandRequest, type Controller } from './controller.ts';
import { closerCommand } from './closer.ts';

export interface SearchOptions {
  readonly seed?: number;
  readonly candidates?: number;
  readonly rollouts?: number;
  /** Rounds played out past the current one in each rollout. */
  readonly depth?: number;
  /** The policy inside rollouts (default: the brute's closer rules for every side). */
  readonly policy?: (state: CombatState, actor: string) => Command;
  /** A bot whose choice is the default, kept unless a rollout-tested alternative beats it clearly. */
  readonly prior?: Controller;
  /** How much better (mean score per rollout) an alternative must do to replace the prior's choice. */
  readonly margin?: number;
}

/** Higher is better for `side`: hit points kept, foes' lost, and the outcome. */
export function evaluate(state: CombatState, side: SideName): number {
  let score = 0;
  for (const id of state.listed) {
    const c = state.creatures[id]!;
    const s = statsOf(state, id);
    const standing = hpStateOf(state, id);
    const value = standing === 'fine' || standing === 'disabled' ? 0.5 + c.hp / s.maxHp / 2 : 0;
    score += s.side === side ? value : -value;
  }
  if (state.phase === 'ended') score += state.winner === side ? 4 : state.winner === null ? 0 : -4;
  return score;
}

const key = (c: Command): string => JSON.stringify(c);

/** A handful of sensible commands: attacks and spells, the brute's move, safe steps, ending the turn. */
export function shortlist(request: CommandRequest, limit: number): Command[] {
  const { legal, state, actor } = request;
  const out = new Map<string, Command>();
  const add = (c: Command) => out.size < limit && !out.has(key(c)) && out.set(key(c), c);
  const isLegal = (c: Command) => legal.some((l) => key(l.command) === key(c));
  const brute = closerCommand(state, actor);
  if (isLegal(brute)) add(brute);
  const pick = (p: (l: LegalCommand) => boolean) => legal.filter(p).forEach((l) => add(l.command));
  pick((l) => l.command.type === 'FullAttack');
  pick((l) => l.command.type === 'Attack' && statsOf(state, actor).attacks.find((a) => a.name === (l.command as { with: string | null }).with)?.kind !== 'ranged');
  pick((l) => l.command.type === 'CastSpell' && l.provokes.length === 0);
  pick((l) => l.command.type === 'FiveFootStep');
  pick((l) => l.command.type === 'Withdraw' && l.provokes.length === 0 && l.command.path.length >= 2);
  add({ type: 'EndTurn', actor });
  return [...out.values()];
}

function rollout(state: CombatState, command: Command, seed: string, depth: number, policy: (s: CombatState, a: string) => Command): CombatState {
  const combat: Combat = resumeCombat(state, { dice: seededDice(seed), onOpportunity: () => ({ take: true, with: null }) });
  const first = combat.send(command);
  if (!first.ok) return state;
  const lastRound = state.round + depth;
  for (let guard = 0; guard < 2000; guard++) {
    const prompt = combat.prompt;
    if (prompt.kind !== 'command' || combat.state.round > lastRound) break;
    if (!combat.send(policy(combat.state, prompt.actor)).ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
  }
  return combat.state;
}

export function searchBot(options: SearchOptions = {}): Controller {
  const next = botRandom(options.seed ?? 7);
  const candidates = options.candidates ?? 6;
  const rollouts = options.rollouts ?? 4;
  const depth = options.depth ?? 2;
  const policy = options.policy ?? closerCommand;
  const prior = options.prior ?? null;
  const margin = options.margin ?? 0.3;
  return {
    name: 'search',
    chooseCommand(request) {
      const side = statsOf(request.state, request.actor).side;
      const preferred = prior?.chooseCommand(request) ?? null;
      const options = [...(preferred ? [preferred] : []), ...shortlist(request, candidates).filter((c) => !preferred || key(c) !== key(preferred))];
      if (options.length <= 1) return options[0] ?? { type: 'EndTurn', actor: request.actor };
      // The same dice for every candidate: differences come from the commands, not the luck.
      const seeds = Array.from({ length: rollouts }, () => String(Math.floor(next() * 2 ** 31)));
      const scores = options.map((command) => seeds.reduce((t, seed) => t + evaluate(rollout(request.state, command, seed, depth, policy), side), 0) / rollouts);
      let best = 0;
      scores.forEach((s, i) => {
        if (s > scores[best]!) best = i;
      });
      // Keep the prior's choice unless the rollouts show something clearly better.
      if (preferred && scores[best]! - scores[0]! < margin) return preferred;
      return options[best]!;
    },
    chooseOpportunity: (request) => prior?.chooseOpportunity(request) ?? { take: true, with: null },
  };
}
