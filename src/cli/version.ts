// The simulator's version, from package.json, for log headers.
import { readFileSync } from 'node:fs';
import { fromRoot } from '../paths.ts';

export function simulatorVersion(): string {
  const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version?: string };
  return `d20sim ${pkg.version ?? 'unknown'}`;
}
