// What-if: replay a log's commands up to a point, then give another command and play on.
import { createCombat, type Combat, type CombatOptions } from '../combat/combat.ts';
import type { Dice } from '../dice/dice.ts';
import { scriptedDice } from '../dice/scripted.ts';
import { seededDice } from '../dice/seeded.ts';
import type { Command, OpportunityDecision } from '../model/commands.ts';
import { fromEventLine, isEventLine, type LogEventLine } from './format.ts';
import type { ParsedLog } from './reader.ts';
import { recordedQueues } from './dice-of.ts';

export interface ForkPoint {
  /** Events before the replaced command (the fork happens after this many). */
  readonly events: number;
  /** The log line of the command that is replaced, or null when the fork comes after the last command. */
  readonly line: number | null;
}

interface Step {
  readonly line: number;
  readonly command: Command;
  readonly eventsBefore: number;
}

function commandsOf(log: ParsedLog): Step[] {
  const steps: Step[] = [];
  let events = 0;
  for (const { line, entry } of log.lines) {
    if (isEventLine(entry)) events += 1;
    else if (entry.kind === 'command') steps.push({ line, command: entry.command, eventsBefore: events });
  }
  return steps;
}

/** The latest command boundary at or before event `at`: forks happen where a command is awaited. */
export function forkPoint(log: ParsedLog, at: number): ForkPoint {
  const steps = commandsOf(log);
  const before = steps.filter((s) => s.eventsBefore <= at);
  const chosen = before[before.length - 1] ?? steps[0];
  return chosen ? { events: chosen.eventsBefore, line: chosen.line } : { events: 0, line: null };
}

/**
 * Dice for the branch: the log's own dice up to the fork, then the seed's streams. Seeded logs keep their
 * per-purpose, per-creature streams, so rolls the new command does not touch stay the same.
 */
function branchDice(log: ParsedLog, seed: string | null): { dice: Dice; fork: () => void } {
  const header = log.header.dice;
  const prefix: Dice =
    header.kind === 'seeded'
      ? seededDice(header.seed)
      : scriptedDice(recordedQueues(log.lines.flatMap((l) => (isEventLine(l.entry) ? [fromEventLine(l.entry as LogEventLine)] : []))));
  const after: Dice = seed !== null ? seededDice(seed) : header.kind === 'seeded' ? prefix : seededDice('0');
  let current = prefix;
  return { dice: { roll: (sides, purpose, who) => current.roll(sides, purpose, who) }, fork: () => (current = after) };
}

export interface Branch {
  readonly combat: Combat;
  readonly point: ForkPoint;
  /** Whether the rules accepted the new command. */
  readonly accepted: boolean;
}

export function forkLog(log: ParsedLog, at: number, command: Command, seed: string | null, hooks: Pick<CombatOptions, 'onEvent' | 'onEntry'> = {}): Branch {
  const point = forkPoint(log, at);
  const decisions: OpportunityDecision[] = log.lines.flatMap(({ entry }) => (!isEventLine(entry) && entry.kind === 'decision' ? [entry.decision] : []));
  let replaying = true;
  let nextDecision = 0;
  const { dice, fork } = branchDice(log, seed);
  const combat = createCombat(log.header.encounter, {
    ...hooks,
    dice,
    initiative: log.header.initiative,
    onOpportunity: () => (replaying ? decisions[nextDecision++] : undefined) ?? { take: true, with: null },
  });
  for (const step of commandsOf(log)) {
    if (point.line === null || step.line >= point.line) break;
    combat.send(step.command);
  }
  replaying = false;
  fork();
  const result = combat.send(command);
  return { combat, point, accepted: result.ok };
}
