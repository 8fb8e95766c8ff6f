// inspector.js: the frame inspector. It shows the exact bytes of the current
// event, the same JSON pretty-printed, and annotations computed from the
// JSON actually shown, so prose and bytes cannot disagree.
'use strict';

import { h, clear } from './dom.js';
import { wireJSON } from './trace.js';

const ERROR_CODES = new Map([
  [-32700, 'Parse error: the bytes were not JSON'],
  [-32600, 'Invalid Request: not a valid JSON-RPC request'],
  [-32601, 'Method not found'],
  [-32602, 'Invalid params (go-sdk also uses it for an unknown tool and an undecodable cursor)'],
  [-32603, 'Internal error'],
  [-32002, 'Resource not found'],
  [0, 'code 0 is not a JSON-RPC code: go-sdk uses it for a request before initialize (SDK behaviour, not the specification)'],
]);

const has = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
const show = (v) => JSON.stringify(v);

/**
 * annotate returns [{field, value, text}] for the fields of msg that matter
 * to the course. "absent" and "" are different values and both are named.
 */
export function annotate(ev, msg, dsc) {
  const out = [];
  const add = (field, value, text) => out.push({ field, value, text });
  if (msg && typeof msg === 'object') {
    const params = msg.params;
    const result = msg.result;
    if (has(params, 'protocolVersion')) add('params.protocolVersion', show(params.protocolVersion), 'the version the client asks for');
    if (has(result, 'protocolVersion')) {
      add('result.protocolVersion', show(result.protocolVersion), 'the version the server will speak; the client must support it or disconnect');
    }
    for (const [where, obj] of [['params', params], ['result', result]]) {
      if (has(obj, 'capabilities')) {
        const caps = obj.capabilities && typeof obj.capabilities === 'object' ? Object.keys(obj.capabilities) : [];
        add(`${where}.capabilities`, caps.length ? caps.join(', ') : '{}', where === 'params' ? 'what the client offers' : 'what the server offers');
      }
    }
    const method = typeof msg.method === 'string' ? msg.method : '';
    if (method.endsWith('/list')) {
      if (!has(params, 'cursor')) add('params.cursor', 'absent', 'no cursor: the first page');
      else if (params.cursor === '') add('params.cursor', '""', 'present but empty: not the same as absent; a server may treat it as the first page or reject it');
      else add('params.cursor', show(params.cursor), 'opaque token from the previous page’s nextCursor, sent back unchanged');
    }
    const isList = dsc && typeof dsc.answers === 'string' && dsc.answers.endsWith('/list');
    if (has(result, 'nextCursor') || isList) {
      if (!has(result, 'nextCursor')) add('result.nextCursor', 'absent', 'no nextCursor: this is the last page');
      else if (result.nextCursor === '') add('result.nextCursor', '""', 'present but empty: not absent; a client that tests for a non-empty string stops here, one that tests for presence asks again with ""');
      else add('result.nextCursor', show(result.nextCursor), 'more pages: send it back as params.cursor');
    }
    if (has(result, 'isError')) {
      add('result.isError', show(result.isError), result.isError ? 'the tool ran and failed: a result, not a JSON-RPC error; the model should see it' : 'the tool succeeded');
    }
    if (has(msg, 'error') && msg.error && typeof msg.error === 'object') {
      const code = msg.error.code;
      add('error.code', show(code), ERROR_CODES.get(code) || 'a JSON-RPC error: the request was not executed as asked');
    }
  }
  const p = ev.payload;
  if (ev.kind === 'http' && p && typeof p === 'object') {
    if (p.status) add('HTTP status', String(p.status), p.status === 404 ? 'the session is gone: the client must initialize a new one' : '');
    if (has(p, 'mcp_session_id')) add('Mcp-Session-Id', show(p.mcp_session_id), 'the header that names the streamable HTTP session');
  }
  if (ev.state && ev.state.session && ev.kind !== 'http') add('Mcp-Session-Id', show(ev.state.session), 'the session this frame belongs to');
  if (ev.kind === 'fault' && p && typeof p === 'object') add('fault', String(p.fault), p.detail || '');
  return out;
}

function arrow(direction) {
  if (direction === 'client-to-server') return 'client → server';
  if (direction === 'server-to-client') return 'server → client';
  return '';
}

/** renderInspector fills el for event ev (or a hint when ev is null). */
export function renderInspector(el, ev, dsc) {
  clear(el);
  if (!ev) {
    el.append(h('p', { class: 'inspector-hint', text: 'Press Step (→) to see the first event.' }));
    return;
  }
  const head = [`#${ev.seq}`, arrow(ev.direction), ev.kind, ev.transport, ev.run ? `run ${ev.run}` : '', ev.at_ms != null ? `t = ${ev.at_ms} ms` : '']
    .filter(Boolean)
    .join(' · ');
  el.append(h('p', { class: 'inspector-head', text: head }));
  if (dsc && dsc.label !== ev.note) el.append(h('p', { class: 'inspector-label', text: dsc.label }));
  if (ev.note) el.append(h('p', { class: 'inspector-note', text: ev.note }));

  const msg = wireJSON(ev);
  const bytes = typeof ev.raw === 'string' && ev.raw !== '' ? ev.raw : ev.payload !== undefined ? JSON.stringify(ev.payload) : '';
  if (bytes) {
    const raw = typeof ev.raw === 'string' && ev.raw !== '';
    el.append(
      h('h4', { text: raw ? 'Exact bytes' : 'Payload (no raw bytes in this trace; re-encoded)' }),
      h('pre', { class: 'inspector-bytes', 'data-testid': 'frame-bytes', tabindex: '0' }, bytes),
    );
  }
  if (ev.kind === 'bytes' && ev.payload && typeof ev.payload === 'object') {
    const ok = ev.payload.verdict === 'ok';
    el.append(h('p', { class: ok ? 'inspector-verdict' : 'inspector-verdict is-bad' }, `stdio line ${ev.payload.line ?? '?'}: ${ok ? 'a valid frame' : ev.payload.verdict}`));
  }
  const pretty = msg ?? ev.payload;
  if (pretty !== undefined && pretty !== null) {
    el.append(h('h4', { text: 'JSON' }), h('pre', { class: 'inspector-json', tabindex: '0' }, JSON.stringify(pretty, null, 2)));
  }
  const notes = annotate(ev, msg, dsc);
  if (notes.length) {
    const dl = h('dl', { class: 'inspector-fields' });
    for (const n of notes) {
      dl.append(
        h('dt', null, h('code', { text: n.field })),
        h('dd', null, h('code', { class: n.value === 'absent' ? 'is-absent' : '', text: n.value }), n.text ? ` — ${n.text}` : ''),
      );
    }
    el.append(h('h4', { text: 'Fields' }), dl);
  }
}
