import { it } from 'vitest';
import { session, playToEnd, fixture } from './harness.ts';
import { encounter, fighter, orc } from '../support/encounters.ts';
it('exp', async () => {
  for (const seed of ['1', '2', '3', '4']) {
    const enc = encounter([fighter({ at: [2, 2], init: 10 }), orc({ at: [3, 2], hp: 30 })]);
    const s = session(enc, { side: 'heroes', seed, opponent: 'random' });
    const end = await playToEnd(s);
    const opp = s.messages.filter((m) => m.type === 'opportunity-request');
    console.log(seed, end.winner, s.messages.filter((m) => m.type === 'command-request').length, opp.length, JSON.stringify(opp[0] ?? null).slice(0, 200));
  }
});
