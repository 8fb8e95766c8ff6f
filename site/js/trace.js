// trace.js: reading a trace (JSON Lines, sim/trace's format) and deriving
// what the player shows from the data itself.
'use strict';

const KINDS = new Set(['message', 'bytes', 'http', 'state', 'fault', 'note']);
const DIRECTIONS = new Set(['', 'client-to-server', 'server-to-client']);

/** unescapeBaked reverses the build's escaping of a trace baked into a
 * <script> element: "</" was written as "<\/". */
export function unescapeBaked(text) {
  return text.replaceAll('<\\/', '</');
}

/** A TraceError names the 1-based line of a trace that could not be read. */
export class TraceError extends Error {
  constructor(line, message) {
    super(`line ${line}: ${message}`);
    this.name = 'TraceError';
    this.line = line;
  }
}

/**
 * parseTrace reads JSON Lines with the rules of sim/trace.Decode: blank lines
 * are skipped; each line is an object with a non-negative integer seq and a
 * known kind; a message has a direction and an object payload. Lines with
 * only the conformance fields are accepted. It throws a TraceError for the
 * first bad line.
 */
export function parseTrace(text) {
  const events = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    const line = i + 1;
    if (t[0] !== '{') throw new TraceError(line, 'not a JSON object');
    let e;
    try {
      e = JSON.parse(t);
    } catch (err) {
      throw new TraceError(line, `invalid JSON: ${err.message}`);
    }
    if (!('seq' in e)) throw new TraceError(line, 'missing "seq"');
    if (!('kind' in e)) throw new TraceError(line, 'missing "kind"');
    if (!Number.isInteger(e.seq)) throw new TraceError(line, '"seq" is not an integer');
    if (e.seq < 0) throw new TraceError(line, '"seq" is negative');
    if (!KINDS.has(e.kind)) throw new TraceError(line, `unknown kind ${JSON.stringify(e.kind)}`);
    const dir = e.direction ?? '';
    if (!DIRECTIONS.has(dir)) throw new TraceError(line, `unknown direction ${JSON.stringify(dir)}`);
    if (e.kind === 'message') {
      if (dir === '') throw new TraceError(line, 'message without a direction');
      if (e.payload === null || typeof e.payload !== 'object' || Array.isArray(e.payload)) {
        throw new TraceError(line, 'message payload is not a JSON object');
      }
    }
    events.push(e);
  }
  return events;
}

/** wireJSON returns the JSON-RPC object an event carried: its exact bytes
 * parsed (raw keeps "" apart from absent), else its payload; an HTTP event's
 * body; null when there is none. */
export function wireJSON(e) {
  if (e.kind === 'message') {
    if (typeof e.raw === 'string' && e.raw !== '') {
      try {
        return JSON.parse(e.raw);
      } catch {
        // Raw of a rewritten frame may be broken on purpose: fall through.
      }
    }
    return e.payload ?? null;
  }
  if (e.kind === 'http' && e.payload && typeof e.payload.body === 'object') return e.payload.body;
  if (e.kind === 'bytes' && typeof e.raw === 'string') {
    // A stdio line is a frame when it parses; a banner or a broken frame is not.
    try {
      const v = JSON.parse(e.raw);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v;
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
        const head = p.status ? `HTTP ${p.status}` : `HTTP ${p.method || ''}`.trim();
        fromJSON(m);
        d.label = m ? `${head} · ${d.label}` : head;
        d.http = head;
        if (!m) d.method = 'http';
        break;
      }
      case 'fault':
        d.method = 'fault';
        d.fault = String(p.fault || 'fault');
        d.label = `${d.fault}${p.detail ? `: ${p.detail}` : ''}`;
        break;
      case 'bytes': {
        fromJSON(m);
        const ok = p.verdict === 'ok';
        d.badBytes = !ok;
        d.label = `line ${p.line ?? '?'}: ${ok && m ? d.label : p.verdict ?? ''}`;
        if (!m) d.method = 'bytes';
        break;
      }
      default:
        d.label = e.note || (e.state && e.state.client) || e.kind;
    }
    return d;
  });
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
