// Logs for the viewer tests: the golden logs, and a small fight with a reach weapon (no golden log has one).
import { closerCommand } from '../../src/bots/closer.ts';
import { parseEncounter } from '../../src/io/encounter.ts';
import { logText } from '../../src/log/file.ts';
import { LOG_FORMAT } from '../../src/log/format.ts';
import { parseLogText, readLog, type ParsedLog } from '../../src/log/reader.ts';
import { recordRun } from '../../src/log/record.ts';
import type { Encounter } from '../../src/model/stats.ts';

export const root = new URL('../../', import.meta.url);
export const fixtureLog = (name: string): string => new URL(`fixtures/logs/${name}.jsonl`, root).pathname;

export function golden(name: string): ParsedLog {
  const log = readLog(fixtureLog(name));
  if (!log.ok) throw new Error(log.error);
  return log.value;
}

/** A guard with a glaive (a reach weapon only) against a Large ogre (natural reach 10 ft). */
export const REACH_ENCOUNTER = {
  format: 'd20sim/encounter@1',
  name: 'Reach test: a glaive against an ogre',
  map: { width: 12, height: 9, blocked: [[6, 1]], difficult: [] },
  combatants: [
    {
      id: 'guard', name: 'Guard', side: 'heroes', at: [3, 4], hp: 20, ac: { total: 16, touch: 10, flatFooted: 16 }, init: 1, dex: 10,
      attacks: [{ name: 'glaive', kind: 'melee', bonus: [5], damage: '1d10+3', reachWeapon: true }],
    },
    {
      id: 'ogre', name: 'Ogre', side: 'monsters', size: 'large', at: [8, 4], hp: 29, ac: { total: 16, touch: 8, flatFooted: 16 }, init: -1, dex: 8,
      attacks: [{ name: 'greatclub', kind: 'melee', bonus: [8], damage: '2d8+7' }],
    },
  ],
};

export function reachEncounter(): Encounter {
  const parsed = parseEncounter(REACH_ENCOUNTER, 'reach.json');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The reach fight played by the built-in bot, as log text. */
export function reachLogText(seed = '2'): string {
  const log = recordRun(reachEncounter(), seed, closerCommand, { simulator: 'viewer test', source: 'reach.json' });
  return logText(log.header, log.lines);
}

/** A log of the encounter with no event at all: only step 0. */
export function headerOnlyLog(encounter: Encounter): ParsedLog {
  const header = { format: LOG_FORMAT, simulator: 'viewer test', source: 'test', initiative: null, dice: { kind: 'seeded', seed: '1' }, encounter };
  const log = parseLogText(`${JSON.stringify(header)}\n`, 'header-only.jsonl');
  if (!log.ok) throw new Error(log.error);
  return log.value;
}
