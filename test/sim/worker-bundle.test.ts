// Worker threads load a compiled bundle of the batch runner (issue 6: fast start, no TypeScript loader thread).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../src/sim/batch.ts';
import { workerModule } from '../../src/sim/worker-bundle.ts';
import { duel } from './support.ts';

describe('worker bundle', () => {
  it('is plain JavaScript that runs a batch exactly as the TypeScript does, and is removed afterwards', async () => {
    const worker = await workerModule();
    expect(worker.url).toMatch(/node_modules\/\.cache\/d20sim\/worker-.*\.mjs$/);
    const path = fileURLToPath(worker.url);
    expect(existsSync(path)).toBe(true);
    const run = ((await import(worker.url)) as { default: typeof runBatch }).default;
    const task = { encounter: duel(), seed: '3', bots: { heroes: 'brute', monsters: 'brute' } as const, maxRounds: 100, start: 0, end: 5 };
    expect(JSON.stringify(run(task))).toBe(JSON.stringify(runBatch(task)));
    worker.dispose();
    expect(existsSync(path)).toBe(false);
  });
});
