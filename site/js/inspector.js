// inspector.js: the frame inspector. It shows the exact bytes of the current
// event, the same JSON pretty-printed, and annotations computed from the
// JSON actually shown, so prose and bytes cannot disagree.
'use strict';

import { h, clear } from './dom.js';
import { wireJSON, httpHeaders, httpStatus, header, isSSE, LIFECYCLE, KNOWN_FIELDS } from './trace.js';

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

const HTTP_REASONS = new Map([[200, 'OK'], [202, 'Accepted'], [400, 'Bad Request'], [404, 'Not Found'], [405, 'Method Not Allowed'], [500, 'Internal Server Error']]);

/** previousNextCursor returns the nextCursor of the last list result before
 * events[index] in the same run: {found: false} when there is none,
 * {found: true, present, value} otherwise. */
function previousNextCursor(events, index) {
  if (!events || index == null) return { found: false };
  const run = events[index] ? events[index].run || '' : '';
  for (let j = index - 1; j >= 0; j--) {
    const e = events[j];
    if ((e.run || '') !== run) break;
    const m = wireJSON(e);
    if (m && has(m, 'result') && m.result && typeof m.result === 'object' && (has(m.result, 'nextCursor') || has(m.result, 'tools') || has(m.result, 'resources') || has(m.result, 'prompts'))) {
      return { found: true, present: has(m.result, 'nextCursor'), value: m.result.nextCursor };
    }
  }
  return { found: false };
}

/**
 * annotate returns [{field, value, text}] for the fields of msg that matter
 * to the course. "absent" and "" are different values and both are named.
 * events and index (the event's place in them) let a field be explained by
 * what came before it: a cursor is the previous page's nextCursor.
 */
export function annotate(ev, msg, dsc, events, index) {
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
      else {
        const prev = previousNextCursor(events, index);
        const echoed = prev.found && prev.present && prev.value === params.cursor;
        if (params.cursor === '') {
          add('params.cursor', '""', echoed
            ? 'the previous page’s nextCursor "" sent back unchanged: present but empty, not the same as absent (no cursor); the server decides what "" means'
            : 'present but empty: not the same as absent; a server may treat it as the first page or reject it');
        } else {
          add('params.cursor', show(params.cursor), echoed || !prev.found
            ? 'opaque token from the previous page’s nextCursor, sent back unchanged'
            : 'not the previous page’s nextCursor: a token the server did not just hand out');
        }
      }
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
  if (ev.kind === 'http') {
    const status = httpStatus(ev);
    if (status) add('HTTP status', String(status), status === 404 ? 'the session is gone: the client must initialize a new one' : '');
    const sid = header(ev, 'mcp-session-id');
    if (sid) add('Mcp-Session-Id', show(sid), 'the header that names the streamable HTTP session');
    const mcpMethod = header(ev, 'mcp-method');
    if (mcpMethod) add('Mcp-Method', show(mcpMethod), '2026-07-28: the JSON-RPC method, repeated in a header so that a proxy can route without reading the body; it must match the body');
    const mcpName = header(ev, 'mcp-name');
    if (mcpName) add('Mcp-Name', show(mcpName), '2026-07-28: the tool, prompt or resource the request names, repeated in a header; it must match the body');
    if (isSSE(ev)) add('Content-Type', show(header(ev, 'content-type')), 'a stream of server-sent events: each JSON-RPC message on it follows as its own event');
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

/** httpLines renders an HTTP event the way it would look on the wire: the
 * request or status line and the Mcp-Session-Id header. The body is the
 * JSON-RPC message shown under it. */
function httpLines(ev) {
  const p = ev.payload && typeof ev.payload === 'object' ? ev.payload : {};
  const status = httpStatus(ev);
  const lines = [];
  if (status) lines.push(`HTTP/1.1 ${status}${HTTP_REASONS.has(status) ? ` ${HTTP_REASONS.get(status)}` : ''}`);
  else if (typeof p.method === 'string' && p.method) lines.push(`${p.method} /mcp HTTP/1.1`);
  else if (ev.direction === 'server-to-client') lines.push('(more of a response body; its status line came earlier)');
  else lines.push('HTTP request (method and path not recorded)');
  for (const [k, v] of httpHeaders(ev)) lines.push(`${k}: ${v}`);
  return lines.join('\n');
}

/** renderInspector fills el for event ev (or a hint when ev is null);
 * events and index place it in its trace. */
export function renderInspector(el, ev, dsc, events, index) {
  clear(el);
  if (!ev) {
    el.append(h('p', { class: 'inspector-hint', text: 'Press Step (→) to see the first event.' }));
    return;
  }
  const step = index != null ? index + 1 : ev.seq;
  const head = [`step ${step}`, arrow(ev.direction), ev.kind, ev.transport, ev.run ? `run ${ev.run}` : '', ev.at_ms != null ? `t = ${ev.at_ms} ms` : '', typeof ev.ts === 'string' ? ev.ts : '']
    .filter(Boolean)
    .join(' · ');
  el.append(h('p', { class: 'inspector-head', text: head }));
  if (dsc && dsc.label !== ev.note) el.append(h('p', { class: 'inspector-label', text: dsc.label }));
  if (ev.note) el.append(h('p', { class: 'inspector-note', text: ev.note }));

  const msg = wireJSON(ev);
  const p = ev.payload && typeof ev.payload === 'object' ? ev.payload : null;
  const hasRaw = typeof ev.raw === 'string' && ev.raw !== '';
  // HTTP and stdio events: what the trace recorded about the transport,
  // shown as it reads on the wire, not as the trace's JSON.
  if (ev.kind === 'http') {
    el.append(h('h4', { text: 'Trace event: HTTP' }), h('pre', { class: 'inspector-http', 'data-testid': 'trace-event', tabindex: '0' }, httpLines(ev)));
  }
  if (ev.kind === 'lifecycle') {
    const known = LIFECYCLE.get(ev.event);
    el.append(
      h('h4', { text: 'Trace event: transport lifecycle' }),
      h('p', { class: `inspector-verdict${ev.event === 'transport-abort' ? ' is-bad' : ''}`, 'data-testid': 'trace-event' }, h('code', { text: String(ev.event) }), ` — ${known ? known.text : 'a transport moment this page does not know'}`),
    );
  }
  if (ev.kind === 'bytes' && p) {
    const ok = p.verdict === 'ok';
    el.append(
      h('h4', { text: 'Trace event: stdio line' }),
      h('p', { class: ok ? 'inspector-verdict' : 'inspector-verdict is-bad', 'data-testid': 'trace-event' }, `line ${p.line ?? '?'}: ${ok ? 'a valid frame' : p.verdict}`),
    );
  }
  const transportEvent = (ev.kind === 'http' || ev.kind === 'bytes') && p;
  const bytes = hasRaw ? ev.raw : !transportEvent && ev.payload !== undefined ? JSON.stringify(ev.payload) : '';
  if (bytes) {
    const title = !hasRaw ? 'Payload (no raw bytes in this trace; re-encoded)' : ev.kind === 'http' ? 'Exact bytes (body)' : 'Exact bytes';
    el.append(
      h('h4', { text: title }),
      h('pre', { class: 'inspector-bytes', 'data-testid': 'frame-bytes', tabindex: '0' }, bytes),
    );
  }
  const pretty = msg ?? (transportEvent ? null : ev.payload);
  if (pretty !== undefined && pretty !== null) {
    el.append(h('h4', { text: 'JSON' }), h('pre', { class: 'inspector-json', tabindex: '0' }, JSON.stringify(pretty, null, 2)));
  }
  const notes = annotate(ev, msg, dsc, events, index);
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
  const other = otherFields(ev);
  if (other.length) {
    const dl = h('dl', { class: 'inspector-fields', 'data-testid': 'other-fields' });
    for (const [k, v] of other) dl.append(h('dt', null, h('code', { text: k })), h('dd', null, h('code', { text: JSON.stringify(v) })));
    el.append(h('h4', { text: 'Other fields in the trace' }), dl);
  }
}

/** otherFields returns the [name, value] pairs of an event that neither
 * trace format defines (an imported trace's own additions), kept as they
 * came so that nothing another tool recorded is hidden. */
export function otherFields(ev) {
  return Object.keys(ev).filter((k) => !KNOWN_FIELDS.has(k)).sort().map((k) => [k, ev[k]]);
}
