// `replay --verify`: re-decide every command with the log's own dice and answers; every event must match.
import { createCombat } from '../combat/combat.ts';
import { scriptedDice } from '../dice/scripted.ts';
import type { OpportunityDecision } from '../model/commands.ts';
import type { CombatEvent } from '../model/events.ts';
import { fromEventLine, isEventLine, type LogEventLine } from './format.ts';
import type { ParsedLog } from './reader.ts';
import { recordedQueues } from './dice-of.ts';

export type Verdict =
  | { readonly ok: true; readonly events: number; readonly commands: number }
  | { readonly ok: false; readonly line: number; readonly message: string; readonly expected: CombatEvent | null; readonly found: CombatEvent | null };

const same = (a: CombatEvent, b: CombatEvent): boolean => JSON.stringify(a) === JSON.stringify(b);

export function verifyLog(log: ParsedLog): Verdict {
  const logged: { line: number; event: CombatEvent }[] = [];
  const decisions: OpportunityDecision[] = [];
  const commands: { line: number; entry: Extract<ParsedLog['lines'][number]['entry'], { kind: 'command' }> }[] = [];
  for (const { line, entry } of log.lines) {
    if (isEventLine(entry)) logged.push({ line, event: fromEventLine(entry as LogEventLine) });
    else if (entry.kind === 'decision') decisions.push(entry.decision);
    else if (entry.kind === 'command') commands.push({ line, entry });
  }
  const dice = scriptedDice(recordedQueues(logged.map((l) => l.event)));
  let nextDecision = 0;
  const produced: CombatEvent[] = [];
  const combat = createCombat(log.header.encounter, {
    dice,
    initiative: log.header.initiative,
    onOpportunity: () => decisions[nextDecision++] ?? { take: false, with: null },
    onEvent: (event) => produced.push(event),
  });
  for (const { line, entry } of commands) {
    const result = combat.send(entry.command);
    if (!result.ok && result.rejection.code === 'dice-exhausted') {
      return { ok: false, line, message: `the command on line ${line} needs more dice than the log records`, expected: null, found: null };
    }
  }
  for (let i = 0; i < Math.max(produced.length, logged.length); i++) {
    const expected = produced[i] ?? null;
    const found = logged[i]?.event ?? null;
    if (expected && found && same(expected, found)) continue;
    const line = logged[i]?.line ?? (log.lines[log.lines.length - 1]?.line ?? 1) + 1;
    const message = !found ? `the log ends before event ${i + 1}` : !expected ? `event ${i + 1} was not produced by the commands` : `event ${i + 1} does not follow from the rules and the recorded dice`;
    return { ok: false, line, message, expected, found };
  }
  return { ok: true, events: logged.length, commands: commands.length };
}
