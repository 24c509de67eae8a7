// d20sim replay viewer: draws the precomputed steps of a fight (the JSON in #replay-data). Plain browser JS, no network.
(function () {
  'use strict';

  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var frames = data.frames;
  var last = frames.length - 1;
  var CELL = 44;
  var MARGIN = 18;
  var SVG = 'http://www.w3.org/2000/svg';
  var SIDE_COLORS = ['#2f6fd6', '#d0453a', '#2e9d5b', '#b7791f', '#8a4fd1', '#0c8599'];
  var MARK_ORDER = ['aoo', 'flank', 'spell-lost', 'down', 'round'];

  var step = 0;
  var selected = null; // a creature id, or null to follow whose turn it is

  var byId = {};
  var sides = [];
  data.creatures.forEach(function (c, i) {
    byId[c.id] = i;
    if (sides.indexOf(c.side) < 0) sides.push(c.side);
  });
  var sideColor = function (side) { return SIDE_COLORS[sides.indexOf(side) % SIDE_COLORS.length]; };

  var $ = function (id) { return document.getElementById(id); };
  var map = $('map');
  var slider = $('slider');

  function el(tag, attrs, parent, text) {
    var node = document.createElementNS(SVG, tag);
    for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) node.setAttribute(k, String(attrs[k]));
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function html(tag, className, parent, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  var px = function (x) { return MARGIN + x * CELL; };
  var center = function (at, space) { return [px(at[0]) + (space * CELL) / 2, px(at[1]) + (space * CELL) / 2]; };
  var nameOf = function (id) { var i = byId[id]; return i === undefined ? id : data.creatures[i].name; };
  var creatureAt = function (frame, id) { return frame.creatures[byId[id]]; };
  var sq = function (s) { return '(' + s[0] + ',' + s[1] + ')'; };

  // ---- the static grid ----------------------------------------------------------------------------

  var W = data.map.width;
  var H = data.map.height;
  map.setAttribute('viewBox', '0 0 ' + (MARGIN + W * CELL + 4) + ' ' + (MARGIN + H * CELL + 14));
  var defs = el('defs', {}, map);
  var stripes = el('pattern', { id: 'stripes', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
  el('rect', { width: 6, height: 6, fill: 'rgba(214, 69, 58, 0.12)' }, stripes);
  el('rect', { width: 3, height: 6, fill: 'rgba(214, 69, 58, 0.38)' }, stripes);
  [['arrow-hit', '#c92a2a'], ['arrow-miss', '#868e96'], ['arrow-aoo', '#f08c00'], ['arrow-move', '#495057']].forEach(function (m) {
    var marker = el('marker', { id: m[0], viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: m[1] }, marker);
  });

  var ground = el('g', { class: 'ground' }, map);
  var key = function (x, y) { return x + ',' + y; };
  var blocked = {};
  var difficult = {};
  data.map.blocked.forEach(function (s) { blocked[key(s[0], s[1])] = true; });
  data.map.difficult.forEach(function (s) { difficult[key(s[0], s[1])] = true; });
  for (var y = 0; y < H; y++) {
    for (var x = 0; x < W; x++) {
      var k = key(x, y);
      var cell = el('rect', { class: 'cell' + (blocked[k] ? ' blocked' : difficult[k] ? ' difficult' : ''), x: px(x), y: px(y), width: CELL, height: CELL }, ground);
      cell.dataset.square = k;
    }
  }
  for (var cx = 0; cx < W; cx++) el('text', { class: 'coord', x: px(cx) + CELL / 2, y: MARGIN / 2 }, ground, String(cx));
  for (var cy = 0; cy < H; cy++) el('text', { class: 'coord', x: MARGIN / 2, y: px(cy) + CELL / 2 }, ground, String(cy));

  var threatLayer = el('g', { class: 'threats' }, map);
  var underLayer = el('g', { class: 'under' }, map);
  var tokenLayer = el('g', { class: 'tokens' }, map);
  var overLayer = el('g', { class: 'over' }, map);

  // ---- drawing one step ---------------------------------------------------------------------------

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function focusOf(frame) {
    if (selected !== null) return selected;
    return frame.turn;
  }

  function square(layer, s, className, space) {
    var side = (space || 1) * CELL - 2;
    return el('rect', { class: className, x: px(s[0]) + 1, y: px(s[1]) + 1, width: side, height: side, rx: 3 }, layer);
  }

  function drawThreats(frame, focus) {
    clear(threatLayer);
    if (focus === null || focus === undefined) return;
    var c = creatureAt(frame, focus);
    if (!c || c.threat < 0) return;
    var area = data.threats[c.threat];
    area.near.forEach(function (s) { square(threatLayer, s, 'threat near'); });
    area.far.forEach(function (s) { square(threatLayer, s, 'threat far'); });
    area.hole.forEach(function (s) { square(threatLayer, s, 'hole'); });
  }

  function line(layer, from, to, className, marker, shorten) {
    var dx = to[0] - from[0];
    var dy = to[1] - from[1];
    var len = Math.sqrt(dx * dx + dy * dy) || 1;
    var cut = shorten || 0;
    return el('line', {
      class: className,
      x1: from[0] + (dx / len) * cut, y1: from[1] + (dy / len) * cut,
      x2: to[0] - (dx / len) * cut, y2: to[1] - (dy / len) * cut,
      'marker-end': marker ? 'url(#' + marker + ')' : null,
    }, layer);
  }

  function creatureCenter(frame, id) {
    var c = creatureAt(frame, id);
    return center(c.at, data.creatures[byId[id]].space);
  }

  function drawHighlights(frame) {
    clear(underLayer);
    clear(overLayer);
    frame.highlights.forEach(function (h) {
      if (h.kind === 'move') {
        var space = data.creatures[byId[h.id]].space;
        square(underLayer, h.from, 'trail-from', space);
        line(underLayer, center(h.from, space), center(h.to, space), 'trail', 'arrow-move', 12);
      } else if (h.kind === 'aoo') {
        var box = square(underLayer, h.at, 'aoo-square');
        box.appendChild(el('title', {}, null, nameOf(h.by) + ' was leaving/acting in ' + sq(h.at) + ' when ' + nameOf(h.reactor) + ' got an attack of opportunity'));
        line(overLayer, creatureCenter(frame, h.reactor), center(h.at, 1), 'aoo-line', 'arrow-aoo', 16);
      } else if (h.kind === 'attack') {
        if (h.opportunity && frame.highlights.some(function (o) { return o.kind === 'aoo'; })) return;
        line(overLayer, creatureCenter(frame, h.attacker), creatureCenter(frame, h.target), 'attack-line' + (h.hit ? ' hit' : ' miss'), h.hit ? 'arrow-hit' : 'arrow-miss', 16);
      } else if (h.kind === 'flank') {
        var a = creatureCenter(frame, h.attacker);
        var b = creatureCenter(frame, h.ally);
        line(underLayer, a, b, 'flank-line', null, 0);
        // The label sits beside the line's middle, off the defender's token.
        var len = Math.sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1])) || 1;
        var nx = -(b[1] - a[1]) / len;
        var ny = (b[0] - a[0]) / len;
        if (ny > 0) { nx = -nx; ny = -ny; }
        el('text', { class: 'flank-label', x: (a[0] + b[0]) / 2 + nx * (CELL * 0.62), y: (a[1] + b[1]) / 2 + ny * (CELL * 0.62), 'text-anchor': 'middle' }, overLayer, 'flanking');
      } else if (h.kind === 'spell-lost') {
        var p = creatureCenter(frame, h.caster);
        el('text', { class: 'spell-lost-label', x: p[0], y: p[1] - CELL / 2 - 6 }, overLayer, h.spell + ' lost');
      } else if (h.kind === 'damage') {
        var t = creatureCenter(frame, h.target);
        el('text', { class: 'dmg' + (h.healing ? ' heal' : ''), x: t[0] + CELL / 2 - 2, y: t[1] - CELL / 2 + 12 }, overLayer, (h.healing ? '+' : '\u2212') + h.amount);
      }
    });
  }

  function hpClass(c, maxHp) {
    if (c.hpState === 'fine') return c.hp * 2 > maxHp ? 'hp-fine' : 'hp-wounded';
    return 'hp-' + c.hpState;
  }

  // At 0 hp or below the bar keeps a sliver in the colour of the state (a dead creature's is full and grey).
  function hpFraction(c, maxHp) {
    if (c.hpState === 'dead') return 1;
    return Math.max(c.hp > 0 ? 0 : 0.12, Math.min(1, c.hp / maxHp));
  }

  function drawTokens(frame, focus) {
    clear(tokenLayer);
    var lostBy = {};
    frame.highlights.forEach(function (h) { if (h.kind === 'spell-lost') lostBy[h.caster] = true; });
    // The dead first, so the living are drawn on top when they share a square.
    var order = data.creatures.map(function (c, i) { return i; }).sort(function (i, j) {
      return (frame.creatures[j].hpState === 'dead') - (frame.creatures[i].hpState === 'dead');
    });
    order.forEach(function (i) {
      var info = data.creatures[i];
      var c = frame.creatures[i];
      var size = info.space * CELL;
      var classes = ['token'];
      if (c.hpState === 'dead') classes.push('dead');
      else if (c.hpState !== 'fine' && c.hpState !== 'disabled') classes.push('down');
      if (lostBy[info.id]) classes.push('spell-lost');
      if (info.id === frame.turn) classes.push('turn');
      if (info.id === focus) classes.push('focus');
      var g = el('g', { class: classes.join(' '), transform: 'translate(' + px(c.at[0]) + ',' + px(c.at[1]) + ')' }, tokenLayer);
      g.dataset.id = info.id;
      var r = size / 2 - 11;
      var mid = size / 2;
      var cyy = mid - 2;
      if (info.id === frame.turn) el('circle', { class: 'turn-ring', cx: mid, cy: cyy, r: r + 3 }, g);
      if (info.id === focus) el('circle', { class: 'focus-ring', cx: mid, cy: cyy, r: r + 6.5 }, g);
      if (lostBy[info.id]) el('circle', { class: 'spell-ring', cx: mid, cy: cyy, r: r + 9 }, g);
      el('circle', { class: 'disc', cx: mid, cy: cyy, r: r, fill: sideColor(info.side) }, g);
      el('text', { class: 'letter', x: mid, y: cyy, 'font-size': Math.round(r * 1.05) }, g, c.hpState === 'dead' ? '\u2715' : info.token);
      var barW = size - 10;
      el('rect', { class: 'hp-back', x: 5, y: 2, width: barW, height: 5, rx: 2 }, g);
      el('rect', { class: 'hp-bar ' + hpClass(c, info.maxHp), x: 5, y: 2, width: Math.max(0, barW * hpFraction(c, info.maxHp)), height: 5, rx: 2 }, g);
      el('text', { class: 'name', x: mid, y: size - 3 }, g, info.name);
      if (c.conditions.length > 0) {
        el('circle', { class: 'badge', cx: size - 7, cy: 14, r: 6 }, g);
        el('text', { class: 'badge-text', x: size - 7, y: 14 }, g, String(c.conditions.length));
      }
      var tip = info.name + ' (' + info.id + ', ' + info.side + '): ' + c.hp + '/' + info.maxHp + ' hp, ' + c.hpState +
        (c.conditions.length ? '; ' + c.conditions.join(', ') : '');
      el('title', {}, g, tip);
    });
  }

  function drawStatus(frame, focus) {
    var status = $('status');
    clear(status);
    var round = frame.phase === 'setup' ? 'Before the fight' : frame.phase === 'surprise' ? 'Surprise round' : 'Round ' + frame.round;
    html('span', 'round', status, round);
    if (frame.turn) html('span', 'turn', status, nameOf(frame.turn) + '\u2019s turn');
    if (frame.phase === 'ended') html('span', 'ended', status, frame.winner ? 'Over: ' + frame.winner + ' win' : 'Over: nobody standing');
    var note = html('span', 'focus-note', status);
    if (focus) {
      note.appendChild(document.createTextNode('Threatened squares of ' + nameOf(focus) + (selected === null ? ' (whose turn it is)' : ' ')));
      if (selected !== null) {
        var back = html('button', 'link', note, 'follow the turn');
        back.type = 'button';
        back.addEventListener('click', function () { selected = null; render(); });
      }
    } else {
      note.textContent = 'Click a token to show the squares it threatens';
    }
  }

  function moment(frame) {
    var h = frame.highlights;
    for (var i = 0; i < h.length; i++) {
      if (h[i].kind === 'aoo') return ['aoo', 'Attack of opportunity: ' + nameOf(h[i].by) + ' in ' + sq(h[i].at) + ', threatened by ' + nameOf(h[i].reactor)];
      if (h[i].kind === 'flank') return ['flank', 'Flanking: ' + nameOf(h[i].attacker) + ' and ' + nameOf(h[i].ally) + ' on opposite sides of ' + nameOf(h[i].target) + ' (+2)'];
      if (h[i].kind === 'spell-lost') return ['spell-lost', 'Spell lost: ' + nameOf(h[i].caster) + '\u2019s ' + h[i].spell + ' (' + (h[i].reason === 'dropped' ? 'the caster dropped' : 'failed Concentration') + ')'];
    }
    return null;
  }

  function drawNarration(frame) {
    var box = $('narration');
    clear(box);
    html('h2', '', box, 'Narration');
    var e = frame.event;
    if (!e) {
      html('p', 'quiet', box, 'Before the first event. Step forward with Next or \u2192.').id = 'narration-text';
      return;
    }
    var where = html('div', 'where', box);
    html('span', '', where, 'Event ' + e.seq + ' of ' + last);
    html('span', '', where, 'log line ' + e.line);
    html('span', 'type', where, e.type);
    var p = html('p', e.quiet ? 'quiet' : '', box, e.text);
    p.id = 'narration-text';
    var rules = html('div', 'rules', box);
    rules.id = 'rules';
    e.rules.forEach(function (id) {
      var chip = html('span', 'rule', rules, id);
      chip.dataset.rule = id;
      var title = data.ruleTitles[id];
      if (title) {
        chip.title = id + ': ' + title;
        html('span', 'title', chip, title);
      }
    });
    var m = moment(frame);
    if (m) html('div', 'moment ' + m[0], box, m[1]);
  }

  var rosterItems = [];
  function buildRoster() {
    var roster = $('roster');
    data.creatures.forEach(function (info) {
      var li = html('li', '', roster);
      li.dataset.id = info.id;
      var chip = html('span', 'chip', li, info.token);
      chip.style.background = sideColor(info.side);
      var who = html('span', 'who', li, info.name + ' ');
      var extra = info.side + (info.reach !== 5 ? ', reach ' + info.reach + ' ft' : '') + (info.reachWeapons.length ? ', reach weapon: ' + info.reachWeapons.join(', ') : '');
      html('small', '', who, extra);
      var right = html('span', '', li);
      var bar = html('div', 'bar', right);
      var fill = html('div', '', bar);
      var hp = html('div', 'hp', right);
      var conds = html('span', 'conds', li);
      li.addEventListener('click', function () { select(info.id); });
      rosterItems.push({ li: li, fill: fill, hp: hp, conds: conds });
    });
  }

  function drawRoster(frame, focus) {
    data.creatures.forEach(function (info, i) {
      var c = frame.creatures[i];
      var item = rosterItems[i];
      item.li.className = (info.id === focus ? 'focus' : '') + (c.hpState === 'dead' ? ' is-dead' : '');
      item.fill.className = hpClass(c, info.maxHp);
      item.fill.style.width = (100 * hpFraction(c, info.maxHp)).toFixed(1) + '%';
      item.hp.textContent = c.hp + '/' + info.maxHp + ' hp \u00b7 ' + c.hpState + (c.nonlethal ? ' \u00b7 ' + c.nonlethal + ' nonlethal' : '');
      item.conds.textContent = c.conditions.join(', ');
      item.conds.style.display = c.conditions.length ? '' : 'none';
    });
  }

  var eventItems = [];
  function buildEvents() {
    var list = $('events');
    html('li', '', list, 'Start').dataset.step = '0';
    eventItems.push(list.lastChild);
    for (var k = 1; k <= last; k++) {
      var e = frames[k].event;
      var li = html('li', (e.quiet ? 'quiet ' : '') + e.marks.join(' '), list);
      li.dataset.step = String(k);
      html('span', 'n', li, String(e.seq));
      html('span', '', li, e.text);
      eventItems.push(li);
    }
    list.addEventListener('click', function (ev) {
      var li = ev.target.closest('li');
      if (li) go(Number(li.dataset.step));
    });
  }

  var currentItem = null;
  function drawEventList() {
    if (currentItem) currentItem.classList.remove('current');
    currentItem = eventItems[step];
    currentItem.classList.add('current');
    var list = $('events');
    var top = currentItem.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + currentItem.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }

  function buildMarks() {
    var marks = $('marks');
    for (var k = 1; k <= last; k++) {
      var e = frames[k].event;
      var kind = MARK_ORDER.filter(function (m) { return e.marks.indexOf(m) >= 0; })[0];
      if (!kind) continue;
      var b = html('button', 'mark ' + kind, marks);
      b.type = 'button';
      b.style.left = (100 * k / Math.max(1, last)).toFixed(3) + '%';
      b.title = e.seq + ': ' + e.text;
      b.dataset.step = String(k);
      b.tabIndex = -1;
      b.addEventListener('click', function (ev) { go(Number(ev.currentTarget.dataset.step)); });
    }
  }

  function render() {
    var frame = frames[step];
    var focus = focusOf(frame);
    slider.value = String(step);
    $('counter').textContent = step + ' / ' + last;
    $('prev').disabled = step === 0;
    $('next').disabled = step === last;
    document.body.dataset.step = String(step);
    drawStatus(frame, focus);
    drawThreats(frame, focus);
    drawHighlights(frame);
    drawTokens(frame, focus);
    drawNarration(frame);
    drawRoster(frame, focus);
    drawEventList();
    try { history.replaceState(null, '', '#' + step); } catch (e) { /* some file:// pages refuse it */ }
  }

  function go(k) {
    var next = Math.max(0, Math.min(last, Math.round(k)));
    if (isNaN(next)) return;
    step = next;
    render();
  }

  function select(id) {
    selected = selected === id ? null : id;
    render();
  }

  // ---- wiring -----------------------------------------------------------------------------------

  slider.max = String(last);
  $('prev').addEventListener('click', function () { go(step - 1); });
  $('next').addEventListener('click', function () { go(step + 1); });
  slider.addEventListener('input', function () { go(Number(slider.value)); });
  tokenLayer.addEventListener('click', function (ev) {
    var g = ev.target.closest('.token');
    if (g) select(g.dataset.id);
  });
  ground.addEventListener('click', function () { if (selected !== null) { selected = null; render(); } });
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === 'ArrowRight') go(step + 1);
    else if (ev.key === 'ArrowLeft') go(step - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(last);
    else return;
    ev.preventDefault();
  });

  buildRoster();
  buildEvents();
  buildMarks();
  var fromHash = Number(location.hash.replace('#', ''));
  go(location.hash && !isNaN(fromHash) ? fromHash : 0);
})();
