// Short titles of the rule IDs, read from the project's docs/rules.md table (tooltips in the viewer; optional).
import { readFileSync } from 'node:fs';
import { fromRoot } from '../paths.ts';

const ROW = /^\| ([A-Z]+-\d+) \| ([^|]+?) \|/;

/** Rule ID -> title from the rows of a docs/rules.md table. */
export function parseRuleTitles(markdown: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const m = ROW.exec(line);
    if (m) titles.set(m[1]!, m[2]!.trim());
  }
  return titles;
}

/** The titles shipped in docs/rules.md, or none when the file is not there. */
export function ruleTitles(): Map<string, string> {
  try {
    return parseRuleTitles(readFileSync(fromRoot('docs', 'rules.md'), 'utf8'));
  } catch {
    return new Map();
  }
}
