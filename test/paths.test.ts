// The package's files are found from its root, wherever the code runs from (issue 6: bundles).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, fromRoot, urlFromRoot } from '../src/paths.ts';

describe('package paths', () => {
  it('finds the root of the d20sim package above the sources', () => {
    expect(PACKAGE_ROOT).toBe(fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, ''));
    expect((JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { name: string }).name).toBe('d20sim');
  });

  it('gives file URLs of the same paths', () => {
    expect(fileURLToPath(urlFromRoot('src', 'sim', 'worker.mjs'))).toBe(fromRoot('src', 'sim', 'worker.mjs'));
  });
});
