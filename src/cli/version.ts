// The simulator's version, from package.json, for log headers.
import { readFileSync } from 'node:fs';

export function simulatorVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return `d20sim ${pkg.version ?? 'unknown'}`;
}
