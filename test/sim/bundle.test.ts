// Bundles for workers and bulk commands (issue 6): built under node_modules/.cache, importable, and still
// able to find the package's own files from there.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleModule } from '../../src/sim/bundle.mjs';
import { PACKAGE_ROOT } from '../../src/paths.ts';
import { simulatorVersion } from '../../src/cli/version.ts';

describe('bundleModule', () => {
  it('builds an importable module that reads package.json from the package root', async () => {
    const bundle = await bundleModule(PACKAGE_ROOT, 'src/cli/version.ts', 'test');
    expect(bundle).not.toBeNull();
    const file = fileURLToPath(bundle!.url);
    expect(file.startsWith(`${PACKAGE_ROOT}/node_modules/.cache/d20sim/`)).toBe(true);
    try {
      const bundled = (await import(bundle!.url)) as { simulatorVersion: () => string };
      expect(bundled.simulatorVersion()).toBe(simulatorVersion());
      expect(bundled.simulatorVersion()).toMatch(/^d20sim \d/);
    } finally {
      bundle!.dispose();
    }
    expect(existsSync(file)).toBe(false);
  });

  it('gives null when the entry cannot be built', async () => {
    expect(await bundleModule(PACKAGE_ROOT, 'src/no-such-entry.ts', 'test')).toBeNull();
  });
});
