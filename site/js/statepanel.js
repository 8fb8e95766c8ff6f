// statepanel.js: the state panel, drawn from one state snapshot (sim/trace's
// State). Back is a lookup: this only ever reads the snapshot it is given.
'use strict';

import { h, clear } from './dom.js';
import { t } from './i18n.js';

function section(title, ...body) {
  return h('section', { class: 'state-section' }, h('h4', { text: title }), ...body);
}

function list(items, testid, fmt) {
  if (!items || items.length === 0) return h('p', { class: 'state-empty', 'data-testid': testid, text: t('none') });
  return h('ol', { class: 'state-list', 'data-testid': testid }, items.map((x) => h('li', null, fmt ? fmt(x) : String(x))));
}

/** stateFeatures returns the set of state fields any event of a trace
 * uses, so the panel shows what the scenario is about (a TTL scenario has
 * no client and no catalog) and nothing else. */
export function stateFeatures(events) {
  const f = new Set();
  for (const e of events) if (e.state && typeof e.state === 'object') for (const k of Object.keys(e.state)) f.add(k);
  return f;
}

/** renderState fills el with state s (null: nothing known yet) at virtual
 * time atMS (null when the trace has no clock). features (from
 * stateFeatures) chooses the sections; a trace without any state (an
 * imported conformance trace) shows the client and the catalog. */
export function renderState(el, s, atMS, features = new Set()) {
  clear(el);
  const st = s || {};
  const shows = (k) => features.has(k) || (k === 'client' || k === 'catalog') && !features.has('ttl');
  const row = h('div', { class: 'state-row' });
  if (shows('client')) {
    row.append(
      h('span', { class: 'state-key', text: features.has('active_client') ? t('candidate') : t('client') }),
      h('strong', { class: `state-client state-${(st.client || 'none').toLowerCase()}`, 'data-testid': 'client-state', text: st.client || '—' }),
    );
    // A trace whose states never name the protocol version (the HTTP
    // session scenarios track the session, not the version) would read
    // "protocol —" after a successful initialize: leave the key out.
    if (features.has('protocol')) row.append(h('span', { class: 'state-key', text: t('protocol') }), h('span', { class: 'state-protocol', text: st.protocol || '—' }));
  }
  row.append(h('span', { class: 'state-key', text: t('clock') }), h('span', { 'data-testid': 'clock', text: atMS == null ? '—' : `${atMS} ms` }));
  el.append(row);
  if (st.session) el.append(h('div', { class: 'state-row' }, h('span', { class: 'state-key', text: 'Mcp-Session-Id' }), h('code', { text: st.session })));
  // Two sessions at once (a refresh on a second connection): the client
  // and catalog above are the candidate's; the application still uses the
  // active session, named so that the two cannot be read as one.
  const twoSessions = features.has('active_client') || features.has('active');
  if (shows('catalog')) el.append(section(twoSessions ? t('Candidate catalog') : t('Catalog'), list(st.catalog, 'catalog')));
  if (twoSessions) {
    el.append(section(t('Active session'),
      h('div', { class: 'state-row' },
        h('span', { class: 'state-key', text: t('client') }),
        h('strong', { class: `state-client state-${(st.active_client || 'none').toLowerCase()}`, 'data-testid': 'active-client', text: st.active_client || '—' })),
      list(st.active, 'active-catalog')));
  }
  if (st.cursors && st.cursors.length) el.append(section(t('Cursors sent'), list(st.cursors, 'cursors', (c) => h('code', { text: JSON.stringify(c) }))));
  if (st.ttl) {
    const ttl = st.ttl;
    const rows = [
      h('p', { class: 'state-ttl' }, [
        t('now {1} ms', ttl.now_ms),
        ttl.live === 1 ? t('S = {1} live session', ttl.live) : t('S = {1} live sessions', ttl.live),
        ttl.heap === 1 ? t('H = {1} heap ticket', ttl.heap) : t('H = {1} heap tickets', ttl.heap),
      ].join(' · ')),
    ];
    if (ttl.sessions && ttl.sessions.length) {
      rows.push(
        h('table', { class: 'state-table' },
          h('caption', { text: t('Sessions') }),
          h('thead', null, h('tr', null, h('th', { text: t('id') }), h('th', { text: t('gen') }), h('th', { text: t('deadline') }))),
          h('tbody', null, ttl.sessions.map((x) => h('tr', null, h('td', null, h('code', { text: x.id })), h('td', { text: String(x.generation) }), h('td', { text: `${x.deadline_ms} ms` })))),
        ),
      );
    }
    if (ttl.tickets && ttl.tickets.length) {
      rows.push(
        h('table', { class: 'state-table' },
          h('caption', { text: t('Heap tickets') }),
          h('thead', null, h('tr', null, h('th', { text: t('id') }), h('th', { text: t('gen') }), h('th', { text: t('expiry') }))),
          h('tbody', null, ttl.tickets.map((x) => h('tr', { class: x.stale ? 'is-stale' : '' }, h('td', null, h('code', { text: x.id })), h('td', { text: String(x.generation) }), h('td', { text: x.stale ? t('{1} ms (stale)', x.expiry_ms) : `${x.expiry_ms} ms` })))),
        ),
      );
    }
    if (ttl.expired && ttl.expired.length) rows.push(h('p', null, `${t('expired:')} `, ttl.expired.map((x, i) => [i ? ', ' : '', h('code', { text: x })])));
    el.append(section(t('Session expiry'), ...rows));
  }
  if (st.outcomes && st.outcomes.length) {
    el.append(
      section(t('Call outcomes'), h('ol', { class: 'state-list' }, st.outcomes.map((o) =>
        h('li', { 'data-testid': 'outcome', 'data-status': o.status, class: `outcome outcome-${String(o.status).toLowerCase()}` },
          h('strong', { text: o.status }), ` ${o.call}: ${o.tool}`, o.key ? ` ${t('(key {1})', o.key)}` : '', o.detail ? ` — ${o.detail}` : '')))),
    );
  }
  if (st.ledger) {
    el.append(
      section(t('Server ledger'), st.ledger.length === 0
        ? h('p', { class: 'state-empty state-ledger', text: t('nothing executed') })
        : h('ol', { class: 'state-list state-ledger' }, st.ledger.map((l) => h('li', null, `#${l.n} ${l.sku} × ${l.quantity}`, l.key ? ` ${t('(key {1})', l.key)}` : ''))),
      ),
    );
  }
  if (st.error) el.append(section(t('Error'), h('p', { class: 'state-error', text: st.error })));
}
