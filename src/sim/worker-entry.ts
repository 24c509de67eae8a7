// The code a Monte Carlo worker thread runs: one batch of seeded fights per task (bundled by worker-bundle.ts).
import { runBatch, type BatchTask } from './batch.ts';
import type { Aggregate } from './aggregate.ts';

export default function run(task: BatchTask): Aggregate {
  return runBatch(task);
}
