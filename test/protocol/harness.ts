// Drives `serve` with in-memory streams: a scripted client reads the engine's lines and writes its own.
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { loadEncounter } from '../../src/io/encounter.ts';
import { memoryRecorder, type MemoryRecorder } from '../../src/log/recorder.ts';
import type { Encounter } from '../../src/model/stats.ts';
import { serve, type ServeOptions, type ServeResult } from '../../src/protocol/server.ts';

/** An engine message as the client sees it (plain JSON). */
export type Message = { type: string; id?: number; [key: string]: unknown };
export type Step = { actor: string; action: string; [key: string]: unknown };
export type Legal = { command: Step; provokes: string[] };
export type Seen = { id: string; side: string; at: [number, number] | null; hpState: string };

export function fixture(name: string): Encounter {
  const loaded = loadEncounter(new URL(`../../fixtures/encounters/${name}.json`, import.meta.url).pathname);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

export interface Session {
  /** Every engine message so far, in order. */
  readonly messages: Message[];
  /** The next message not yet taken (waits for it). */
  next(): Promise<Message>;
  /** Skips events up to the next request, error or end. */
  nextNonEvent(): Promise<Message>;
  send(value: unknown): void;
  sendRaw(line: string): void;
  /** Ends the client's output (the engine's input). */
  close(): void;
  readonly done: Promise<ServeResult>;
  readonly log: MemoryRecorder;
}

export function session(encounter: Encounter, options: Omit<ServeOptions, 'recorder'>): Session {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: Message[] = [];
  let cursor = 0;
  let wake: (() => void) | null = null;
  createInterface({ input: output }).on('line', (line) => {
    messages.push(JSON.parse(line) as Message);
    wake?.();
  });
  const log = memoryRecorder();
  const done = serve(encounter, { ...options, recorder: log }, { input, output });
  let finished = false;
  void done.finally(() => {
    finished = true;
    setImmediate(() => wake?.());
  });
  const next = async (): Promise<Message> => {
    for (;;) {
      const m = messages[cursor];
      if (m) {
        cursor += 1;
        return m;
      }
      if (finished && cursor >= messages.length) {
        await new Promise((r) => setImmediate(r));
        if (cursor >= messages.length) throw new Error('the engine has finished: no more messages');
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  };
  return {
    messages,
    next,
    async nextNonEvent() {
      for (;;) {
        const m = await next();
        if (m.type !== 'event') return m;
      }
    },
    send: (value) => input.write(`${JSON.stringify(value)}\n`),
    sendRaw: (line) => input.write(`${line}\n`),
    close: () => input.end(),
    done,
    log,
  };
}

const chebyshev = (a: readonly number[], b: readonly number[]) => Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!));

/** The example client's strategy: attack a foe if possible, else a move that provokes nothing toward the nearest foe, else end the turn. */
export function simpleChoice(request: Message): Step {
  const actor = request.actor as string;
  const legal = request.legal as Legal[];
  const observation = request.observation as { side: string; creatures: Seen[] };
  const attack = legal.find((l) => (l.command.action === 'attack' || l.command.action === 'full-attack') && l.provokes.length === 0);
  if (attack) return attack.command;
  const me = observation.creatures.find((c) => c.id === actor)!;
  const foes = observation.creatures.filter((c) => c.side !== observation.side && c.at && c.hpState !== 'dead');
  const distance = (at: readonly number[]) => Math.min(...foes.map((f) => chebyshev(at, f.at!)));
  let best: Step | null = null;
  let bestDistance = me.at ? distance(me.at) : Infinity;
  for (const l of legal) {
    if (l.command.action !== 'move' || l.provokes.length > 0) continue;
    const path = l.command.path as [number, number][];
    const d = distance(path[path.length - 1]!);
    if (d < bestDistance) [best, bestDistance] = [l.command, d];
  }
  return best ?? { actor, action: 'end-turn' };
}

/** Answers one request the way the example client does (opportunities: always taken). */
export function answer(s: Session, m: Message): void {
  if (m.type === 'command-request') s.send({ type: 'command', id: m.id, command: simpleChoice(m) });
  if (m.type === 'opportunity-request') s.send({ type: 'opportunity', id: m.id, take: true });
}

/** Answers every request until `end`, starting with `pending` (a request already read) when given. */
export async function playToEnd(s: Session, options: { pending?: Message; onMessage?: (m: Message) => void } = {}): Promise<Message> {
  if (options.pending) answer(s, options.pending);
  for (;;) {
    const m = await s.nextNonEvent();
    options.onMessage?.(m);
    if (m.type === 'end') return m;
    answer(s, m);
  }
}
