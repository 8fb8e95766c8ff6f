// hash.js: the view state in the URL hash, #scenario=<id>&step=<n>[&params=<json>],
// so that copying the address shares exactly what the learner sees. This is
// the one place that reads or writes the format.
'use strict';

/** parseHash returns {scenario, step, params} from a hash ("#…" or "…");
 * step is null when absent or not a number, params is the raw JSON text or
 * null. */
export function parseHash(hash) {
  const q = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const n = q.get('step');
  const step = n !== null && /^\d+$/.test(n) ? Number(n) : null;
  return { scenario: q.get('scenario') || '', step, params: q.get('params') };
}

/** formatHash is the hash for a view: "#scenario=…[&params=…][&step=…]",
 * or "" without a scenario. params is JSON text; step 0 is written, null
 * is not. */
export function formatHash({ scenario, step, params }) {
  if (!scenario) return '';
  let s = `#scenario=${encodeURIComponent(scenario)}`;
  if (params) s += `&params=${encodeURIComponent(params)}`;
  if (step != null) s += `&step=${step}`;
  return s;
}

/** readHash is parseHash of the page's own address. */
export function readHash() {
  return parseHash(window.location.hash);
}

/** writeHash replaces the hash without adding history entries: stepping
 * should not make Back in the browser walk every frame. */
export function writeHash(view) {
  const s = formatHash(view);
  if (s && s !== window.location.hash) window.history.replaceState(null, '', s);
}
