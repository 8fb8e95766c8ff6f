// inspector.js: the frame inspector. It shows the exact bytes of the current
// event, the same JSON pretty-printed, and annotations computed from the
// JSON actually shown, so prose and bytes cannot disagree.
'use strict';

import { h, clear } from './dom.js';
import { t, note } from './i18n.js';
import { wireJSON, httpHeaders, httpStatus, header, isSSE, LIFECYCLE, KNOWN_FIELDS } from './trace.js';

const ERROR_CODES = new Map([
  [-32700, t('Parse error: the bytes were not JSON')],
  [-32600, t('Invalid Request: not a valid JSON-RPC request')],
  [-32601, t('Method not found')],
  [-32602, t('Invalid params (go-sdk also uses it for an unknown tool and an undecodable cursor)')],
  [-32603, t('Internal error')],
  [-32002, t('Resource not found')],
  [-32020, t('{1} HeaderMismatch: an Mcp-* header does not match the body', '2026-07-28')],
  [-32021, t('{1} MissingRequiredClientCapability: the request needs a capability the client did not declare', '2026-07-28')],
  [-32022, t('{1} UnsupportedProtocolVersion: the server does not speak the requested version; its data lists the ones it does', '2026-07-28')],
  [0, t('code 0 is not a JSON-RPC code: go-sdk v1.8.0 sends it for a request before initialize and for a low-level handler\'s Go error (SDK behaviour, not the specification)')],
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
    if (has(params, 'protocolVersion')) add('params.protocolVersion', show(params.protocolVersion), t('the version the client asks for'));
    if (has(result, 'protocolVersion')) {
      add('result.protocolVersion', show(result.protocolVersion), t('the version the server will speak; a client that does not support it should disconnect'));
    }
    for (const [where, obj] of [['params', params], ['result', result]]) {
      if (has(obj, 'capabilities')) {
        const caps = obj.capabilities && typeof obj.capabilities === 'object' ? Object.keys(obj.capabilities) : [];
        add(`${where}.capabilities`, caps.length ? caps.join(', ') : '{}', where === 'params' ? t('what the client offers') : t('what the server offers'));
      }
    }
    const method = typeof msg.method === 'string' ? msg.method : '';
    if (method.endsWith('/list')) {
      if (!has(params, 'cursor')) add('params.cursor', 'absent', t('no cursor: the first page'));
      else {
        const prev = previousNextCursor(events, index);
        const echoed = prev.found && prev.present && prev.value === params.cursor;
        if (params.cursor === '') {
          add('params.cursor', '""', echoed
            ? t('the previous page’s nextCursor \"\" sent back unchanged: present but empty, not the same as absent (no cursor); the server decides what \"\" means')
            : t('present but empty: not the same as absent; a server may treat it as the first page or reject it'));
        } else {
          add('params.cursor', show(params.cursor), echoed || !prev.found
            ? t('opaque token from the previous page’s nextCursor, sent back unchanged')
            : t('not the previous page’s nextCursor: a token the server did not just hand out'));
        }
      }
    }
    const isList = dsc && typeof dsc.answers === 'string' && dsc.answers.endsWith('/list');
    if (has(result, 'nextCursor') || isList) {
      if (!has(result, 'nextCursor')) add('result.nextCursor', 'absent', t('no nextCursor: this is the last page'));
      else if (result.nextCursor === '') add('result.nextCursor', '""', t('present but empty: not absent; a client that tests for a non-empty string stops here, one that tests for presence asks again with \"\"'));
      else add('result.nextCursor', show(result.nextCursor), t('more pages: send it back as params.cursor'));
    }
    if (has(result, 'isError')) {
      add('result.isError', show(result.isError), result.isError ? t('the tool ran and failed: a result, not a JSON-RPC error; the model should see it') : t('the tool succeeded'));
    }
    if (has(msg, 'error') && msg.error && typeof msg.error === 'object') {
      const code = msg.error.code;
      add('error.code', show(code), ERROR_CODES.get(code) || t('a JSON-RPC error: the request failed and has no result'));
    }
  }
  const p = ev.payload;
  if (ev.kind === 'http') {
    const status = httpStatus(ev);
    if (status) add('HTTP status', String(status), status === 404 ? t('{1}: the session is gone; a client that sent its session id must start a new one with initialize', '2025-11-25') : '');
    const sid = header(ev, 'mcp-session-id');
    if (sid) add('Mcp-Session-Id', show(sid), t('the header that names the streamable HTTP session'));
    const mcpMethod = header(ev, 'mcp-method');
    if (mcpMethod) add('Mcp-Method', show(mcpMethod), t('{1}: the JSON-RPC method, repeated in a header so that a proxy can route without reading the body; it must match the body', '2026-07-28'));
    const mcpName = header(ev, 'mcp-name');
    if (mcpName) add('Mcp-Name', show(mcpName), t('{1}: the tool, prompt or resource the request names, repeated in a header; it must match the body', '2026-07-28'));
    if (isSSE(ev)) add('Content-Type', show(header(ev, 'content-type')), t('a stream of server-sent events carrying JSON-RPC messages (go-sdk v1.8.0 sends each message as one event)'));
  }
  if (ev.state && ev.state.session && ev.kind !== 'http') add('Mcp-Session-Id', show(ev.state.session), t('the session this frame belongs to'));
  if (ev.kind === 'fault' && p && typeof p === 'object') add('fault', String(p.fault), p.detail || '');
  return out;
}

function arrow(direction) {
  if (direction === 'client-to-server') return t('client → server');
  if (direction === 'server-to-client') return t('server → client');
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
  else if (ev.direction === 'server-to-client') lines.push(t('(more of a response body; its status line came earlier)'));
  else lines.push(t('HTTP request (method and path not recorded)'));
  for (const [k, v] of httpHeaders(ev)) lines.push(`${k}: ${v}`);
  return lines.join('\n');
}

/** renderInspector fills el for event ev (or a hint when ev is null);
 * events and index place it in its trace. */
export function renderInspector(el, ev, dsc, events, index) {
  clear(el);
  if (!ev) {
    el.append(h('p', { class: 'inspector-hint', text: t('Press Step (→) to see the first event.') }));
    return;
  }
  const step = index != null ? index + 1 : ev.seq;
  const head = [t('step {1}', step), arrow(ev.direction), ev.kind, ev.transport, ev.run ? t('run {1}', note(ev.run)) : '', ev.at_ms != null ? `t = ${ev.at_ms} ms` : '', typeof ev.ts === 'string' ? ev.ts : '']
    .filter(Boolean)
    .join(' · ');
  el.append(h('p', { class: 'inspector-head', text: head }));
  if (dsc && dsc.label !== ev.note) el.append(h('p', { class: 'inspector-label', text: dsc.label }));
  if (ev.note) el.append(h('p', { class: 'inspector-note', text: note(ev.note) }));

  const msg = wireJSON(ev);
  const p = ev.payload && typeof ev.payload === 'object' ? ev.payload : null;
  const hasRaw = typeof ev.raw === 'string' && ev.raw !== '';
  // HTTP and stdio events: what the trace recorded about the transport,
  // shown as it reads on the wire, not as the trace's JSON.
  if (ev.kind === 'http') {
    el.append(h('h4', { text: t('Trace event: HTTP') }), h('pre', { class: 'inspector-http', 'data-testid': 'trace-event', tabindex: '0' }, httpLines(ev)));
  }
  if (ev.kind === 'lifecycle') {
    const known = LIFECYCLE.get(ev.event);
    el.append(
      h('h4', { text: t('Trace event: transport lifecycle') }),
      h('p', { class: `inspector-verdict${ev.event === 'transport-abort' ? ' is-bad' : ''}`, 'data-testid': 'trace-event' }, h('code', { text: String(ev.event) }), ` — ${known ? known.text : t('a transport moment this page does not know')}`),
    );
  }
  if (ev.kind === 'bytes' && p) {
    const ok = p.verdict === 'ok';
    el.append(
      h('h4', { text: t('Trace event: stdio line') }),
      h('p', { class: ok ? 'inspector-verdict' : 'inspector-verdict is-bad', 'data-testid': 'trace-event' }, t('line {1}: {2}', p.line ?? '?', ok ? t('a valid frame') : t(p.verdict))),
    );
  }
  const transportEvent = (ev.kind === 'http' || ev.kind === 'bytes') && p;
  const bytes = hasRaw ? ev.raw : !transportEvent && ev.payload !== undefined ? JSON.stringify(ev.payload) : '';
  if (bytes) {
    const title = !hasRaw ? t('Payload (no raw bytes in this trace; re-encoded)') : ev.kind === 'http' ? t('Exact bytes (body)') : t('Exact bytes');
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
        h('dd', null, h('code', { class: n.value === 'absent' ? 'is-absent' : '', text: n.value === 'absent' ? t('absent') : n.value }), n.text ? ` — ${n.text}` : ''),
      );
    }
    el.append(h('h4', { text: t('Fields') }), dl);
  }
  const other = otherFields(ev);
  if (other.length) {
    const dl = h('dl', { class: 'inspector-fields', 'data-testid': 'other-fields' });
    for (const [k, v] of other) dl.append(h('dt', null, h('code', { text: k })), h('dd', null, h('code', { text: JSON.stringify(v) })));
    el.append(h('h4', { text: t('Other fields in the trace') }), dl);
  }
}

/** otherFields returns the [name, value] pairs of an event that neither
 * trace format defines (an imported trace's own additions), kept as they
 * came so that nothing another tool recorded is hidden. */
export function otherFields(ev) {
  return Object.keys(ev).filter((k) => !KNOWN_FIELDS.has(k)).sort().map((k) => [k, ev[k]]);
}
