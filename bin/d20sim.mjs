#!/usr/bin/env node
// Entry point: registers tsx's loader, then runs the TypeScript CLI, so a fresh clone runs without a build
// step (worker threads load their TypeScript through src/sim/worker.mjs).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
