// trace.js: reading a trace (JSON Lines, sim/trace's format) and deriving
// what the player shows from the data itself.
'use strict';

import { note, t } from './i18n.js';

/** faultName is the page's word for a fault kind a trace names. */
function faultName(kind) {
  switch (kind) {
    case 'cut': return t('cut');
    case 'drop': return t('drop');
    case 'rewrite': return t('rewrite');
    case 'timeout': return t('timeout');
    case 'expire': return t('expire');
    default: return kind;
  }
}

const KINDS = new Set(['message', 'bytes', 'http', 'state', 'fault', 'note', 'lifecycle']);
const DIRECTIONS = new Set(['', 'client-to-server', 'server-to-client']);

/** MAX_LINE_BYTES bounds one imported line, as sim/trace.MaxLineBytes does. */
export const MAX_LINE_BYTES = 4 << 20;

// The field types of sim/trace's Event and State, in the Go structs' order:
// parseTrace checks them as sim/trace.Decode does (see sim/trace/strict.go),
// and a parity test in e2e feeds both the same lines. null is every type's
// zero value; an integer is any JSON number with an integral value a
// JavaScript number holds exactly.
const list = (of) => ({ list: of });
const struct = (fields) => ({ struct: fields });
const map = (of) => ({ map: of });
const STATE = struct({
  client: 'string',
  protocol: 'string',
  catalog: list('string'),
  active: list('string'),
  active_client: 'string',
  cursors: list('string'),
  ttl: struct({
    now_ms: 'int',
    live: 'int',
    heap: 'int',
    sessions: list(struct({ id: 'string', generation: 'uint', deadline_ms: 'int' })),
    tickets: list(struct({ id: 'string', generation: 'uint', expiry_ms: 'int', stale: 'bool' })),
    expired: list('string'),
  }),
  session: 'string',
  outcomes: list(struct({ call: 'string', tool: 'string', key: 'string', status: 'string', detail: 'string' })),
  ledger: list(struct({ n: 'int', sku: 'string', quantity: 'int', key: 'string' })),
  error: 'string',
});
const EVENT_FIELDS = {
  seq: 'int',
  direction: 'string',
  transport: 'string',
  kind: 'string',
  payload: 'any',
  run: 'string',
  at_ms: 'int',
  raw: 'string',
  note: 'string',
  state: STATE,
  // The conformance format's own fields.
  event: 'string',
  status: 'int',
  headers: map('string'),
  ts: 'string',
};

/** KNOWN_FIELDS are the event fields either format defines; the inspector
 * shows any other field of an imported line as it came. */
export const KNOWN_FIELDS = new Set(Object.keys(EVENT_FIELDS));

/** unescapeBaked reverses the build's escaping of a trace baked into a
 * <script> element: "</" was written as "<\/". */
export function unescapeBaked(text) {
  return text.replaceAll('<\\/', '</');
}

/** A TraceError names the 1-based line of a trace that could not be read. */
export class TraceError extends Error {
  constructor(line, message) {
    super(t('line {1}: {2}', line, message));
    this.name = 'TraceError';
    this.line = line;
  }
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

class FieldError extends Error {}

// zero is the value Go gives a type for null: nothing for a field (the
// caller drops it), "" or 0 or false or {} for a list element.
function zero(type) {
  if (type === 'string') return '';
  if (type === 'bool') return false;
  if (type === 'int' || type === 'uint') return 0;
  if (type === 'any' || type.list || type.map) return null;
  return {};
}

// check returns v checked against type (normalized: null fields dropped,
// null list elements replaced by their zero value) or throws a FieldError
// naming path as sim/trace does.
function check(v, type, path) {
  if (v === null || type === 'any') return v;
  const q = JSON.stringify(path);
  switch (type) {
    case 'string':
      if (typeof v !== 'string') throw new FieldError(t('{1} is not a string', q));
      return v;
    case 'bool':
      if (typeof v !== 'boolean') throw new FieldError(t('{1} is not a boolean', q));
      return v;
    case 'int':
    case 'uint':
      if (typeof v !== 'number') throw new FieldError(t('{1} is not a number', q));
      if (!Number.isInteger(v)) throw new FieldError(t('{1} is not an integer', q));
      if (type === 'uint' && v < 0) throw new FieldError(t('{1} is negative', q));
      if (!Number.isSafeInteger(v)) throw new FieldError(t('{1} is too large', q));
      return v;
    default:
  }
  if (type.list) {
    if (!Array.isArray(v)) throw new FieldError(t('{1} is not a list', q));
    return v.map((x, i) => (x === null ? zero(type.list) : check(x, type.list, `${path}[${i}]`)));
  }
  if (!isObject(v)) throw new FieldError(t('{1} is not an object', q));
  if (type.map) {
    for (const k of Object.keys(v).sort()) v[k] = v[k] === null ? zero(type.map) : check(v[k], type.map, `${path}.${k}`);
    return v;
  }
  checkFields(v, type.struct, `${path}.`);
  return v;
}

// checkFields checks the known fields of object o in place; unknown ones
// stay as they are.
function checkFields(o, fields, prefix) {
  for (const [k, type] of Object.entries(fields)) {
    if (!own(o, k)) continue;
    if (o[k] === null) delete o[k];
    else o[k] = check(o[k], type, prefix + k);
  }
}

// trimJSONSpace trims JSON's own whitespace only: JavaScript's trim and Go's
// TrimSpace disagree on what else is space.
function trimJSONSpace(s) {
  return s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/**
 * parseTrace reads JSON Lines with the rules of sim/trace.Decode: ours, the
 * conformance format of MCP trace validators, or a mix. Blank lines and a
 * leading byte order mark are skipped; each line is an object with a
 * non-negative integer seq and a known kind; known fields have their types;
 * a message has a direction and an object payload; a lifecycle event names
 * its moment. Unknown fields are kept. It throws a TraceError for the first
 * bad line.
 */
export function parseTrace(text) {
  const events = [];
  const lines = (text.startsWith('\ufeff') ? text.slice(1) : text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    if (lines[i].length * 3 >= MAX_LINE_BYTES && new TextEncoder().encode(lines[i]).length >= MAX_LINE_BYTES) {
      throw new TraceError(line, t('token too long'));
    }
    const s = trimJSONSpace(lines[i]);
    if (s === '') continue;
    if (s[0] !== '{') throw new TraceError(line, t('not a JSON object'));
    if (s.length > MAX_DEPTH && tooDeep(s)) throw new TraceError(line, t('invalid JSON: exceeded max depth'));
    let e;
    try {
      e = JSON.parse(s);
    } catch (err) {
      throw new TraceError(line, t('invalid JSON: {1}', err.message));
    }
    try {
      checkEvent(e);
    } catch (err) {
      if (err instanceof FieldError) throw new TraceError(line, err.message);
      throw err;
    }
    events.push(e);
  }
  return events;
}

// MAX_DEPTH is encoding/json's nesting limit; JSON.parse has none.
const MAX_DEPTH = 10000;

// tooDeep reports whether JSON text t nests deeper than MAX_DEPTH.
function tooDeep(t) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

function checkEvent(e) {
  if (!own(e, 'seq') || e.seq === null) throw new FieldError(t('missing {1}', '"seq"'));
  if (!own(e, 'kind') || e.kind === null) throw new FieldError(t('missing {1}', '"kind"'));
  checkFields(e, EVENT_FIELDS, '');
  if (e.seq < 0) throw new FieldError(t('{1} is negative', '"seq"'));
  if (!KINDS.has(e.kind)) throw new FieldError(t('unknown kind {1}', JSON.stringify(e.kind)));
  const dir = e.direction ?? '';
  if (!DIRECTIONS.has(dir)) throw new FieldError(t('unknown direction {1}', JSON.stringify(dir)));
  if (e.status !== undefined && (e.status < 0 || e.status > 65535)) throw new FieldError(t('{1} is not an HTTP status', '"status"'));
  if (e.kind === 'message') {
    if (dir === '') throw new FieldError(t('message without a direction'));
    if (!isObject(e.payload)) throw new FieldError(t('message payload is not a JSON object'));
  }
  if (e.kind === 'lifecycle' && !e.event) throw new FieldError(t('lifecycle without an {1}', '"event"'));
}

/** wireJSON returns the JSON-RPC object an event carried: its exact bytes
 * parsed (raw keeps "" apart from absent), else its payload; an HTTP event's
 * body; null when there is none. */
export function wireJSON(e) {
  if (e.kind === 'message') {
    if (typeof e.raw === 'string' && e.raw !== '') {
      try {
        const v = JSON.parse(e.raw);
        if (isObject(v)) return v;
      } catch {
        // Raw of a rewritten frame may be broken on purpose: fall through.
      }
    }
    return e.payload ?? null;
  }
  if (e.kind === 'http' && isObject(e.payload) && isObject(e.payload.body)) return e.payload.body;
  if (e.kind === 'bytes' && typeof e.raw === 'string') {
    // A stdio line is a frame when it parses; a banner or a broken frame is not.
    try {
      const v = JSON.parse(e.raw);
      if (isObject(v)) return v;
    } catch {
      // Not JSON: the verdict says why.
    }
  }
  return null;
}

function sameID(a, b) {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * describe labels every event for the lanes: method for requests and
 * notifications, "result"/"error" with the id it answers (and the method of
 * the request with that id that went the other way) for responses.
 */
export function describe(events) {
  const msgs = events.map(wireJSON);
  return events.map((e, i) => {
    const m = msgs[i];
    const d = { kind: e.kind, direction: e.direction || '', run: e.run || '', method: e.kind, label: e.kind, id: undefined, answers: '' };
    const fromJSON = (obj) => {
      if (!obj || typeof obj !== 'object') return;
      if (typeof obj.method === 'string') {
        d.method = obj.method;
        d.id = obj.id;
        d.label = obj.id === undefined ? obj.method : `${obj.method} · id\u00a0${JSON.stringify(obj.id)}`;
        return;
      }
      const isErr = 'error' in obj;
      d.method = isErr ? 'error' : 'result';
      d.id = obj.id;
      // The request a response answers is the one with the same id that went
      // the other way; look back first, as a response follows its request.
      const other = d.direction === 'client-to-server' ? 'server-to-client' : 'client-to-server';
      let req = '';
      for (let j = i - 1; j >= 0 && !req; j--) {
        const r = msgs[j];
        if (r && typeof r.method === 'string' && sameID(r.id, obj.id) && (events[j].direction || other) === other) req = r.method;
      }
      d.answers = req;
      d.label = `${d.method} · id\u00a0${JSON.stringify(obj.id ?? null)}${req ? ` (${req})` : ''}`;
    };
    const p = e.payload || {};
    switch (e.kind) {
      case 'message':
        fromJSON(m);
        break;
      case 'http': {
        const head = httpHead(e);
        fromJSON(m);
        d.label = m ? `${head} · ${d.label}` : head;
        d.http = head;
        if (!m) d.method = 'http';
        break;
      }
      case 'lifecycle':
        d.method = 'lifecycle';
        d.lifecycle = String(e.event || '');
        d.label = LIFECYCLE.get(d.lifecycle)?.label || t('lifecycle: {1}', d.lifecycle);
        break;
      case 'fault':
        d.method = 'fault';
        d.fault = String(p.fault || 'fault');
        // The kind is a word of the page; the detail reads like a note,
        // so the notes' templates translate it.
        d.label = p.detail ? t('{1}: {2}', faultName(d.fault), note(String(p.detail))) : faultName(d.fault);
        break;
      case 'bytes': {
        fromJSON(m);
        const ok = p.verdict === 'ok';
        d.badBytes = !ok;
        d.label = t('line {1}: {2}', p.line ?? '?', ok && m ? d.label : t(p.verdict ?? ''));
        if (!m) d.method = 'bytes';
        break;
      }
      default:
        d.label = e.note || (e.state && e.state.client) || e.kind;
    }
    return d;
  });
}

/** LIFECYCLE names the conformance format's transport moments for the
 * learner: a label for the lane and what it means. */
export const LIFECYCLE = new Map([
  ['transport-open', { label: t('transport open'), text: t('the transport became usable: a process started or a connection was made') }],
  ['transport-close', { label: t('transport closed'), text: t('the transport closed in an orderly way') }],
  ['transport-abort', { label: t('transport aborted'), text: t('the transport failed or was torn down abnormally: whatever was in flight is lost') }],
]);

/**
 * httpHeaders returns an HTTP event's headers as [name, value] pairs: the
 * conformance format's top-level headers, then ours (payload.headers and
 * payload.mcp_session_id), names as recorded.
 */
export function httpHeaders(e) {
  const out = [];
  const p = isObject(e.payload) ? e.payload : {};
  const add = (obj) => {
    if (isObject(obj)) for (const [k, v] of Object.entries(obj)) out.push([k, String(v ?? '')]);
  };
  add(e.headers);
  add(p.headers);
  if (typeof p.mcp_session_id === 'string' && p.mcp_session_id !== '') out.push(['Mcp-Session-Id', p.mcp_session_id]);
  return out;
}

/** header returns the value of HTTP header name (any case) on event e, or ''. */
export function header(e, name) {
  const n = name.toLowerCase();
  const hit = httpHeaders(e).find(([k]) => k.toLowerCase() === n);
  return hit ? hit[1] : '';
}

/** httpStatus returns an HTTP event's response status (top-level in the
 * conformance format, in the payload in ours), or 0 for a request. */
export function httpStatus(e) {
  if (typeof e.status === 'number' && e.status) return e.status;
  const p = isObject(e.payload) ? e.payload : {};
  return typeof p.status === 'number' ? p.status : 0;
}

/** isSSE reports whether an HTTP event opens a server-sent event stream. */
export function isSSE(e) {
  return /^\s*text\/event-stream/i.test(header(e, 'content-type'));
}

// httpHead is the lane's short name of an HTTP event: "HTTP 200", "HTTP
// POST", "HTTP 200 · SSE stream", "HTTP request · tools/call", or "HTTP
// body" for bytes of a response whose status line came earlier (an event
// on a stream, or one read of it).
function httpHead(e) {
  const p = isObject(e.payload) ? e.payload : {};
  const status = httpStatus(e);
  if (status) return isSSE(e) ? t('HTTP {1} · SSE stream', status) : `HTTP ${status}`;
  if (e.direction === 'server-to-client') return t('HTTP body');
  const method = typeof p.method === 'string' && p.method ? `HTTP ${p.method}` : t('HTTP request');
  const mcpMethod = header(e, 'mcp-method');
  return `${method}${mcpMethod && !p.body ? ` · ${mcpMethod}` : ''}`;
}

/** statesAt returns, for each event, the state snapshot in force after it:
 * its own, or the last one before it (imported traces may carry none). */
export function statesAt(events) {
  let last = null;
  return events.map((e) => {
    if (e.state && typeof e.state === 'object') last = e.state;
    return last;
  });
}

/** firstDifference returns the 1-based line where two traces differ, or 0. */
export function firstDifference(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return i + 1;
  }
  return 0;
}
