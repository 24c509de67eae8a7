// Golden logs (fixtures/logs): the same fights give byte-identical logs, which replay and verify.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLogText } from '../../src/log/reader.ts';
import { replayOf, stateAfter } from '../../src/log/replay.ts';
import { verifyLog } from '../../src/log/verify.ts';
import { goldenLogs } from '../support/golden.ts';

const stored = (name: string) => readFileSync(new URL(`../../fixtures/logs/${name}`, import.meta.url), 'utf8');

describe.each(goldenLogs())('golden log $name', ({ name, text }) => {
  it('is what the simulator produces today, byte for byte (npm run golden after a deliberate change)', () => {
    expect(text).toBe(stored(name));
  });

  it('replays to its final state and verifies against the rules and its recorded dice', () => {
    const log = parseLogText(stored(name), name);
    if (!log.ok) throw new Error(log.error);
    const replay = replayOf(log.value);
    const final = stateAfter(replay);
    expect(final.phase === 'ended' || replay.events.length > 0).toBe(true);
    expect(verifyLog(log.value)).toMatchObject({ ok: true });
  });
});
