#!/usr/bin/env node
// Entry point: registers tsx's loader, then runs the TypeScript CLI, so a fresh clone runs without a build
// step (worker threads load their TypeScript through src/sim/worker.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

// Bulk runs (one worker per core) keep garbage collection on each fight's own thread: V8's GC helper
// threads would otherwise compete with the other workers for the same cores. The flag cannot be set
// once V8 is running, so these commands start node again with it.
const BULK_COMMANDS = ['montecarlo', 'versus'];
if (BULK_COMMANDS.includes(process.argv[2] ?? '') && !process.execArgv.includes('--single-threaded-gc')) {
  const child = spawnSync(process.execPath, ['--single-threaded-gc', ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

// Bulk runs also load the CLI as one compiled bundle, as their workers do, rather than through tsx: that
// leaves about 50 MB more of the memory budget to the workers (issue 6). Anything else uses tsx directly.
const bundle = BULK_COMMANDS.includes(process.argv[2] ?? '') ? await bundledCli() : null;
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

/** src/cli/main.ts bundled by esbuild under node_modules/.cache (where its packages resolve), or null. */
async function bundledCli() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outfile = join(root, 'node_modules', '.cache', 'd20sim', `cli-${process.pid}-${Date.now().toString(36)}.mjs`);
  try {
    const { build } = await import('esbuild');
    mkdirSync(dirname(outfile), { recursive: true });
    await build({ entryPoints: [join(root, 'src', 'cli', 'main.ts')], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' });
  } catch {
    return null;
  }
  return { url: pathToFileURL(outfile).href, dispose: () => rmSync(outfile, { force: true }) };
}
