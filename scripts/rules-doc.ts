// Writes docs/rules.md: every RULES.md ID with the code that enforces it and the tests that name it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderRulesDoc, rulesIndex } from '../src/docs/rules-index.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const rules = readFileSync(new URL('../../shared/RULES.md', import.meta.url), 'utf8');
writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRulesDoc(rulesIndex(root, rules)));
