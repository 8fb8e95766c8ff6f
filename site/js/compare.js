// compare.js: the side-by-side view of one situation in two protocol eras:
// two recorded traces, aligned row by row (align.js), a cursor over the
// rows and, for the current row, each era's frame in the inspector's own
// words. The player owns it and routes every action to it through act().
'use strict';

import { h, clear, keepFocus } from './dom.js';
import { parseTrace, describe } from './trace.js';
import { renderInspector } from './inspector.js';
import { align, alignKey } from './align.js';
import { scrollIntoLanes, noteLabel } from './lanes.js';
import { differingRows } from './yours.js';
import { t } from './i18n.js';

const ARROWS = { 'client-to-server': t('client → server'), 'server-to-client': t('server → client') };

// wireText is an event's bytes: raw when recorded, else its payload.
function wireText(e) {
  return typeof e.raw === 'string' ? e.raw : JSON.stringify(e.payload ?? null);
}

function clip(s, n) {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** A SideBySide is the view inside one player's figure. */
export class SideBySide {
  /** act receives the view's button presses ({type: 'step'|'back'|'reset'|'seek'}). */
  constructor(act) {
    this.rows = [];
    this.row = 0;
    const btn = (testid, text, title, a) => h('button', { type: 'button', class: `pl-btn pl-small sbs-${testid}`, 'data-testid': `sbs-${testid}`, title, onclick: () => act(a) }, text);
    this.el = {};
    this.el.reset = btn('reset', t('Reset'), t('First row (Home)'), { type: 'reset' });
    this.el.back = btn('back', t('◀ Back'), t('Previous row (ArrowLeft)'), { type: 'back' });
    this.el.step = btn('step', t('Step ▶'), t('Next row (ArrowRight)'), { type: 'step' });
    this.el.count = h('span', { class: 'pl-count', 'aria-live': 'polite', 'data-testid': 'sbs-count' });
    this.el.title = h('p', { class: 'sbs-title' });
    this.el.heads = h('div', { class: 'sbs-heads', 'aria-hidden': 'true' });
    this.el.rows = h('ol', { class: 'sbs-rows', tabindex: '0', 'aria-label': t('Both traces, row by row') });
    this.el.detail = h('div', { class: 'sbs-detail' });
    this.onSeek = (r) => act({ type: 'seek', step: r });
    this.root = h('section', { class: 'sbs', 'data-testid': 'side-by-side', hidden: true, 'aria-label': t('Side by side') },
      this.el.title,
      h('div', { class: 'pl-controls sbs-controls', role: 'toolbar', 'aria-label': t('Side by side controls') }, this.el.reset, this.el.back, this.el.step, this.el.count),
      h('div', { class: 'sbs-table' }, this.el.heads, this.el.rows),
      this.el.detail);
  }

  get open() {
    return !this.root.hidden;
  }

  get length() {
    return this.rows.length;
  }

  /** firstDifference is the first marked row (1-based), or 0. */
  get firstDifference() {
    return this.marks && this.marks.size ? Math.min(...this.marks) : 0;
  }

  /** show fills the view with two sides, each {info, text}, left the older
   * era, and moves to row. A side may carry a name ("your code"), which
   * then labels it instead of its era, and a label, that name in the
   * page's language; title replaces the view's opening line (text or
   * nodes). */
  show(left, right, row, title) {
    const side = (s) => {
      const events = parseTrace(s.text);
      const labels = describe(events);
      return { info: s.info, name: s.name || s.info.era, label: s.label || s.name || s.info.era, named: !!s.name, events, labels, keys: events.map((e, i) => alignKey(e, labels[i])) };
    };
    this.sides = [side(left), side(right)];
    this.rows = align(this.sides[0].keys, this.sides[1].keys);
    this.root.dataset.left = left.name ? `${left.info.id}:${left.name}` : left.info.id;
    this.root.dataset.right = right.name ? `${right.info.id}:${right.name}` : right.info.id;
    const name = (s) => (s.name
      ? h('span', { class: 'sbs-head', 'data-side': s.name }, h('strong', { text: s.label || s.name }))
      : h('span', { class: 'sbs-head', 'data-era': s.info.era }, h('span', { class: 'player-era', text: s.info.era }), ' ', h('strong', { text: s.info.title }), ' ', h('code', { text: s.info.id })));
    clear(this.el.title).append(...[].concat(title || t('The same situation in two eras, aligned step by step. A row with one side empty is a step the other era does not have.')));
    this.el.heads.replaceChildren(h('span', { class: 'sbs-n', text: '#' }), name(left), name(right));
    // Two runs of one case (your code, the reference): mark the rows where
    // they part; two eras differ everywhere, so nothing is marked.
    const [a, b] = this.sides;
    this.marks = a.named && b.named ? new Set(differingRows(this.rows, a.events, b.events)) : null;
    this.el.rows.replaceChildren(...this.rows.map((r, k) => this.rowEl(r, k)));
    this.root.hidden = false;
    this.go(row);
  }

  rowEl(r, k) {
    const differs = this.marks && this.marks.has(k + 1);
    const cell = (s, i) => {
      const era = h('span', { class: 'sbs-era', text: s.label });
      if (i < 0) return h('div', { class: 'sbs-cell is-gap', 'data-era': s.info.era }, era, h('span', { class: 'sbs-label', text: s.named ? t('nothing from {1}', s.label) : t('nothing in {1}', s.label) }));
      const e = s.events[i];
      const d = s.labels[i];
      const cls = ['sbs-cell', `kind-${e.kind}`];
      if (d.direction && !d.lifecycle) cls.push(d.direction === 'client-to-server' ? 'to-server' : 'to-client');
      if (d.method === 'error') cls.push('is-error-response');
      const label = noteLabel(e, d);
      const text = e.kind === 'note' || e.kind === 'state' ? (label.length > 110 ? `${label.slice(0, 107)}…` : label) : label;
      return h('div', { class: cls.join(' '), 'data-era': s.info.era, 'data-method': d.method, 'data-step': String(i + 1) },
        era,
        d.direction ? h('span', { class: 'sbs-dir', text: ARROWS[d.direction] || d.direction }) : null,
        h('span', { class: 'sbs-label', text }),
        // Where two runs part, the bytes say how: the label alone
        // ("tools/list") is the same on both sides.
        differs && d.direction ? h('code', { class: 'sbs-raw', text: clip(wireText(e), 160) }) : null);
    };
    const li = h('li', { class: `sbs-row${differs ? ' is-different' : ''}`, 'data-testid': 'sbs-row', 'data-row': String(k + 1), 'data-differs': differs ? 'true' : null },
      h('span', { class: 'sbs-n', text: String(k + 1) }),
      cell(this.sides[0], r.a),
      cell(this.sides[1], r.b));
    li.addEventListener('click', () => this.onSeek(k + 1));
    return li;
  }

  /** go moves to row n (1-based; 0 is before the first row). */
  go(n) {
    const focused = document.activeElement;
    const max = this.rows.length;
    this.row = Math.max(0, Math.min(max, Number.isFinite(n) ? Math.trunc(n) : 0));
    this.root.dataset.row = String(this.row);
    const items = this.el.rows.children;
    for (let k = 0; k < items.length; k++) {
      items[k].classList.toggle('is-current', k === this.row - 1);
      if (k === this.row - 1) items[k].setAttribute('aria-current', 'step');
      else items[k].removeAttribute('aria-current');
    }
    this.el.count.textContent = t('row {1} / {2}', this.row, max);
    this.el.step.disabled = this.row >= max;
    this.el.back.disabled = this.row <= 0;
    this.el.reset.disabled = this.row <= 0;
    keepFocus(focused, [this.el.step, this.el.back, this.el.reset], this.el.rows);
    const cur = items[this.row - 1];
    if (cur) scrollIntoLanes(this.el.rows, cur);
    else this.el.rows.scrollTop = 0;
    clear(this.el.detail);
    const r = this.rows[this.row - 1];
    this.sides.forEach((s, i) => {
      const idx = r ? (i === 0 ? r.a : r.b) : -1;
      const box = h('div', { class: 'pl-inspector sbs-inspector', 'data-era': s.info.era });
      if (idx >= 0) renderInspector(box, s.events[idx], s.labels[idx], s.events, idx);
      else box.append(h('p', { class: 'inspector-hint', text: r ? (s.named ? t('Nothing here from {1}.', s.label) : t('No step here in {1}.', s.label)) : t('Press Step (→) to compare the first row.') }));
      this.el.detail.append(h('div', { class: 'sbs-side' }, h('h3', { class: 'pl-h', text: s.named ? s.label : `${s.info.era} · ${s.info.id}` }), box));
    });
  }

  close() {
    this.root.hidden = true;
  }
}
