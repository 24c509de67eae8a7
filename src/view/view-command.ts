// `d20sim view LOG -o replay.html`: a logged fight as one self-contained HTML page to step through offline.
import { writeFileSync } from 'node:fs';
import { badInput } from '../cli/errors.ts';
import { loadLog } from '../cli/replay-command.ts';
import type { ParsedLog } from '../log/reader.ts';
import { isLang } from '../narrate/index.ts';
import { buildViewData, type ViewOptions } from './data.ts';
import { renderPage } from './page.ts';
import { ruleTitles } from './rule-titles.ts';

export interface ViewCommandOptions {
  readonly output: string;
  readonly lang: string;
}

/** The page for a parsed log. */
export function viewerHtml(log: ParsedLog, options: ViewOptions = {}): string {
  return renderPage(buildViewData(log, { ruleTitles: ruleTitles(), ...options }));
}

export function viewCommand(file: string, options: ViewCommandOptions, out: (line: string) => void, warn: (line: string) => void): void {
  if (!isLang(options.lang)) throw badInput(`--lang: expected en or fr, got ${JSON.stringify(options.lang)}`);
  const log = loadLog(file);
  if (log.truncatedAt !== null) warn(`${file}:${log.truncatedAt}: incomplete last line ignored (the run was cut off); showing the lines before it`);
  let html: string;
  try {
    html = viewerHtml(log, { lang: options.lang });
  } catch (e) {
    // A log whose events do not fit its encounter (an unknown creature...) is bad input, not a crash.
    throw badInput(`${file}: cannot replay the log: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    writeFileSync(options.output, html);
  } catch (e) {
    const reason = e instanceof Error && 'code' in e ? String(e.code) : 'write failed';
    throw badInput(`${options.output}: cannot write the page: ${reason}`);
  }
  out(`${options.output}: replay viewer for ${log.header.encounter.name} (${Buffer.byteLength(html)} bytes, open it in a browser)`);
}
