// npm run bench:commands: what each kind of command costs the engine (machines, events, evolve), split by
// whether it opened an opportunity window; brute bots on skirmish-4v4, the bot's own time left out.
// The issue 6 breakdown of where a fight's time goes, one level above `npm run bench:profile`.
import { createCombat } from '../src/combat/combat.ts';
import { closerCommand } from '../src/bots/closer.ts';
import { setFreezing } from '../src/engine/evolve.ts';
import { loadEncounter } from '../src/io/encounter.ts';

interface Cost {
  ms: number;
  sends: number;
  events: number;
}

const loaded = loadEncounter(new URL('../fixtures/encounters/skirmish-4v4.json', import.meta.url).pathname);
if (!loaded.ok) throw new Error(loaded.error);
const encounter = loaded.value;
setFreezing(false); // bulk runs: auto-freeze off (DESIGN.md)
const costs = new Map<string, Cost>();

function fight(seed: number): void {
  const combat = createCombat(encounter, { seed });
  for (let prompt = combat.prompt; prompt.kind === 'command' && combat.state.round <= 100; prompt = combat.prompt) {
    const command = closerCommand(combat.state, prompt.actor);
    const before = combat.events.length;
    const start = performance.now();
    if (!combat.send(command).ok) combat.send({ type: 'EndTurn', actor: prompt.actor });
    const ms = performance.now() - start;
    const events = combat.events.slice(before);
    const key = `${command.type}${events.some((e) => e.type === 'OpportunityProvoked') ? ' with a window' : ''}`;
    const cost = costs.get(key) ?? { ms: 0, sends: 0, events: 0 };
    cost.ms += ms;
    cost.sends += 1;
    cost.events += events.length;
    costs.set(key, cost);
  }
}

const n = Number(process.argv[2] ?? 1000);
for (let i = 0; i < 300; i++) fight(1_000_000 + i); // warm-up
costs.clear();
for (let i = 0; i < n; i++) fight(i);
console.log(`${n} skirmish-4v4 fights, brute bots: the engine's time per command`);
for (const [key, c] of [...costs].sort((a, b) => b[1].ms - a[1].ms)) {
  const perSend = ((c.ms / c.sends) * 1000).toFixed(1);
  console.log(`${key.padEnd(24)} ${(c.ms / n).toFixed(3)} ms/fight  ${perSend.padStart(6)} µs/send  ${(c.sends / n).toFixed(2).padStart(6)} sends/fight  ${(c.events / c.sends).toFixed(1)} events/send`);
}
