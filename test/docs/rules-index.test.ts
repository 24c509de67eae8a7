// Every rule ID of RULES.md is cited by code and named by a test, and docs/rules.md says where.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/model/rule-ids.ts';
import { catalogIds, renderRulesDoc, rulesIndex } from '../../src/docs/rules-index.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const rules = readFileSync(new URL('../../../shared/RULES.md', import.meta.url), 'utf8');
const index = rulesIndex(root, rules);

describe('the rules catalog', () => {
  it('RULE_IDS matches RULES.md exactly', () => {
    expect([...RULE_IDS]).toEqual(catalogIds(rules).map((r) => r.id));
  });

  it('every ID is cited by the code that enforces it', () => {
    expect(index.filter((e) => e.code.length === 0).map((e) => e.id)).toEqual([]);
  });

  it('every ID is named by at least one test', () => {
    expect(index.filter((e) => e.tests.length === 0).map((e) => e.id)).toEqual([]);
  });

  it('docs/rules.md is up to date (npm run docs:rules)', () => {
    expect(readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8')).toBe(renderRulesDoc(index));
  });
});
