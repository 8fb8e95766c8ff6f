// align.js: lines up two traces of one situation (the same scenario in two
// protocol eras) row by row, so that a side-by-side view and the era switch
// can say "this frame here is that frame there". Pure: no DOM.
'use strict';

/** alignKey is what two events must share to be the same step in both
 * eras: a message's direction and method (a reply: the method it answers,
 * result or error alike), a note, a state change, a fault of one kind. */
export function alignKey(e, d) {
  switch (e.kind) {
    case 'message':
    case 'http':
    case 'bytes': {
      const m = d.method === 'result' || d.method === 'error' ? `reply:${d.answers}` : d.method;
      return `${d.direction}|${m}`;
    }
    case 'fault':
      return `fault:${d.fault || ''}`;
    case 'lifecycle':
      return `lifecycle:${d.lifecycle || ''}`;
    default:
      return e.kind;
  }
}

// isWire reports whether an alignKey is a frame's (direction|method).
const isWire = (k) => k.includes('|');

// Above this many cells the longest-common-subsequence table costs more
// than the view is worth; the rows then pair by position.
const MAX_CELLS = 4_000_000;

/**
 * align returns rows [{a, b}] of event indexes (-1 where one trace has no
 * event on that row). Events with equal keys (ka, kb: alignKey per event)
 * anchor rows by their longest common subsequence; between two anchors the
 * remaining events pair by position, frames with frames and notes with
 * notes, so an initialize and a server/discover that both open a run share
 * a row, and a frame or a note one era lacks gets a row of its own.
 */
export function align(ka, kb) {
  const n = ka.length;
  const m = kb.length;
  const anchors = [];
  if (n * m <= MAX_CELLS) {
    // lcs[i][j]: the LCS length of ka[i:] and kb[j:], one flat array.
    const w = m + 1;
    const lcs = new Int32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = ka[i] === kb[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
      }
    }
    for (let i = 0, j = 0; i < n && j < m;) {
      if (ka[i] === kb[j]) {
        anchors.push([i, j]);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) i++;
      else j++;
    }
  }
  anchors.push([n, m]);
  const rows = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj] of anchors) {
    while (i < ai || j < bj) {
      // Two frames pair up (an initialize and a server/discover), and so do
      // two notes; a note beside a frame gets a row of its own instead.
      const both = i < ai && j < bj;
      if (both && isWire(ka[i]) === isWire(kb[j])) rows.push({ a: i++, b: j++ });
      else if (i < ai && (!both || !isWire(ka[i]))) rows.push({ a: i++, b: -1 });
      else rows.push({ a: -1, b: j++ });
    }
    if (ai < n && bj < m) rows.push({ a: ai, b: bj });
    i = ai + 1;
    j = bj + 1;
  }
  return rows;
}

/**
 * mapStep returns the step in trace b that matches step s of trace a
 * (steps count from 1; 0 is before the first event): the event on s's row,
 * else the last b event on an earlier row. from names which side s is on
 * ('a' or 'b').
 */
export function mapStep(rows, s, from = 'a') {
  if (!s) return 0;
  const to = from === 'a' ? 'b' : 'a';
  const k = rows.findIndex((r) => r[from] === s - 1);
  for (let r = k; r >= 0; r--) if (rows[r][to] >= 0) return rows[r][to] + 1;
  return 0;
}
