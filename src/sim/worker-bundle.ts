// Worker threads get compiled JavaScript: the batch runner bundled by esbuild into one module, so each thread
// starts without a TypeScript loader (and its extra loader thread). The bundle goes under node_modules/.cache,
// where the packages it imports resolve; if it cannot be built there, the tsx shim (worker.mjs) is used.
import { mkdirSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fromRoot, urlFromRoot } from '../paths.ts';
import { build } from 'esbuild';

export interface WorkerModule {
  /** A file URL for Tinypool's `filename`. */
  readonly url: string;
  /** Deletes the bundle (a no-op for the shim). */
  readonly dispose: () => void;
}

const SHIM: WorkerModule = { url: urlFromRoot('src', 'sim', 'worker.mjs'), dispose: () => {} };

export async function workerModule(): Promise<WorkerModule> {
  const entry = fromRoot('src', 'sim', 'worker-entry.ts');
  const dir = `${fromRoot('node_modules', '.cache', 'd20sim')}/`;
  const outfile = `${dir}worker-${process.pid}-${Date.now().toString(36)}.mjs`;
  try {
    mkdirSync(dir, { recursive: true });
    await build({ entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' });
  } catch {
    return SHIM;
  }
  return { url: pathToFileURL(outfile).href, dispose: () => rmSync(outfile, { force: true }) };
}
