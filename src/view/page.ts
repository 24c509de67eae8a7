// The replay viewer's page: one self-contained HTML file (inline style, data and script; no network at all).
import { readFileSync } from 'node:fs';
import { fromRoot } from '../paths.ts';
import type { ViewData } from './data.ts';
import { escapeHtml, pageHead, scriptJson } from '../html/page-head.ts';

const asset = (name: string): string => readFileSync(fromRoot('src', 'view', 'assets', name), 'utf8');

export { escapeHtml, scriptJson };

/** Inline code must not contain a closing script or style tag. */
function inline(code: string, tag: 'script' | 'style'): string {
  if (new RegExp(`</${tag}`, 'i').test(code)) throw new Error(`inline ${tag} must not contain </${tag}`);
  return code;
}

function headerHtml(data: ViewData): string {
  const meta = [`log ${data.file}`, `source ${data.source}`, data.simulator, `${data.frames.length - 1} events`];
  if (data.truncated) meta.push('cut off: the incomplete last line is left out');
  return `<header><h1>${escapeHtml(data.title)}</h1><div class="meta">${escapeHtml(meta.join(' \u00b7 '))}</div></header>`;
}

const LEGEND = [
  ['sw turn', 'whose turn it is'],
  ['sw threat', 'threatened (within 5 ft)'],
  ['sw far', 'threatened by reach'],
  ['sw hole', 'inside reach, not threatened (reach weapon)'],
  ['sw aoo', 'square left when an attack of opportunity struck'],
  ['sw flank', 'flanking line'],
  ['sw spell', 'spell lost'],
  ['sw bar hp-fine', 'healthy'],
  ['sw bar hp-wounded', 'half hp or less'],
  ['sw bar hp-disabled', 'disabled'],
  ['sw bar hp-dying', 'dying'],
  ['sw bar hp-stable', 'stable'],
  ['sw bar hp-dead', 'dead'],
] as const;

function boardHtml(data: ViewData): string {
  const last = data.frames.length - 1;
  const legend = LEGEND.map(([cls, label]) => `<span><i class="${cls}"></i>${escapeHtml(label)}</span>`).join('');
  return `<section class="board" aria-label="Battle map">
  <div class="status" id="status"></div>
  <svg id="map" role="img" aria-label="Battle grid" xmlns="http://www.w3.org/2000/svg"></svg>
  <div class="controls">
    <button id="prev" type="button" title="Previous event (Left arrow)">&#9664; Prev</button>
    <div class="timeline"><input id="slider" type="range" min="0" max="${last}" step="1" value="0" aria-label="Event number"><div class="marks" id="marks"></div></div>
    <button id="next" type="button" title="Next event (Right arrow)">Next &#9654;</button>
    <span class="counter" id="counter"></span>
  </div>
  <div class="legend">${legend}</div>
  <div class="keys"><kbd>&larr;</kbd> <kbd>&rarr;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd> first and last; click a token to show what it threatens; timeline marks: <span style="color:var(--aoo)">&#9646;</span> attack of opportunity <span style="color:var(--flank)">&#9646;</span> flanking <span style="color:var(--spell)">&#9646;</span> spell lost <span style="color:var(--dying)">&#9646;</span> a creature drops</div>
</section>`;
}

const SIDE_HTML = `<aside class="side">
  <section class="narration" id="narration" aria-live="polite"></section>
  <section><h2>Combatants</h2><ul id="roster"></ul></section>
  <section><h2>Events</h2><ol id="events"></ol></section>
</aside>`;

/** The whole page for `data`. */
export function renderPage(data: ViewData): string {
  return `${pageHead(`d20sim replay: ${data.title}`)}
<style>
${inline(asset('viewer.css'), 'style')}
</style>
</head>
<body>
${headerHtml(data)}
<main class="layout">
${boardHtml(data)}
${SIDE_HTML}
</main>
<noscript><p>The replay viewer needs JavaScript.</p></noscript>
<script type="application/json" id="replay-data">${scriptJson(data)}</script>
<script>
${inline(asset('viewer.js'), 'script')}
</script>
</body>
</html>
`;
}
