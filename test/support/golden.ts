// The golden logs: fixed fights whose logs are kept in fixtures/logs/ and must replay and re-run identically.
import { closerCommand } from '../../src/bots/closer.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { loadScenario } from '../../src/io/scenario.ts';
import { logText } from '../../src/log/file.ts';
import { recordRun, recordScenario } from '../../src/log/record.ts';

const root = new URL('../../', import.meta.url);
const path = (p: string) => new URL(p, root).pathname;
const simulator = 'd20sim golden';

function must<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export interface Golden {
  readonly name: string;
  readonly text: string;
}

export function goldenLogs(): Golden[] {
  const run = (file: string, seed: string) => {
    const log = recordRun(must(loadEncounter(path(file))), seed, closerCommand, { simulator, source: file });
    return logText(log.header, log.lines);
  };
  const scenario = (file: string) => {
    const log = recordScenario(must(loadScenario(path(file))), { simulator, source: file });
    return logText(log.header, log.lines);
  };
  return [
    { name: 'duel-seed-7.jsonl', text: run('fixtures/encounters/duel.json', '7') },
    { name: 'skirmish-seed-11.jsonl', text: run('fixtures/encounters/skirmish-4v4.json', '11') },
    { name: 'ambush-seed-3.jsonl', text: run('fixtures/encounters/ambush.json', '3') },
    { name: 'five-disarm-chain.jsonl', text: scenario('fixtures/scenarios/094-res6-disarm-chain-last-succeeds.json') },
    { name: 'spell-in-threat.jsonl', text: scenario('fixtures/scenarios/004-prov3-pickup-then-cast-combat-reflexes.json') },
  ];
}
