// d20sim Monte Carlo report: draws the charts with Observable Plot (inlined above, with d3) from the inline data.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var report = data.report;
  var colors = data.colors;
  var sideNames = Object.keys(report.sides);
  var pct = function (x) { return x == null ? '\u2013' : (100 * x).toFixed(1) + '%'; };
  var histogram = function (h) {
    return Object.keys(h).map(function (k) { return { value: Number(k), fights: h[k] }; }).sort(function (a, b) { return a.value - b.value; });
  };
  /** Integer ticks from lo to hi, at most about 16 of them. */
  var integerTicks = function (lo, hi, minStep) {
    var step = Math.max(minStep, Math.ceil((hi - lo) / 16 / minStep) * minStep);
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi; t += step) out.push(t);
    return out;
  };
  var color = { domain: sideNames, range: sideNames.map(function (s) { return colors[s]; }) };

  function winRateChart() {
    var rows = sideNames.map(function (side) {
      var s = report.sides[side];
      return { side: side, bot: s.bot, wins: s.wins, winRate: s.winRate, lo: s.ci95[0], hi: s.ci95[1] };
    });
    return Plot.plot({
      width: 640,
      height: 50 + 56 * rows.length,
      marginLeft: 90,
      marginRight: 150,
      x: { domain: [0, 1], grid: true, tickFormat: '%', label: 'win rate, with its 95% Wilson interval' },
      y: { domain: sideNames, label: null },
      color: color,
      marks: [
        Plot.barX(rows, { y: 'side', x: 'winRate', fill: 'side', fillOpacity: 0.75, insetTop: 8, insetBottom: 8, ariaDescription: 'win rate per side',
          title: function (d) { return d.side + ' (' + d.bot + '): ' + d.wins + ' wins of ' + report.runs + ', ' + pct(d.winRate) + ', 95% CI ' + pct(d.lo) + ' \u2013 ' + pct(d.hi); } }),
        Plot.ruleY(rows, { y: 'side', x1: 'lo', x2: 'hi', stroke: 'currentColor', strokeWidth: 2, ariaDescription: '95% interval' }),
        Plot.tickX(rows, { y: 'side', x: 'lo', stroke: 'currentColor', strokeWidth: 2, insetTop: 14, insetBottom: 14, ariaDescription: '95% interval, low end' }),
        Plot.tickX(rows, { y: 'side', x: 'hi', stroke: 'currentColor', strokeWidth: 2, insetTop: 14, insetBottom: 14, ariaDescription: '95% interval, high end' }),
        Plot.text(rows, { y: 'side', x: 'hi', dx: 8, textAnchor: 'start', fontSize: 12,
          text: function (d) { return pct(d.winRate) + '  [' + pct(d.lo) + ' \u2013 ' + pct(d.hi) + ']'; } }),
        Plot.ruleX([0]),
      ],
    });
  }

  function roundsChart() {
    var rows = histogram(report.rounds.histogram);
    var lo = rows.length ? rows[0].value : 0;
    var hi = rows.length ? rows[rows.length - 1].value : 1;
    var lines = report.rounds.p50 === report.rounds.p90
      ? [{ x: report.rounds.p50, label: 'median and p90 ' + report.rounds.p50 }]
      : [{ x: report.rounds.p50, label: 'median ' + report.rounds.p50 }, { x: report.rounds.p90, label: 'p90 ' + report.rounds.p90 }];
    return Plot.plot({
      width: 640,
      height: 300,
      x: { domain: [lo - 0.5, hi + 0.5], ticks: integerTicks(lo, hi, 1), tickFormat: 'd', label: 'rounds fought' },
      y: { grid: true, label: 'fights' },
      marks: [
        Plot.rectY(rows, { x1: function (d) { return d.value - 0.5; }, x2: function (d) { return d.value + 0.5; }, y: 'fights', fill: '#4c6ef5', insetLeft: 1, insetRight: 1, ariaDescription: 'fights per number of rounds',
          title: function (d) { return d.fights + ' fights lasted ' + d.value + ' round' + (d.value === 1 ? '' : 's'); } }),
        Plot.ruleY([0]),
        Plot.ruleX(lines, { x: 'x', stroke: '#c92a2a', strokeDasharray: '4 3', ariaDescription: 'median and 90th percentile' }),
        Plot.text(lines, { x: 'x', frameAnchor: 'top', dy: 4, dx: 4, textAnchor: 'start', text: 'label', fill: '#c92a2a', stroke: 'white', strokeWidth: 3, fontSize: 11 }),
      ],
    });
  }

  function damageChart() {
    var rows = histogram(report.damagePerFight.histogram);
    var lo = rows.length ? rows[0].value : 0;
    var hi = rows.length ? rows[rows.length - 1].value + 5 : 5;
    return Plot.plot({
      width: 640,
      height: 300,
      x: { domain: [lo, hi], ticks: integerTicks(lo, hi, 5), tickFormat: 'd', label: 'damage dealt in the fight (all combatants, bins of 5)' },
      y: { grid: true, label: 'fights' },
      marks: [
        Plot.rectY(rows, { x1: 'value', x2: function (d) { return d.value + 5; }, y: 'fights', fill: '#f08c00', insetLeft: 1, insetRight: 1, ariaDescription: 'fights per damage bin',
          title: function (d) { return d.fights + ' fights with ' + d.value + '\u2013' + (d.value + 4) + ' damage'; } }),
        Plot.ruleY([0]),
      ],
    });
  }

  var charts = { 'chart-winrate': winRateChart, 'chart-rounds': roundsChart, 'chart-damage': damageChart };
  Object.keys(charts).forEach(function (id) {
    var figure = document.getElementById(id);
    try {
      figure.appendChild(charts[id]());
    } catch (e) {
      figure.innerHTML = '';
      var p = document.createElement('p');
      p.className = 'chart-error';
      p.textContent = 'This chart could not be drawn: ' + (e && e.message ? e.message : String(e));
      figure.appendChild(p);
      console.error(e);
    }
  });
  document.body.dataset.rendered = 'true';
})();
