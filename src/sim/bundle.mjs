// Bundles one TypeScript entry of the package with esbuild into node_modules/.cache/d20sim/ (where the packages
// it imports resolve), so worker threads and bulk commands run it without a TypeScript loader. Plain JavaScript:
// bin/d20sim.mjs uses it before tsx is registered. The caller names the package root: once bundled, this
// module's own URL is the bundle's.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `entry` (a path from `root`) bundled as one ES module; null when esbuild cannot build it there. */
export async function bundleModule(root, entry, name) {
  const outfile = join(root, 'node_modules', '.cache', 'd20sim', `${name}-${process.pid}-${Date.now().toString(36)}.mjs`);
  try {
    const { build } = await import('esbuild');
    mkdirSync(dirname(outfile), { recursive: true });
    await build({ entryPoints: [join(root, entry)], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' });
  } catch {
    return null;
  }
  return { url: pathToFileURL(outfile).href, dispose: () => rmSync(outfile, { force: true }) };
}
