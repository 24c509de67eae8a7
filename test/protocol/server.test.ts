// `serve` driven through in-memory streams: whole fights, every kind of bad answer, and clients that go away.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logText } from '../../src/log/file.ts';
import { LOG_FORMAT, type LogEntry } from '../../src/log/format.ts';
import { parseLogText } from '../../src/log/reader.ts';
import { createRecorder } from '../../src/log/recorder.ts';
import { verifyLog } from '../../src/log/verify.ts';
import type { Encounter } from '../../src/model/stats.ts';
import { PROTOCOL_VERSION, ServerMessageSchema } from '../../src/protocol/messages.ts';
import { serve } from '../../src/protocol/server.ts';
import { encounter, fighter, orc, wizard } from '../support/encounters.ts';
import { answer, fixture, playToEnd, session, simpleChoice, type Message, type Session } from './harness.ts';

/** The log the session recorded, checked the way `replay --verify` checks a file. */
function verifyRecorded(enc: Encounter, seed: string, lines: readonly LogEntry[]) {
  const text = logText({ format: LOG_FORMAT, simulator: 'test', encounter: enc, dice: { kind: 'seeded', seed }, initiative: null, source: 'test' }, lines);
  const parsed = parseLogText(text, 'served.jsonl');
  if (!parsed.ok) throw new Error(parsed.error);
  return verifyLog(parsed.value);
}

const eventsBetween = (s: Session, from: Message, to: Message) =>
  s.messages.slice(s.messages.indexOf(from) + 1, s.messages.indexOf(to)).filter((m) => m.type === 'event');

const commandsIn = (lines: readonly LogEntry[]) => lines.flatMap((l) => ('kind' in l && l.kind === 'command' ? [l.command] : []));

async function firstRequest(s: Session): Promise<Message> {
  const hello = await s.next();
  expect(hello.type).toBe('hello');
  const request = await s.nextNonEvent();
  expect(request.type).toBe('command-request');
  return request;
}

describe('serve: a whole fight', () => {
  it('plays the duel to the end with a scripted client; every line has the documented shape', async () => {
    const enc = fixture('duel');
    const s = session(enc, { side: 'heroes', seed: '7' });
    const end = await playToEnd(s);
    const result = await s.done;
    expect(s.messages[0]).toMatchObject({
      type: 'hello', protocol: PROTOCOL_VERSION, side: 'heroes', creatures: ['fighter'], opponent: 'brute', timeoutMs: 5000,
      encounter: { name: enc.name, map: { width: 12, height: 8 }, sides: ['heroes', 'monsters'] },
    });
    for (const m of s.messages) expect(ServerMessageSchema.safeParse(m).error).toBeUndefined();
    expect(s.messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(s.messages.at(-1)).toBe(end);
    expect(end.winner).toBe(result.winner);
    expect(end.winner).not.toBeNull();
    expect(end).toMatchObject({ stopped: false, replaced: null, summary: { ended: true, winner: end.winner } });
    expect(result.replaced).toBeNull();
    const requests = s.messages.filter((m) => m.type === 'command-request');
    expect(requests.map((m) => m.id)).toEqual(requests.map((_, i) => i + 1));
    expect(requests.every((m) => m.actor === 'fighter')).toBe(true);
    // Events arrive as they happen and end with the end of the fight.
    const events = s.messages.filter((m) => m.type === 'event').map((m) => (m.event as { type: string }).type);
    expect(events.slice(0, 2)).toEqual(['InitiativeRolled', 'InitiativeRolled']);
    expect(events.at(-1)).toBe('CombatEnded');
    expect(verifyRecorded(enc, '7', s.log.lines)).toMatchObject({ ok: true });
  });

  it('is deterministic: the same seed and answers give the same transcript', async () => {
    const a = session(fixture('skirmish-4v4'), { side: 'monsters', seed: '5' });
    const b = session(fixture('skirmish-4v4'), { side: 'monsters', seed: '5' });
    await Promise.all([playToEnd(a), playToEnd(b)]);
    expect(a.messages).toEqual(b.messages);
    expect(a.messages.filter((m) => m.type === 'command-request').length).toBeGreaterThan(3);
  });

  it('asks for opportunities, checks "with", and takes them as told', async () => {
    const enc = encounter([fighter({ at: [2, 2], init: 10 }), orc({ at: [3, 2], hp: 30 })]);
    const s = session(enc, { side: 'heroes', seed: '1', opponent: 'random' });
    let m = await firstRequest(s);
    while (m.type !== 'opportunity-request') {
      s.send({ type: 'command', id: m.id, command: simpleChoice(m) });
      m = await s.nextNonEvent();
    }
    expect(m).toMatchObject({ reactor: 'fighter', against: 'orc', trigger: 'move', with: ['longsword', 'trip', 'disarm'] });
    expect(m.observation).toMatchObject({ side: 'heroes', turn: 'orc' });
    s.send({ type: 'opportunity', id: m.id, take: true, with: 'javelin' });
    expect(await s.next()).toMatchObject({ type: 'error', id: m.id, code: 'invalid-message', message: expect.stringContaining('with: expected one of longsword|trip|disarm') });
    s.send({ type: 'command', id: m.id, command: { actor: 'fighter', action: 'end-turn' } });
    expect(await s.next()).toMatchObject({ type: 'error', id: m.id, code: 'wrong-request' });
    s.send({ type: 'opportunity', id: m.id, take: 'yes' });
    expect(await s.next()).toMatchObject({ type: 'error', code: 'invalid-message', message: 'invalid message: take: expected boolean, got "yes"' });
    s.send({ type: 'opportunity', id: m.id, take: true, with: 'longsword' });
    const taken = await s.next();
    expect(taken).toMatchObject({ type: 'event', event: { type: 'OpportunityTaken', reactor: 'fighter', against: 'orc', with: 'attack', trigger: 'move' } });
    const end = await playToEnd(s);
    expect(end.winner).toBe('heroes');
    expect(s.log.lines.filter((l) => 'kind' in l && l.kind === 'decision')[0]).toMatchObject({ decision: { take: true, with: 'longsword' } });
    expect(verifyRecorded(enc, '1', s.log.lines)).toMatchObject({ ok: true });
  });

  it('refuses to start for a side the encounter does not have', async () => {
    await expect(serve(fixture('duel'), { side: 'villains' }, { input: new PassThrough(), output: new PassThrough() })).rejects.toThrow(
      /expected one of the encounter's sides \(heroes\|monsters\)/,
    );
  });
});

describe('serve: answers that are refused change nothing', () => {
  it('rejects a command for the other side, or for another creature of its own side; the request stays open', async () => {
    const enc = encounter([fighter({ at: [2, 2], init: 10 }), wizard({ at: [2, 4], init: 5 }), orc({ at: [9, 2] })]);
    const s = session(enc, { side: 'heroes', seed: '1' });
    const request = await firstRequest(s);
    expect(request.actor).toBe('fighter');
    s.send({ type: 'command', id: request.id, command: { actor: 'orc', action: 'move', path: [[8, 2]] } });
    const foreign = await s.next();
    expect(foreign).toEqual({
      type: 'error', id: request.id, code: 'not-your-creature',
      message: 'command.actor: "orc" is on side monsters; you command only heroes (expected "fighter")',
    });
    s.send({ type: 'command', id: request.id, command: { actor: 'wizard', action: 'end-turn' } });
    expect(await s.next()).toMatchObject({ type: 'error', id: request.id, code: 'wrong-actor' });
    s.send({ type: 'command', id: request.id, command: { actor: 'nobody', action: 'end-turn' } });
    expect(await s.next()).toMatchObject({ type: 'error', id: request.id, code: 'not-your-creature' });
    // Nothing happened: no event, no log line; the same request is answered now.
    s.send({ type: 'command', id: request.id, command: { actor: 'fighter', action: 'move', path: [[3, 2]] } });
    const next = await s.nextNonEvent();
    expect(eventsBetween(s, request, foreign)).toEqual([]);
    expect(s.messages.slice(s.messages.indexOf(foreign)).some((m) => m.type === 'event' && (m.event as { type: string }).type === 'Moved')).toBe(true);
    expect(next).toMatchObject({ type: 'command-request', id: 2, actor: 'fighter' });
    expect(commandsIn(s.log.lines)).toEqual([{ type: 'Move', actor: 'fighter', path: [[3, 2]] }]);
    s.close();
    await s.done;
  });

  it('rejects malformed JSON and a wrong shape with the JSON path, and the fight goes on to the end', async () => {
    const s = session(fixture('duel'), { side: 'heroes', seed: '3' });
    const request = await firstRequest(s);
    const id = request.id;
    const logged = s.log.lines.length;
    const refused: [unknown, string, string][] = [
      ['{"type": "command", "id": ', 'invalid-json', 'invalid JSON: expected one JSON object per line'],
      [[1, 2], 'invalid-message', 'invalid message: (top level): expected object, got [1,2]'],
      [{ type: 'launch', id }, 'invalid-message', 'invalid message: type: expected one of command|opportunity, got "launch"'],
      [{ type: 'command', command: { actor: 'fighter', action: 'end-turn' } }, 'invalid-message', 'invalid message: id: required field missing'],
      [{ type: 'command', id, command: { actor: 'fighter', action: 'fly' } }, 'invalid-message', 'invalid message: command.action: expected one of move|five-foot-step|'],
      [{ type: 'command', id, command: { actor: 'fighter', action: 'move' } }, 'invalid-message', 'invalid message: command.path: required field missing'],
      [{ type: 'command', id, command: { actor: 'fighter', action: 'move', path: [[1]] } }, 'invalid-message', 'invalid message: command.path[0]: expected an [x, y] pair of integers, got [1]'],
      [{ type: 'command', id, command: { actor: 'fighter', action: 'attack', target: 7 } }, 'invalid-message', 'invalid message: command.target: expected string, got 7'],
      [{ type: 'command', id: id! + 1, command: { actor: 'fighter', action: 'end-turn' } }, 'wrong-request', `id: expected ${id} (the open command-request), got ${id! + 1}`],
    ];
    for (const [line, code, message] of refused) {
      if (typeof line === 'string') s.sendRaw(line);
      else s.send(line);
      const error = await s.next();
      expect(error).toMatchObject({ type: 'error', code });
      expect(error.message).toContain(message);
      expect(ServerMessageSchema.safeParse(error).success).toBe(true);
    }
    expect(s.log.lines.length).toBe(logged);
    const end = await playToEnd(s, { pending: request, onMessage: (m) => expect(m.type).not.toBe('error') });
    expect(end).toMatchObject({ type: 'end', replaced: null, summary: { ended: true } });
  });

  it('rejects illegal commands with the rules\' code: a blocked square, a 5-foot step after moving', async () => {
    const enc = encounter([fighter({ at: [2, 2], init: 10 }), orc({ at: [9, 2] })], { map: { width: 12, height: 8, blocked: [[3, 2]] } });
    const s = session(enc, { side: 'heroes', seed: '1' });
    const first = await firstRequest(s);
    const legal = first.legal as { command: { action: string; path?: number[][]; to?: number[] } }[];
    expect(legal.some((l) => JSON.stringify(l.command.path?.[0] ?? l.command.to) === '[3,2]')).toBe(false);
    s.send({ type: 'command', id: first.id, command: { actor: 'fighter', action: 'move', path: [[3, 2]] } });
    const blocked = await s.next();
    expect(blocked).toMatchObject({ type: 'error', id: first.id, code: expect.any(String), message: expect.stringMatching(/^rejected \([a-z-]+\): /) });
    expect(['invalid-message', 'wrong-request', 'not-your-creature', 'wrong-actor']).not.toContain(blocked.code);
    s.send({ type: 'command', id: first.id, command: { actor: 'fighter', action: 'five-foot-step', to: [3, 2] } });
    expect(await s.next()).toMatchObject({ type: 'error', id: first.id, message: expect.stringMatching(/^rejected/) });
    // Still request 1: a legal move now.
    s.send({ type: 'command', id: first.id, command: { actor: 'fighter', action: 'move', path: [[3, 3]] } });
    const second = await s.nextNonEvent();
    expect(second).toMatchObject({ type: 'command-request', id: 2, actor: 'fighter' });
    expect((second.legal as { command: { action: string } }[]).some((l) => l.command.action === 'five-foot-step')).toBe(false);
    s.send({ type: 'command', id: second.id, command: { actor: 'fighter', action: 'five-foot-step', to: [4, 3] } });
    const step = await s.next();
    expect(step).toMatchObject({ type: 'error', id: 2, message: expect.stringMatching(/^rejected \([a-z-]+\): /) });
    s.send({ type: 'command', id: second.id, command: { actor: 'fighter', action: 'end-turn' } });
    const third = await s.nextNonEvent();
    expect(third).toMatchObject({ type: 'command-request', id: 3 });
    // The fighter stands where the accepted move put it; the rejections are in the log and in the summary.
    expect((third.observation as { creatures: { id: string; at: number[] }[] }).creatures.find((c) => c.id === 'fighter')!.at).toEqual([3, 3]);
    const end = await playToEnd(s, { pending: third, onMessage: (m) => expect(m.type).not.toBe('error') });
    const rejected = (end.summary as { rejected: { step: number; code: string }[] }).rejected;
    expect(rejected.map((r) => r.step)).toEqual([1, 1, 2]);
    expect(rejected.map((r) => r.code)).toEqual([blocked.code, expect.any(String), step.code]);
    expect(verifyRecorded(enc, '1', s.log.lines)).toMatchObject({ ok: true });
  });
});

describe('serve: a client that goes away is replaced by a bot', () => {
  it('a client that stops answering times out; brute plays on to the end and the log is complete', async () => {
    const enc = fixture('duel');
    const s = session(enc, { side: 'heroes', seed: '7', timeoutMs: 50 });
    const request = await firstRequest(s);
    s.send({ type: 'command', id: request.id, command: simpleChoice(request) });
    const second = await s.nextNonEvent();
    expect(second.type).toBe('command-request');
    // ... and then silence.
    const timeout = await s.nextNonEvent();
    expect(timeout).toMatchObject({ type: 'error', id: second.id, code: 'timeout', message: expect.stringContaining('brute plays heroes from now on') });
    const end = await s.nextNonEvent();
    expect(end).toMatchObject({ type: 'end', replaced: { reason: 'timeout', request: second.id, bot: 'brute' }, summary: { ended: true } });
    const result = await s.done;
    expect(result.replaced).toEqual({ reason: 'timeout', request: 2, bot: 'brute' });
    expect(end.winner).toBe(result.winner);
    expect(result.combat.prompt.kind).toBe('ended');
    expect(verifyRecorded(enc, '7', s.log.lines)).toMatchObject({ ok: true });
    // A late answer changes nothing.
    s.send({ type: 'command', id: second.id, command: { actor: 'fighter', action: 'end-turn' } });
  });

  it('a client that keeps sending errors still times out', async () => {
    const s = session(fixture('duel'), { side: 'heroes', seed: '2', timeoutMs: 100 });
    const request = await firstRequest(s);
    const spam = setInterval(() => s.sendRaw('not json'), 5);
    const end = await playToEnd(s, { onMessage: (m) => expect(m.type === 'command-request' || m.type === 'opportunity-request').toBe(false) });
    clearInterval(spam);
    expect(end).toMatchObject({ replaced: { reason: 'timeout', request: request.id } });
  });

  it('a client whose input ends mid-fight is replaced at once; the fight reaches the end', async () => {
    const enc = fixture('skirmish-4v4');
    const s = session(enc, { side: 'heroes', seed: '11' });
    let m = await firstRequest(s);
    for (let answered = 0; answered < 3; answered++) {
      answer(s, m);
      m = await s.nextNonEvent();
    }
    const open = m.id;
    s.close();
    const closed = await s.nextNonEvent();
    expect(closed).toMatchObject({ type: 'error', id: open, code: 'input-closed' });
    const end = await s.nextNonEvent();
    expect(end).toMatchObject({ type: 'end', replaced: { reason: 'input-closed', request: open, bot: 'brute' }, summary: { ended: true } });
    expect(s.messages.filter((x) => x.type === 'command-request' || x.type === 'opportunity-request')).toHaveLength(4);
    expect(verifyRecorded(enc, '11', s.log.lines)).toMatchObject({ ok: true });
  });

  it('still finishes (and logs) when the output is gone', async () => {
    const enc = fixture('duel');
    const input = new PassThrough();
    const output = new PassThrough();
    output.destroy();
    input.end();
    const lines: LogEntry[] = [];
    const result = await serve(enc, { side: 'heroes', seed: '7', recorder: createRecorder((e) => lines.push(e)) }, { input, output });
    expect(result.combat.prompt.kind).toBe('ended');
    expect(verifyRecorded(enc, '7', lines)).toMatchObject({ ok: true });
  });
});
