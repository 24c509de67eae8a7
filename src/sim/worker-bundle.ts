// Worker threads get compiled JavaScript: the batch runner bundled by esbuild into one module (src/sim/bundle.mjs),
// so each thread starts without a TypeScript loader (and its extra loader thread). If it cannot be built, the
// tsx shim (worker.mjs) is used.
import { PACKAGE_ROOT, urlFromRoot } from '../paths.ts';
import { bundleModule, type BundledModule } from './bundle.mjs';

export type WorkerModule = BundledModule;

const SHIM: WorkerModule = { url: urlFromRoot('src', 'sim', 'worker.mjs'), dispose: () => {} };

export async function workerModule(): Promise<WorkerModule> {
  return (await bundleModule(PACKAGE_ROOT, 'src/sim/worker-entry.ts', 'worker')) ?? SHIM;
}
