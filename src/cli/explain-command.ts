// `d20sim explain LOG --event N [--why-not]`.
import { explainEvent, whyNot } from '../explain/explain.ts';
import { replayOf } from '../log/replay.ts';
import { badInput } from './errors.ts';
import { loadLog } from './replay-command.ts';

export function explainCommand(file: string, options: { event: string; whyNot?: boolean }, out: (line: string) => void): void {
  const replay = replayOf(loadLog(file));
  const n = Number(options.event);
  if (!Number.isInteger(n) || n < 1 || n > replay.events.length) {
    throw badInput(`--event: expected an event number from 1 to ${replay.events.length}, got ${JSON.stringify(options.event)}`);
  }
  for (const line of options.whyNot ? whyNot(replay, n) : explainEvent(replay, n)) out(line);
}
