// hash.js: the view state in the URL hash,
// #scenario=<id>[&era=<era>][&view=compare][&params=<json>][&filter=<era>][&yours=<key>][&step=<n>],
// so that copying the address shares exactly what the learner sees. This is
// the one place that reads or writes the format.
//
//   scenario  the player's scenario (a lesson's figure; the playground's pick)
//   era       that player shows the scenario's counterpart in this era instead
//   view      "compare": the side-by-side view of both eras is open, and step
//             counts its rows
//   params    custom parameters (playground), JSON text
//   filter    the playground's era filter
//   yours     a failing check's two runs (the learner's and the reference's),
//             kept in localStorage under this key (yours.js);
//             step counts the rows of the two side by side
//   step      the player's position
'use strict';

/** parseHash returns {scenario, era, view, step, params, filter, yours} from a
 * hash ("#…" or "…"); step is null when absent or not a number, params is
 * the raw JSON text or null, the others "" when absent. */
export function parseHash(hash) {
  const q = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const n = q.get('step');
  const step = n !== null && /^\d+$/.test(n) ? Number(n) : null;
  return {
    scenario: q.get('scenario') || '',
    era: q.get('era') || '',
    view: q.get('view') === 'compare' ? 'compare' : '',
    step,
    params: q.get('params'),
    filter: q.get('filter') || '',
    yours: q.get('yours') || '',
  };
}

/** formatHash is the hash for a view, or "" without a scenario. params is
 * JSON text; step 0 is written, null is not; empty keys are left out. */
export function formatHash({ scenario, era, view, step, params, filter, yours }) {
  if (!scenario) return '';
  let s = `#scenario=${encodeURIComponent(scenario)}`;
  if (era) s += `&era=${encodeURIComponent(era)}`;
  if (view) s += `&view=${encodeURIComponent(view)}`;
  if (params) s += `&params=${encodeURIComponent(params)}`;
  if (filter) s += `&filter=${encodeURIComponent(filter)}`;
  if (yours) s += `&yours=${encodeURIComponent(yours)}`;
  if (step != null) s += `&step=${step}`;
  return s;
}

/** readHash is parseHash of the page's own address. */
export function readHash() {
  return parseHash(window.location.hash);
}

/** writeHash replaces the hash without adding history entries: stepping
 * should not make Back in the browser walk every frame. The filter belongs
 * to the page, not to a player: a view without one (filter undefined)
 * keeps the filter the address has. */
export function writeHash(view) {
  const v = view.filter === undefined ? { ...view, filter: readHash().filter } : view;
  const s = formatHash(v);
  if (s && s !== window.location.hash) window.history.replaceState(null, '', s);
}
