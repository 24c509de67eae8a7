#!/usr/bin/env node
// Entry point: loads the TypeScript CLI through tsx, so a fresh clone runs without a build step.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv);
