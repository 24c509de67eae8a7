// Line-oriented I/O for the protocol: lines in (readline, queued until asked for, with a deadline), JSON lines out.
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type Received = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'timeout' } | { readonly kind: 'closed' };

export interface LineReader {
  /** The next non-blank line; 'timeout' once `deadline` (ms since the epoch) passes, 'closed' when the input ended. */
  next(deadline: number): Promise<Received>;
  close(): void;
}

export function lineReader(input: Readable): LineReader {
  const queue: string[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const rl: Interface = createInterface({ input, crlfDelay: Infinity, terminal: false });
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  rl.on('line', (line) => {
    if (line.trim() === '') return;
    queue.push(line);
    notify();
  });
  rl.on('close', () => {
    closed = true;
    notify();
  });
  input.on('error', () => {
    closed = true;
    notify();
  });
  return {
    async next(deadline) {
      for (;;) {
        const line = queue.shift();
        if (line !== undefined) return { kind: 'line', text: line };
        if (closed) return { kind: 'closed' };
        const left = deadline - Date.now();
        if (left <= 0) return { kind: 'timeout' };
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
        wake = null;
      }
    },
    close() {
      closed = true;
      rl.close();
      notify();
    },
  };
}

export interface LineWriter {
  send(message: unknown): void;
  /** False once the reader went away (EPIPE and the like): later messages are dropped. */
  readonly alive: boolean;
}

/** Writes one JSON value per line; a write error (the client exited) silences the writer, it never throws. */
export function lineWriter(output: Writable): LineWriter {
  let alive = true;
  output.on('error', () => {
    alive = false;
  });
  return {
    send(message) {
      if (!alive || output.destroyed || output.writableEnded) return;
      try {
        output.write(`${JSON.stringify(message)}\n`);
      } catch {
        alive = false;
      }
    },
    get alive() {
      return alive;
    },
  };
}
