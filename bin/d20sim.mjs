#!/usr/bin/env node
// Entry point: registers tsx's loader, then runs the TypeScript CLI, so a fresh clone runs without a build
// step. Bulk commands instead run the CLI bundled at start (src/sim/bundle.mjs), as their workers do.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { bundleModule } from '../src/sim/bundle.mjs';

// Bulk runs (one worker per core) keep garbage collection on each fight's own thread: V8's GC helper
// threads would otherwise compete with the other workers for the same cores. They also turn off V8's
// allocation-site pretenuring: it moves the machines' long-lived objects (actors, snapshots) straight to
// the old generation, and from there they keep each finished fight alive through minor GCs, about 0.3 ms
// of copying a fight (issue 6). Flags cannot be set once V8 is running, so these commands start node again.
const BULK_COMMANDS = ['montecarlo', 'versus'];
const BULK_FLAGS = ['--single-threaded-gc', '--no-allocation-site-pretenuring'];
if (BULK_COMMANDS.includes(process.argv[2] ?? '') && !BULK_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const child = spawnSync(process.execPath, [...BULK_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

// Bulk runs also load the CLI as one compiled bundle, as their workers do, rather than through tsx: that
// leaves about 25 MB more of the memory budget to the workers (issue 6). Anything else uses tsx directly.
const bundle = BULK_COMMANDS.includes(process.argv[2] ?? '') ? await bundleModule(fileURLToPath(new URL('..', import.meta.url)), 'src/cli/main.ts', 'cli') : null;
if (bundle) {
  try {
    const { main } = await import(bundle.url);
    process.exitCode = await main(process.argv);
  } finally {
    bundle.dispose();
  }
} else {
  register();
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(process.argv);
}
