// `d20sim fork LOG --at N --command JSON [--seed S]`: the same fight up to event N, then another command.
import { playOut } from '../combat/autoplay.ts';
import { closerCommand } from '../bots/closer.ts';
import { hpStateOf } from '../engine/queries.ts';
import { forkLog } from '../log/fork.ts';
import { replayOf, stateAfter } from '../log/replay.ts';
import { narrate } from '../narrate/english.ts';
import type { Command } from '../model/commands.ts';
import type { CombatState } from '../model/state.ts';
import { parseCommandJson } from '../io/command.ts';
import { badInput } from './errors.ts';
import { eventNumber, loadLog } from './replay-command.ts';

export interface ForkOptions {
  readonly at: string;
  readonly command: string;
  readonly seed?: string;
  readonly maxRounds: string;
}

function outcome(state: CombatState): string {
  const who = state.listed.map((id) => `${id} ${state.creatures[id]!.hp} hp (${hpStateOf(state, id)})`).join(', ');
  return `${state.phase === 'ended' ? `winner: ${state.winner ?? 'nobody'}` : 'not over'}; ${who}`;
}

export function forkCommand(file: string, options: ForkOptions, out: (line: string) => void): void {
  const log = loadLog(file);
  const replay = replayOf(log);
  const at = eventNumber(options.at, replay.events.length, '--at');
  const parsed = parseCommandJson(options.command, '--command');
  if (!parsed.ok) throw badInput(parsed.error);
  const command: Command = parsed.value;
  let printing = false;
  const { combat, point, accepted } = forkLog(log, at, command, options.seed ?? null, {
    onEvent: (event, state) => {
      const line = printing ? narrate(event, state) : null;
      if (line) out(line);
    },
  });
  out(`Fork of ${file} after event ${point.events}${point.line ? ` (replacing the command on line ${point.line})` : ''}: ${JSON.stringify(command)}`);
  if (!accepted) out('(the command changed nothing: it was rejected)');
  const sent = combat.events.slice(point.events);
  for (const event of sent) {
    const line = narrate(event, combat.state);
    if (line) out(line);
  }
  printing = true;
  const stopped = playOut(combat, closerCommand, Number(options.maxRounds) || 100);
  out(`Branch:   ${outcome(combat.state)}${stopped ? ' (stopped at the round limit)' : ''}`);
  out(`Original: ${outcome(stateAfter(replay))}`);
}
