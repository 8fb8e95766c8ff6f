// lanes.js: the rows of the player's lanes, one per event, drawn from the
// trace and the labels trace.js derives from it.
'use strict';

import { h } from './dom.js';
import { t, note } from './i18n.js';

/**
 * laneRows returns one <li> per event: its step number, an arrow between
 * the lifelines (or a band, for events that move nothing) with its label,
 * and its time. labels is describe(events); onSeek(step) runs on a click.
 */
export function laneRows(events, labels, onSeek) {
  const t0 = firstTS(events);
  return events.map((e, i) => {
    const d = labels[i];
    const cls = ['pl-frame', `kind-${e.kind}`];
    // A lifecycle event has a direction in the format but moves nothing.
    if (d.direction && !d.lifecycle) cls.push(d.direction === 'client-to-server' ? 'to-server' : 'to-client');
    if (d.method === 'error') cls.push('is-error-response');
    if (d.badBytes) cls.push('is-bad-bytes');
    // A scenario with several runs side by side names each run once, where
    // it starts.
    const runStart = d.run && (i === 0 || labels[i - 1].run !== d.run);
    if (runStart) cls.push('run-start');
    if (d.fault) cls.push(`fault-${d.fault.replace(/[^a-z-]/g, '')}`);
    if (d.lifecycle) cls.push(`lifecycle-${d.lifecycle.replace(/[^a-z-]/g, '')}`);
    const li = h('li', {
      class: cls.join(' '),
      'data-testid': e.kind === 'note' || e.kind === 'state' ? 'event' : 'frame',
      'data-direction': d.direction,
      'data-method': d.method,
      'data-seq': String(e.seq),
      'data-index': String(i + 1),
      'data-answers': d.answers || null,
      'data-run': d.run || null,
    },
    h('span', { class: 'pl-seq', title: e.seq !== i + 1 ? t('step {1} (seq {2})', i + 1, e.seq) : t('step {1}', i + 1), text: String(i + 1) }),
    h('span', { class: 'pl-arrow' },
      runStart ? h('span', { class: 'pl-run', text: t('run: {1}', note(d.run)) }) : null,
      h('span', { class: 'pl-label' }, e.kind === 'note' || e.kind === 'state' ? shorten(noteLabel(e, d)) : slashBreaks(d.label))),
    timeCell(e, t0));
    li.addEventListener('click', () => onSeek(i + 1));
    return li;
  });
}

// timeCell shows when an event happened: the virtual clock, or for an
// imported trace with timestamps (ts) the seconds since the first one (the
// full stamp on hover). t0 is that first stamp in ms, NaN when none.
function timeCell(e, t0) {
  if (e.at_ms != null) return h('span', { class: 'pl-time', title: t('{1} ms (virtual clock)', e.at_ms) }, String(e.at_ms), h('span', { class: 'pl-time-unit', text: ' ms' }));
  const at = typeof e.ts === 'string' ? Date.parse(e.ts) : NaN;
  if (Number.isFinite(at) && Number.isFinite(t0)) {
    const s = (at - t0) / 1000;
    const text = `${s >= 0 ? '+' : ''}${s.toFixed(Math.abs(s) < 100 ? 3 : 0)}`;
    return h('span', { class: 'pl-time', title: t('{1} (recorded; {2} s after the first timestamp)', e.ts, text) }, text, h('span', { class: 'pl-time-unit', text: ' s' }));
  }
  return h('span', { class: 'pl-time', title: typeof e.ts === 'string' ? e.ts : null });
}

// firstTS returns the first parseable ts of events in ms, or NaN.
function firstTS(events) {
  for (const e of events) {
    const at = typeof e.ts === 'string' ? Date.parse(e.ts) : NaN;
    if (Number.isFinite(at)) return at;
  }
  return NaN;
}

// slashBreaks lets a narrow lane break a method name after a slash
// (notifications/ initialized) rather than inside a word.
function slashBreaks(s) {
  const parts = s.split('/');
  return parts.flatMap((part, i) => (i < parts.length - 1 ? [`${part}/`, document.createElement('wbr')] : [part]));
}

/** noteLabel is what a lane or a side-by-side cell shows for event e
 * (labels d): a note in the page's language, any other label as it is. */
export function noteLabel(e, d) {
  return e.note && d.label === e.note ? note(e.note) : d.label;
}

function shorten(s) {
  return s.length > 140 ? `${s.slice(0, 137)}…` : s;
}

// scrollIntoLanes scrolls only the lanes box, never the page: stepping with
// the keyboard should not make the lesson text jump.
export function scrollIntoLanes(box, li) {
  if (box.clientHeight === 0) return; // not laid out (hidden): nothing to scroll
  const top = li.offsetTop; // .pl-lanes is position: relative
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + li.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + li.offsetHeight - box.clientHeight;
}
