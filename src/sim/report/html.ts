// The Monte Carlo report as one self-contained HTML page (`--html`): the study's metadata, win rates with their
// 95% intervals, histograms of rounds and of damage per fight (drawn in the browser by Observable Plot, whose
// bundle is inlined with d3's), and a per-combatant table. Nothing is fetched: it works offline from file://.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fromRoot } from '../../paths.ts';
import { dirname, join } from 'node:path';
import type { Report } from '../../cli/montecarlo-command.ts';
import { escapeHtml, pageHead, scriptJson } from '../../html/page-head.ts';

/** Forbids every fetch: the page may only use what it carries inline. */

/** Side colours, in the order of the sorted side names (the chart and the tables use the same). */
const PALETTE = ['#1c7ed6', '#e03131', '#2f9e44', '#f08c00', '#7048e8', '#0c8599', '#d6336c', '#5c940d'];

const asset = (name: string): string => readFileSync(fromRoot('src', 'sim', 'report', 'assets', name), 'utf8');

interface Libraries {
  readonly d3: string;
  readonly plot: string;
}

let libraries: Libraries | null = null;

/**
 * The UMD bundles of d3 and Plot, read from node_modules on first use only (Plot's package exports its UMD file
 * under a condition Node does not resolve, so it is found beside the resolved entry point; d3 is resolved from
 * Plot's own location, as Plot depends on it).
 */
export function chartLibraries(): Libraries {
  if (libraries) return libraries;
  const require = createRequire(fromRoot('package.json'));
  const plotEntry = require.resolve('@observablehq/plot'); // .../plot/src/index.js
  const d3Entry = createRequire(plotEntry).resolve('d3'); // .../d3/dist/d3.mjs
  libraries = {
    plot: readFileSync(join(dirname(plotEntry), '..', 'dist', 'plot.umd.min.js'), 'utf8'),
    d3: readFileSync(join(dirname(d3Entry), 'd3.min.js'), 'utf8'),
  };
  return libraries;
}

/** Inline code must not close its element early nor open an HTML comment inside a script. */
function inline(code: string, tag: 'script' | 'style'): string {
  if (new RegExp(`</${tag}|<!--`, 'i').test(code)) throw new Error(`inline ${tag} must not contain </${tag} or <!--`);
  return code;
}

const pct = (x: number | null | undefined): string => (typeof x === 'number' && Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '\u2013');
const num = (x: number | null | undefined, digits = 2): string => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '\u2013');
const int = (x: number | null | undefined): string => (typeof x === 'number' && Number.isFinite(x) ? String(x) : '\u2013');

export function sideColors(report: Report): Record<string, string> {
  return Object.fromEntries(Object.keys(report.sides).sort().map((side, i) => [side, PALETTE[i % PALETTE.length]!]));
}

function metaHtml(report: Report): string {
  const bots = Object.entries(report.sides).map(([side, s]) => `${side}: ${s.bot}`).join(', ');
  const items: [string, string][] = [
    ['encounter', report.encounter],
    ['runs', String(report.runs)],
    ['seed', report.seed],
    ['bots', bots],
    ['max rounds', String(report.maxRounds)],
    ['draws', `${report.draws} (round limit ${report.stoppedAtRoundLimit})`],
    ['rounds', `mean ${num(report.rounds.mean)}, median ${int(report.rounds.p50)}, p90 ${int(report.rounds.p90)}, p99 ${int(report.rounds.p99)}`],
  ];
  return `<dl class="meta" id="meta">${items.map(([k, v]) => `<div data-key="${escapeHtml(k)}"><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl>`;
}

const swatch = (color: string): string => `<i class="swatch" style="background:${color}"></i>`;

function sidesTable(report: Report, colors: Record<string, string>): string {
  const rows = Object.entries(report.sides).map(
    ([side, s]) =>
      `<tr data-side="${escapeHtml(side)}"><td class="text">${swatch(colors[side] ?? '#888')}${escapeHtml(side)}</td><td class="text">${escapeHtml(s.bot)}</td><td>${int(s.wins)}</td><td>${pct(s.winRate)}</td><td>${pct(s.ci95[0])} \u2013 ${pct(s.ci95[1])}</td><td>${num(s.meanHpLeft)}</td></tr>`,
  );
  return `<table id="sides"><thead><tr><th class="text">Side</th><th class="text">Bot</th><th>Wins</th><th>Win rate</th><th>95% interval</th><th>Mean hp left</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function combatantsTable(report: Report, colors: Record<string, string>): string {
  const entries = Object.entries(report.combatants).sort(([a, x], [b, y]) => x.side.localeCompare(y.side) || a.localeCompare(b));
  const rows = entries.map(
    ([id, c]) =>
      `<tr data-id="${escapeHtml(id)}"><td class="text">${escapeHtml(id)}</td><td class="text">${swatch(colors[c.side] ?? '#888')}${escapeHtml(c.side)}</td>` +
      `<td>${pct(c.deathRate)}</td><td>${pct(c.downRate)}</td><td>${num(c.meanHpLeft)}</td><td>${num(c.meanDamageDealt)}</td><td>${num(c.meanDamageTaken)}</td>` +
      `<td>${int(c.aooMade)}</td><td>${int(c.aooProvoked)}</td><td>${int(c.sneakAttacks)}</td><td>${int(c.spellsLost)}</td></tr>`,
  );
  const head = ['Combatant', 'Side', 'Death rate', 'Down rate', 'Mean hp left', 'Mean damage dealt', 'Mean damage taken', 'AoOs made', 'AoOs provoked', 'Sneak attacks', 'Spells lost'];
  return `<div class="table-wrap"><table id="combatants"><thead><tr>${head.map((h, i) => `<th${i < 2 ? ' class="text"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** The whole page for a `studyReport` (the `--json` report of `d20sim montecarlo` or `d20sim merge`). */
export function renderHtmlReport(report: Report): string {
  const { d3, plot } = chartLibraries();
  const colors = sideColors(report);
  const title = `d20sim Monte Carlo: ${report.encounter}`;
  return `${pageHead(title)}
<style>
${inline(asset('report.css'), 'style')}
</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
${metaHtml(report)}
</header>
<main>
<section class="card"><h2>Win rate per side</h2><figure class="chart" id="chart-winrate" aria-label="Win rate per side with 95% intervals"></figure>
${sidesTable(report, colors)}
<p class="note">Draws: ${int(report.draws)} of ${int(report.runs)} fights (${int(report.stoppedAtRoundLimit)} stopped at the ${int(report.maxRounds)}-round limit). Intervals are 95% Wilson score intervals.</p></section>
<section class="card"><h2>Rounds per fight</h2><figure class="chart" id="chart-rounds" aria-label="Histogram of rounds per fight"></figure></section>
<section class="card"><h2>Damage per fight</h2><figure class="chart" id="chart-damage" aria-label="Histogram of damage per fight"></figure></section>
<section class="card wide"><h2>Combatants</h2>
${combatantsTable(report, colors)}
<p class="note">Rates and means are per fight; attacks of opportunity, sneak attacks and lost spells are totals over all ${int(report.runs)} fights.</p></section>
</main>
<noscript><p>The charts need JavaScript; the tables above hold the figures.</p></noscript>
<script type="application/json" id="report-data">${scriptJson({ report, colors })}</script>
<script>
${inline(d3, 'script')}
</script>
<script>
${inline(plot, 'script')}
</script>
<script>
${inline(asset('report.js'), 'script')}
</script>
</body>
</html>
`;
}
