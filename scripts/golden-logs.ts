// Regenerates the golden logs in fixtures/logs/ (npm run golden); test/log/golden.test.ts checks them.
import { writeFileSync } from 'node:fs';
import { goldenLogs } from '../test/support/golden.ts';

for (const golden of goldenLogs()) writeFileSync(new URL(`../fixtures/logs/${golden.name}`, import.meta.url), golden.text);
