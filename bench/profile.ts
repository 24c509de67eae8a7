// npm run bench:profile: where a 4-vs-4 fight's time goes (the issue 6 profile), from V8's sampling CPU profiler.
//
// Plays N skirmish-4v4 fights with the brute bot through the whole engine (machines, events, evolve), the way
// `npm run bench` does, and groups the samples: xstate, immer, evolve's handlers, the rest of the engine, the
// bot, and garbage collection.
import { Session, type Profiler } from 'node:inspector/promises';
import { autoplay } from '../src/combat/autoplay.ts';
import { closerCommand } from '../src/bots/closer.ts';
import { setFreezing } from '../src/engine/evolve.ts';
import { loadEncounter } from '../src/io/encounter.ts';

const FIGHT = 'autoplay';
const BOT = 'closerCommand';

/** Which part of the system a sample belongs to: its frame's package or folder, and whether the bot called it. */
function groupOf(frame: Profiler.ProfileNode["callFrame"], underBot: boolean): string {
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (underBot) return 'brute bot (closerCommand and its pathfinding)';
  if (frame.url.includes('node_modules/xstate')) return 'xstate (actors, macrosteps)';
  if (frame.url.includes('node_modules/immer')) return 'immer (one produce per commit)';
  if (frame.url.includes('/src/engine/evolve')) return "evolve's handlers";
  return 'engine: plan, progress, rules, queries, dice';
}

function groups(profile: Profiler.Profile): [string, number][] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<number, number>();
  profile.samples!.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  const totals = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = time.get(node.id) ?? 0;
    if (t === 0) continue;
    let inFight = false;
    let underBot = false;
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id)!.callFrame.functionName;
      inFight ||= name === FIGHT;
      underBot ||= name === BOT;
    }
    if (!inFight && node.callFrame.functionName !== '(garbage collector)') continue;
    const g = groupOf(node.callFrame, underBot);
    totals.set(g, (totals.get(g) ?? 0) + t);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const n = Number(process.argv[2] ?? 1000);
const loaded = loadEncounter(new URL('../fixtures/encounters/skirmish-4v4.json', import.meta.url).pathname);
if (!loaded.ok) throw new Error(loaded.error);
setFreezing(false);
for (let i = 0; i < 100; i++) autoplay(loaded.value, { seed: 1_000_000 + i, choose: closerCommand, maxRounds: 100 }); // warm-up
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const start = performance.now();
for (let i = 0; i < n; i++) autoplay(loaded.value, { seed: i, choose: closerCommand, maxRounds: 100 });
const ms = performance.now() - start;
const { profile } = await session.post('Profiler.stop');
session.disconnect();
const all = groups(profile);
const total = all.reduce((s, [, t]) => s + t, 0);
console.log(`${n} skirmish-4v4 fights, ${(ms / n).toFixed(2)} ms per fight under the profiler (${((n / ms) * 1000).toFixed(0)} fights/s)`);
for (const [group, t] of all) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${((ms / n) * (t / total)).toFixed(2)} ms  ${group}`);
