// hash.js: the view state in the URL hash, #scenario=<id>&step=<n>[&params=<json>],
// so that copying the address shares exactly what the learner sees.
'use strict';

/** readHash returns {scenario, step, params} from location.hash; step is
 * null when absent or not a number, params is the raw JSON text or null. */
export function readHash() {
  const q = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const n = q.get('step');
  const step = n !== null && /^\d+$/.test(n) ? Number(n) : null;
  return { scenario: q.get('scenario') || '', step, params: q.get('params') };
}

/** writeHash replaces the hash without adding history entries: stepping
 * should not make Back in the browser walk every frame. */
export function writeHash({ scenario, step, params }) {
  if (!scenario) return;
  let s = `#scenario=${encodeURIComponent(scenario)}`;
  if (params) s += `&params=${encodeURIComponent(params)}`;
  if (step != null) s += `&step=${step}`;
  if (s !== window.location.hash) window.history.replaceState(null, '', s);
}
