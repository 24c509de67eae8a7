// The package's own files, found from its root: the same paths whether the code runs from the TypeScript
// sources or from a bundle under node_modules/.cache (bulk commands and their workers, issue 6).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const isOurPackage = (file: string): boolean => {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'd20sim';
  } catch {
    return false;
  }
};

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isOurPackage(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`d20sim: no package.json of d20sim above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

/** An absolute path inside the package, from its root. */
export const fromRoot = (...parts: string[]): string => join(PACKAGE_ROOT, ...parts);

/** The same, as a file URL (for dynamic imports and workers). */
export const urlFromRoot = (...parts: string[]): string => pathToFileURL(fromRoot(...parts)).href;
