// yours.js: a failing check's two runs, handed from the exercise page to
// the playground. The grader plays the failing case twice, with the
// learner's code and with the reference answer (grading.Result's Yours and
// Reference); the exercise page keeps both in localStorage and links to the
// playground with the key in the hash (#…&yours=KEY), where the player shows
// them side by side from the first row where they differ. Storage, not the
// URL: the traces are kilobytes. localStorage, not sessionStorage: a link
// opened in a new tab (middle click) starts a new session. Each check has
// one slot, so the next grade replaces it.
'use strict';

import { STORAGE_PREFIX } from './dom.js';

const PREFIX = `${STORAGE_PREFIX}yours:`;

/** runKey is the key of exercise's check's runs: one slot per check, so a
 * new grade replaces the last one's. */
export function runKey(exercise, check) {
  return `${exercise}/${check}`;
}

/** saveRun keeps run ({exercise, check, label, scenario, params, message,
 * yours, reference}; label: the check's name in the page's language) for
 * the playground and returns its key, or "" when the
 * browser keeps nothing (storage off or full). */
export function saveRun(run) {
  const key = runKey(run.exercise, run.check);
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify(run));
    return key;
  } catch {
    return '';
  }
}

/** loadRun returns the run saved under key, or null. */
export function loadRun(key) {
  try {
    const v = JSON.parse(window.localStorage.getItem(PREFIX + key) || 'null');
    return v && typeof v.yours === 'string' && typeof v.reference === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** sameEvent reports whether two trace events are the same step: same
 * kind and direction, same bytes on the wire (or payload when no bytes
 * were recorded). Notes, clocks and state snapshots do not count: they
 * follow from the frames. */
export function sameEvent(a, b) {
  if (!a || !b || a.kind !== b.kind || (a.direction || '') !== (b.direction || '')) return false;
  if (a.kind === 'note' || a.kind === 'state') return true;
  const bytes = (e) => (typeof e.raw === 'string' ? e.raw : JSON.stringify(e.payload ?? null));
  return bytes(a) === bytes(b);
}

/** differingRows returns the rows (1-based) of aligned rows ({a, b}:
 * indexes into as and bs, -1 for a gap) where the two sides differ. */
export function differingRows(rows, as, bs) {
  const out = [];
  rows.forEach((r, k) => {
    if (r.a < 0 || r.b < 0 || !sameEvent(as[r.a], bs[r.b])) out.push(k + 1);
  });
  return out;
}
