// Logs, by property (fast-check): replay gives the live state, --verify passes, a cut log replays its prefix.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closerCommand } from '../../src/bots/closer.ts';
import { foldEvents } from '../../src/engine/evolve.ts';
import { logText } from '../../src/log/file.ts';
import { fromEventLine, isEventLine, type LogEventLine } from '../../src/log/format.ts';
import { parseLogText } from '../../src/log/reader.ts';
import { recordRun } from '../../src/log/record.ts';
import { replayOf, stateAfter } from '../../src/log/replay.ts';
import { verifyLog } from '../../src/log/verify.ts';
import { encounterArb, seedArb } from '../support/arbitraries.ts';

const meta = { simulator: 'test', source: 'property', maxRounds: 20 };
const runs = { numRuns: 30 };

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function parsed(text: string) {
  const log = parseLogText(text, 'x.jsonl');
  if (!log.ok) throw new Error(log.error);
  return log.value;
}

describe('a run\'s log', () => {
  it('replays to exactly the live final state, and --verify passes', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, (encounter, seed) => {
        const recorded = recordRun(encounter, String(seed), closerCommand, meta);
        const log = parsed(logText(recorded.header, recorded.lines));
        expect(stateAfter(replayOf(log))).toEqual(recorded.final);
        expect(verifyLog(log)).toMatchObject({ ok: true });
      }),
      runs,
    );
  });

  it('cut at any byte after the header, replays its complete lines', () => {
    fc.assert(
      fc.property(encounterArb, seedArb, fc.double({ min: 0, max: 1, noNaN: true }), (encounter, seed, where) => {
        const recorded = recordRun(encounter, String(seed), closerCommand, meta);
        const text = logText(recorded.header, recorded.lines);
        const headerEnd = text.indexOf('\n') + 1;
        const cut = headerEnd + Math.floor(where * (text.length - headerEnd));
        const prefix = text.slice(0, cut);
        const log = parsed(prefix);
        // Whole lines, and a last line cut exactly before its newline still counts (it is complete JSON).
        const rows = prefix.split('\n').slice(1);
        const tail = rows[rows.length - 1] ?? '';
        const tailComplete = tail === '' || isJson(tail);
        const expectedEvents = (tailComplete ? rows : rows.slice(0, -1))
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as LogEventLine)
          .filter((l) => isEventLine(l))
          .map(fromEventLine);
        const replay = replayOf(log);
        expect(replay.events).toEqual(expectedEvents);
        expect(stateAfter(replay)).toEqual(foldEvents(replay.initial, expectedEvents));
        expect(log.truncatedAt !== null).toBe(!tailComplete);
      }),
      runs,
    );
  });
});
