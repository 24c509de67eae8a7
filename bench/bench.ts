// npm run bench: fights per second for the bundled encounters, and replay speed against plain JSON.parse.
import { readFileSync } from 'node:fs';
import { autoplay } from '../src/combat/autoplay.ts';
import { closerCommand } from '../src/bots/closer.ts';
import { setFreezing } from '../src/engine/evolve.ts';
import { loadEncounter } from '../src/io/encounter.ts';
import { parseLogText } from '../src/log/reader.ts';
import { replayOf, stateAfter } from '../src/log/replay.ts';
import { plainFight } from './plain-loop.ts';

const fixture = (p: string) => new URL(`../${p}`, import.meta.url).pathname;

/** Units of work per second over `seconds`, after a second of the same work untimed (JIT warm-up). */
function timeFor(seconds: number, work: (i: number) => number): { perSecond: number; units: number } {
  let i = 0;
  for (const warm = performance.now(); performance.now() - warm < 1000; ) work(1_000_000 + i++);
  let units = 0;
  i = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) units += work(i++);
  return { perSecond: units / ((performance.now() - start) / 1000), units };
}

function fights(file: string): void {
  const loaded = loadEncounter(fixture(file));
  if (!loaded.ok) throw new Error(loaded.error);
  setFreezing(false); // bulk runs: auto-freeze off (DESIGN.md)
  const { perSecond, units } = timeFor(3, (i) => {
    autoplay(loaded.value, { seed: i, choose: closerCommand, maxRounds: 100 });
    return 1;
  });
  setFreezing(true);
  console.log(`fights  ${file.padEnd(36)} ${perSecond.toFixed(0).padStart(8)} fights/s  (${units} fights, brute-style built-in bot)`);
}

function replay(file: string): void {
  const text = readFileSync(fixture(file), 'utf8');
  const lines = text.split('\n').filter((l) => l !== '');
  const events = lines.filter((l) => l.startsWith('{"seq"')).length;
  setFreezing(false);
  const fold = timeFor(3, () => {
    const log = parseLogText(text, file);
    if (!log.ok) throw new Error(log.error);
    stateAfter(replayOf(log.value));
    return events;
  });
  setFreezing(true);
  const parse = timeFor(3, () => {
    for (const l of lines) JSON.parse(l);
    return events;
  });
  console.log(`replay  ${file.padEnd(36)} ${fold.perSecond.toFixed(0).padStart(8)} events/s folded from JSONL`);
  console.log(`        JSON.parse of the same lines     ${parse.perSecond.toFixed(0).padStart(8)} events/s; replay is ${(parse.perSecond / fold.perSecond).toFixed(2)}x slower`);
}

const engineRate = { value: 0 };

function fightsPerSecond(file: string): number {
  const loaded = loadEncounter(fixture(file));
  if (!loaded.ok) throw new Error(loaded.error);
  setFreezing(false);
  const { perSecond } = timeFor(3, (i) => {
    autoplay(loaded.value, { seed: i, choose: closerCommand, maxRounds: 100 });
    return 1;
  });
  setFreezing(true);
  return perSecond;
}

function plainLoop(file: string): void {
  const loaded = loadEncounter(fixture(file));
  if (!loaded.ok) throw new Error(loaded.error);
  const { perSecond } = timeFor(3, (i) => {
    plainFight(loaded.value, i);
    return 1;
  });
  console.log(`floor   ${file.padEnd(36)} ${perSecond.toFixed(0).padStart(8)} fights/s as a plain loop; the engine is ${(perSecond / engineRate.value).toFixed(1)}x slower`);
}

fights('fixtures/encounters/duel.json');
engineRate.value = fightsPerSecond('fixtures/encounters/skirmish-4v4.json');
console.log(`fights  ${'fixtures/encounters/skirmish-4v4.json'.padEnd(36)} ${engineRate.value.toFixed(0).padStart(8)} fights/s  (machines, events, evolve; brute bots)`);
plainLoop('fixtures/encounters/skirmish-4v4.json');
replay('fixtures/logs/skirmish-seed-11.jsonl');
replay('fixtures/logs/ambush-seed-3.jsonl');
