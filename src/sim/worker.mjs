// Worker entry for tinypool: Node 20 workers cannot load .ts through --import, so load the batch runner with tsx.
import { tsImport } from 'tsx/esm/api';

const { runBatch } = await tsImport('./batch.ts', import.meta.url);

export default function run(task) {
  return runBatch(task);
}
