import { it } from 'vitest';
import { fixture, session } from './harness.ts';
it('x', async () => {
  const s = session(fixture('duel'), { side: 'heroes', seed: '7' });
  const show = (m: any) => console.log(JSON.stringify(m.type === 'command-request' ? { ...m, legal: m.legal.length + ' entries: ' + JSON.stringify(m.legal.filter((l: any) => ['attack', 'charge', 'end-turn', 'five-foot-step'].includes(l.command.action)).slice(0, 8)) } : m));
  let m = await s.nextNonEvent(); m = await s.nextNonEvent(); show(m);
  s.send({ type: 'command', id: 1, command: { actor: 'bugbear', action: 'end-turn' } }); show(await s.next());
  s.send({ type: 'command', id: 1, command: { actor: 'fighter', action: 'move', path: [[3, 4], [4, 4], [5, 4], [6, 4], [7, 4], [8, 4]] } });
  m = await s.nextNonEvent(); show(m);
  s.send({ type: 'command', id: 2, command: { actor: 'fighter', action: 'five-foot-step', to: [8, 3] } }); show(await s.next());
  s.send({ type: 'command', id: 2, command: { actor: 'fighter', action: 'attack', target: 'bugbear' } });
  m = await s.nextNonEvent(); show(m);
  s.close();
  for (;;) { m = await s.nextNonEvent(); show(m); if (m.type === 'end') break; }
  console.log(s.messages.filter(x => x.type === 'event').map(x => JSON.stringify(x)).join('\n'));
});
