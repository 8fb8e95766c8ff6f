// unit.js: unit tests of the page's pure modules, run in headless Chromium
// by e2e/jsunit_test.go, which serves site/js under /js/ and this folder at
// the root. Each test names the function it tests; the Go test reports each
// result as its own subtest, so a failure names the function.
//
// window.jsunit = {done, results: [{fn, name, ok, msg}]}
// window.parseAll(texts) → [{ok, n} | {ok: false, line, msg}] for the
// parity test against sim/trace.Decode.
'use strict';

import { parseTrace, TraceError, wireJSON, describe, statesAt, firstDifference, unescapeBaked, httpHeaders, header, httpStatus, isSSE, MAX_LINE_BYTES } from '/js/trace.js';
import { parseHash, formatHash } from '/js/hash.js';
import { align, mapStep } from '/js/align.js';
import { annotate, otherFields } from '/js/inspector.js';
import { toConformance, conformanceJSONL } from '/js/conformance.js';
import { storage } from '/js/dom.js';
import { readSaved } from '/js/quiz.js';
import { sameEvent, differingRows, runKey } from '/js/yours.js';
import { readNow } from '/js/progress.js';
import { keepFocus } from '/js/dom.js';
import { currentIndex, percentLeft } from '/js/toc.js';
import { unreachable } from '/js/sim.js';

const results = [];

function test(fn, name, body) {
  try {
    body();
    results.push({ fn, name, ok: true, msg: '' });
  } catch (err) {
    results.push({ fn, name, ok: false, msg: String((err && err.stack) || err) });
  }
}

function eq(got, want, what) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  if (g !== w) throw new Error(`${what} = ${g}, want ${w}`);
}

function throwsAt(f, line, substr, what) {
  try {
    f();
  } catch (err) {
    if (!(err instanceof TraceError)) throw new Error(`${what}: threw ${err}, want a TraceError`);
    if (err.line !== line || !err.message.includes(substr)) throw new Error(`${what}: ${err.message}, want line ${line} containing ${JSON.stringify(substr)}`);
    return;
  }
  throw new Error(`${what}: no error, want line ${line}`);
}

const lines = (...objs) => objs.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join('\n');
const req = (seq, id, method, params, extra = {}) => ({ seq, direction: 'client-to-server', transport: 'stdio', kind: 'message', payload: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, ...extra });
const res = (seq, id, result, extra = {}) => ({ seq, direction: 'server-to-client', transport: 'stdio', kind: 'message', payload: { jsonrpc: '2.0', id, result }, ...extra });

// ---- trace.js ----

test('parseTrace', 'our own format and the conformance fields', () => {
  const ev = parseTrace(lines(
    { seq: 1, direction: 'client-to-server', transport: 'in-memory', kind: 'message', payload: { jsonrpc: '2.0', id: 1, method: 'ping' }, at_ms: 1, raw: 'x', state: { client: 'NEW' } },
    '',
    req(2, 1, 'tools/list'),
  ));
  eq(ev.length, 2, 'events');
  eq(ev[1].payload.method, 'tools/list', 'method');
});

test('parseTrace', 'the whole conformance format: seq 0, lifecycle, top-level http, ts', () => {
  const ev = parseTrace(lines(
    { seq: 0, direction: 'client-to-server', transport: 'streamable-http', kind: 'lifecycle', event: 'transport-open', ts: '2026-07-28T10:00:00Z' },
    { seq: 1, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', headers: { 'Mcp-Method': 'tools/call' } },
    { seq: 2, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', status: 200, headers: { 'content-type': 'text/event-stream' } },
    { seq: 3, direction: 'server-to-client', transport: 'streamable-http', kind: 'lifecycle', event: 'transport-abort' },
  ));
  eq(ev.map((e) => e.kind), ['lifecycle', 'http', 'http', 'lifecycle'], 'kinds');
  eq(ev[2].status, 200, 'status');
});

test('parseTrace', 'unknown fields are kept', () => {
  const [e] = parseTrace(JSON.stringify({ seq: 0, kind: 'note', 'x-host': { pid: 7 }, Seq: 3 }));
  eq(e['x-host'], { pid: 7 }, 'x-host');
  eq(e.Seq, 3, 'Seq');
});

test('parseTrace', 'null is the zero value', () => {
  const [e] = parseTrace('{"seq":0,"kind":"state","direction":null,"state":{"catalog":["a",null],"ttl":null,"client":null}}');
  eq(e.state, { catalog: ['a', ''] }, 'state');
  eq('direction' in e, false, 'direction kept');
});

test('parseTrace', 'bad lines name their line', () => {
  throwsAt(() => parseTrace('{"seq":1,"kind":"note"}\n[1]'), 2, 'not a JSON object', 'array');
  throwsAt(() => parseTrace('{"seq":1,'), 1, 'invalid JSON', 'truncated');
  throwsAt(() => parseTrace('{"kind":"note"}'), 1, 'missing "seq"', 'no seq');
  throwsAt(() => parseTrace('{"seq":null,"kind":"note"}'), 1, 'missing "seq"', 'null seq');
  throwsAt(() => parseTrace('{"seq":1}'), 1, 'missing "kind"', 'no kind');
  throwsAt(() => parseTrace('{"seq":1,"kind":"telepathy"}'), 1, 'unknown kind "telepathy"', 'kind');
  throwsAt(() => parseTrace('{"seq":1,"kind":"note","direction":"sideways"}'), 1, 'unknown direction', 'direction');
  throwsAt(() => parseTrace('{"seq":1,"kind":"message","payload":{}}'), 1, 'message without a direction', 'message');
  throwsAt(() => parseTrace('{"seq":1,"kind":"message","direction":"client-to-server","payload":[]}'), 1, 'payload is not a JSON object', 'payload');
  throwsAt(() => parseTrace('{"seq":-1,"kind":"note"}'), 1, 'negative', 'negative');
  throwsAt(() => parseTrace('{"seq":1.5,"kind":"note"}'), 1, 'not an integer', 'fraction');
  throwsAt(() => parseTrace('{"seq":9007199254740993,"kind":"note"}'), 1, 'too large', 'huge');
  throwsAt(() => parseTrace('{"seq":0,"kind":"lifecycle","direction":"client-to-server"}'), 1, 'lifecycle without', 'lifecycle');
  throwsAt(() => parseTrace('{"seq":0,"kind":"http","status":70000}'), 1, 'HTTP status', 'status');
  throwsAt(() => parseTrace('{"seq":0,"kind":"http","headers":{"a":1}}'), 1, '"headers.a" is not a string', 'header');
  throwsAt(() => parseTrace('{"seq":0,"kind":"state","state":{"ttl":{"tickets":[{"stale":"yes"}]}}}'), 1, '"state.ttl.tickets[0].stale" is not a boolean', 'nested');
  throwsAt(() => parseTrace('{"SEQ":1,"kind":"note"}'), 1, 'missing "seq"', 'case');
});

test('parseTrace', 'line endings, blank lines and a byte order mark', () => {
  eq(parseTrace('\ufeff{"seq":0,"kind":"note"}\r\n\r\n{"seq":1,"kind":"note"}\r\n').length, 2, 'events');
  throwsAt(() => parseTrace('\n\n\u00a0'), 3, 'not a JSON object', 'nbsp is not blank');
});

test('parseTrace', 'a line over MAX_LINE_BYTES', () => {
  throwsAt(() => parseTrace(`{"seq":0,"kind":"note"}\n{"seq":1,"kind":"note","note":"${'x'.repeat(MAX_LINE_BYTES)}"}`), 2, 'too long', 'long');
});

test('parseTrace', 'nesting deeper than encoding/json allows', () => {
  const deep = `{"seq":0,"kind":"note","x":${'['.repeat(10001)}${']'.repeat(10001)}}`;
  throwsAt(() => parseTrace(deep), 1, 'max depth', 'deep');
  const ok = `{"seq":0,"kind":"note","x":${'['.repeat(9998)}${']'.repeat(9998)}}`;
  eq(parseTrace(ok).length, 1, 'just deep enough');
});

test('wireJSON', 'raw wins over payload, keeping "" apart from absent', () => {
  eq(wireJSON({ kind: 'message', raw: '{"id":1,"result":{"nextCursor":""}}', payload: { id: 1, result: {} } }), { id: 1, result: { nextCursor: '' } }, 'message');
  eq(wireJSON({ kind: 'message', raw: '{broken', payload: { id: 2 } }), { id: 2 }, 'broken raw');
  eq(wireJSON({ kind: 'http', payload: { status: 200, body: { id: 3 } } }), { id: 3 }, 'http body');
  eq(wireJSON({ kind: 'http', status: 200, headers: {} }), null, 'conformance http');
  eq(wireJSON({ kind: 'bytes', raw: 'banner\n', payload: { verdict: 'no' } }), null, 'banner');
  eq(wireJSON({ kind: 'lifecycle', event: 'transport-open' }), null, 'lifecycle');
});

test('describe', 'requests, responses and what they answer', () => {
  const d = describe(parseTrace(lines(req(0, 1, 'resources/read', { uri: 'file:///a' }), res(1, 1, { contents: [] }))));
  eq([d[0].method, d[1].method, d[1].answers], ['resources/read', 'result', 'resources/read'], 'methods');
});

test('describe', 'lifecycle events are named as what they are', () => {
  const d = describe(parseTrace(lines(
    { seq: 0, direction: 'client-to-server', transport: 'stdio', kind: 'lifecycle', event: 'transport-open' },
    { seq: 1, direction: 'client-to-server', transport: 'stdio', kind: 'lifecycle', event: 'transport-close' },
    { seq: 2, direction: 'server-to-client', transport: 'stdio', kind: 'lifecycle', event: 'transport-abort' },
    { seq: 3, direction: 'server-to-client', transport: 'stdio', kind: 'lifecycle', event: 'transport-pause' },
  )));
  eq(d.map((x) => [x.method, x.label]), [['lifecycle', 'transport open'], ['lifecycle', 'transport closed'], ['lifecycle', 'transport aborted'], ['lifecycle', 'lifecycle: transport-pause']], 'labels');
});

test('describe', 'HTTP events of both formats', () => {
  const d = describe(parseTrace(lines(
    { seq: 0, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', headers: { 'Mcp-Method': 'tools/call' } },
    { seq: 1, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    { seq: 2, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', status: 202 },
    { seq: 3, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', payload: { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'initialize' } } },
    { seq: 4, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', payload: { status: 404 } },
    { seq: 5, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', raw: 'event: message\ndata: {"jsonrpc":"2.0","me', payload: {} },
  )));
  eq(d.map((x) => x.label), ['HTTP request · tools/call', 'HTTP 200 · SSE stream', 'HTTP 202', 'HTTP POST · initialize · id\u00a01', 'HTTP 404', 'HTTP body'], 'labels');
  eq(d.map((x) => x.method), ['http', 'http', 'http', 'initialize', 'http', 'http'], 'methods');
});

test('httpHeaders', 'top-level, payload headers and the session id, as recorded', () => {
  eq(httpHeaders({ kind: 'http', headers: { 'Mcp-Session-Id': 'a' }, payload: { headers: { 'Mcp-Method': 'x' }, mcp_session_id: 's' } }), [['Mcp-Session-Id', 'a'], ['Mcp-Method', 'x'], ['Mcp-Session-Id', 's']], 'headers');
  eq(httpHeaders({ kind: 'http' }), [], 'none');
});

test('header', 'any case', () => {
  eq(header({ headers: { 'MCP-NAME': 'get_stock' } }, 'mcp-name'), 'get_stock', 'found');
  eq(header({ headers: {} }, 'mcp-name'), '', 'absent');
});

test('httpStatus', 'top-level first, then payload, else 0', () => {
  eq([httpStatus({ status: 201 }), httpStatus({ payload: { status: 404 } }), httpStatus({ payload: { method: 'POST' } })], [201, 404, 0], 'statuses');
});

test('isSSE', 'content-type text/event-stream', () => {
  eq([isSSE({ headers: { 'content-type': 'text/event-stream; charset=utf-8' } }), isSSE({ headers: { 'content-type': 'application/json' } })], [true, false], 'sse');
});

test('statesAt', 'the last known state carries forward', () => {
  eq(statesAt([{ state: { client: 'NEW' } }, {}, { state: { client: 'READY' } }]).map((s) => s.client), ['NEW', 'NEW', 'READY'], 'states');
  eq(statesAt([{}]), [null], 'none');
});

test('firstDifference', 'line numbers from 1, 0 when equal', () => {
  eq([firstDifference('a\nb', 'a\nb'), firstDifference('a\nb', 'a\nc'), firstDifference('a', 'a\nb')], [0, 2, 2], 'lines');
});

test('unescapeBaked', 'reverses the build\'s <\\/ escaping', () => {
  eq(unescapeBaked('<\\/script>'), '</script>', 'unescaped');
});

// ---- hash.js ----

test('formatHash', 'scenario, params, step in that order', () => {
  eq(formatHash({ scenario: 'paging-normal', step: 3, params: '{"a":1}' }), '#scenario=paging-normal&params=%7B%22a%22%3A1%7D&step=3', 'full');
  eq(formatHash({ scenario: 'x', step: 0 }), '#scenario=x&step=0', 'step 0');
  eq(formatHash({ scenario: 'x', step: null }), '#scenario=x', 'no step');
  eq(formatHash({ scenario: '' }), '', 'no scenario');
});

test('formatHash', 'era, view and filter', () => {
  eq(formatHash({ scenario: 'handshake-ok', era: '2026-07-28', view: 'compare', filter: 'go-sdk', step: 2 }), '#scenario=handshake-ok&era=2026-07-28&view=compare&filter=go-sdk&step=2', 'all');
  eq(formatHash({ scenario: 'x', era: '', view: '', filter: '', step: 1 }), '#scenario=x&step=1', 'empty keys left out');
});

test('parseHash', 'reads what formatHash writes', () => {
  const v = { scenario: 'a b&c', era: '2026-07-28', view: 'compare', step: 12, params: '{"k":"&="}', filter: '2025-11-25', yours: 'catalog/repeat' };
  eq(parseHash(formatHash(v)), v, 'round trip');
  eq(parseHash('#scenario=x&step=two'), { scenario: 'x', era: '', view: '', step: null, params: null, filter: '', yours: '' }, 'bad step');
  eq(parseHash(''), { scenario: '', era: '', view: '', step: null, params: null, filter: '', yours: '' }, 'empty');
  eq(parseHash('#scenario=x&view=other').view, '', 'unknown view');
});

test('formatHash', 'a failing check\'s runs: yours before step', () => {
  eq(formatHash({ scenario: 'paging-repeat', params: null, yours: 'catalog/repeat', step: 8 }), '#scenario=paging-repeat&yours=catalog%2Frepeat&step=8', 'yours');
});

// ---- yours.js ----

test('sameEvent', 'kind, direction and bytes; notes and states by kind alone', () => {
  const a = req(1, 1, 'tools/list', { cursor: 'c1' }, { raw: '{"id":1,"cursor":"c1"}' });
  eq(sameEvent(a, { ...a, seq: 9, at_ms: 4, note: 'other words' }), true, 'seq, clock and note do not count');
  eq(sameEvent(a, { ...a, raw: '{"id":1,"cursor":"c2"}' }), false, 'other bytes');
  eq(sameEvent(req(1, 1, 'tools/list', { cursor: 'c1' }), req(2, 1, 'tools/list', { cursor: 'c2' })), false, 'other payload, no raw');
  eq(sameEvent(a, { ...a, direction: 'server-to-client' }), false, 'other direction');
  eq(sameEvent({ kind: 'note', note: 'x' }, { kind: 'note', note: 'y' }), true, 'two notes');
  eq(sameEvent(a, undefined), false, 'a gap');
});

test('differingRows', 'rows with a gap or other bytes, 1-based', () => {
  const as = [req(1, 1, 'tools/list'), res(2, 1, {}), req(3, 2, 'tools/list', { cursor: 'a' })];
  const bs = [req(1, 1, 'tools/list'), res(2, 1, { x: 1 })];
  eq(differingRows([{ a: 0, b: 0 }, { a: 1, b: 1 }, { a: 2, b: -1 }], as, bs), [2, 3], 'other result, then an extra request');
  eq(differingRows([{ a: 0, b: 0 }], as, bs), [], 'agree');
  eq(runKey('catalog', 'repeat'), 'catalog/repeat', 'key');
});

// ---- progress.js ----

test('readNow', 'the end reached, or every quiz answered; opening is not reading', () => {
  const answered = (id) => id === 'q1' || id === 'q2';
  eq(readNow(false, [], answered), false, 'opened, no quiz');
  eq(readNow(true, [], answered), true, 'reached the end');
  eq(readNow(false, ['q1', 'q2'], answered), true, 'every quiz answered');
  eq(readNow(false, ['q1', 'q3'], answered), false, 'one quiz open');
});

// ---- dom.js ----

test('keepFocus', 'a focused button that is now disabled hands focus to the fallback', () => {
  const b = document.createElement('button');
  const other = document.createElement('button');
  const box = document.createElement('ol');
  box.tabIndex = 0;
  document.body.append(b, other, box);
  b.focus();
  b.disabled = true;
  keepFocus(b, [b], box);
  eq(document.activeElement === box, true, 'focus moved to the fallback');
  other.focus();
  keepFocus(other, [b], box);
  eq(document.activeElement === other, true, 'an enabled button keeps it');
  b.remove();
  other.remove();
  box.remove();
});

// ---- align.js ----

test('align', 'anchors equal keys, pairs the rest by position', () => {
  const a = ['note', 'c|initialize', 's|reply:initialize', 'c|notifications/initialized', 'c|tools/list', 's|reply:tools/list', 'state'];
  const b = ['note', 'c|server/discover', 's|reply:server/discover', 'state', 'c|tools/list', 's|reply:tools/list', 'state'];
  eq(align(a, b).map((r) => [r.a, r.b]), [[0, 0], [1, 1], [2, 2], [-1, 3], [3, -1], [4, 4], [5, 5], [6, 6]], 'handshake vs discover');
  eq(align(['c|a', 'c|b'], ['note', 'c|x', 'c|b']).map((r) => [r.a, r.b]), [[-1, 0], [0, 1], [1, 2]], 'a note beside a frame');
  eq(align(['x', 'y', 'z'], ['x', 'z']).map((r) => [r.a, r.b]), [[0, 0], [1, -1], [2, 1]], 'a step one side lacks');
  eq(align([], ['x']).map((r) => [r.a, r.b]), [[-1, 0]], 'one empty');
});

test('mapStep', 'the step on the same row, else the last one before', () => {
  const rows = align(['x', 'y', 'z'], ['x', 'z']);
  eq([0, 1, 2, 3].map((s) => mapStep(rows, s, 'a')), [0, 1, 1, 2], 'a to b');
  eq([0, 1, 2].map((s) => mapStep(rows, s, 'b')), [0, 1, 3], 'b to a');
});

// ---- inspector.js ----

const ann = (ev, events = [ev], index = events.indexOf(ev)) => {
  const msg = wireJSON(ev);
  const d = describe(events)[index];
  return Object.fromEntries(annotate(ev, msg, d, events, index).map((a) => [a.field, a.value]));
};

test('annotate', 'cursor: absent, "" echoed, and a token not handed out', () => {
  const events = parseTrace(lines(
    req(0, 1, 'tools/list'),
    res(1, 1, { tools: [], nextCursor: '' }),
    req(2, 2, 'tools/list', { cursor: '' }),
    res(3, 2, { tools: [] }),
    req(4, 3, 'tools/list', { cursor: 'forged' }),
  ));
  eq(ann(events[0], events, 0)['params.cursor'], 'absent', 'first page');
  eq(ann(events[1], events, 1)['result.nextCursor'], '""', 'empty nextCursor');
  eq(ann(events[2], events, 2)['params.cursor'], '""', 'empty cursor');
  eq(ann(events[3], events, 3)['result.nextCursor'], 'absent', 'last page');
  const a = annotate(events[4], wireJSON(events[4]), describe(events)[4], events, 4).find((x) => x.field === 'params.cursor');
  if (!a.text.includes('not the previous page')) throw new Error(`forged cursor: ${a.text}`);
});

test('annotate', 'error codes, isError, versions', () => {
  const e = parseTrace(JSON.stringify({ seq: 0, direction: 'server-to-client', kind: 'message', payload: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x' } } }))[0];
  eq(ann(e)['error.code'], '-32602', 'code');
  const r = parseTrace(JSON.stringify(res(0, 1, { isError: true, protocolVersion: '2025-11-25', content: [] })))[0];
  eq([ann(r)['result.isError'], ann(r)['result.protocolVersion']], ['true', '"2025-11-25"'], 'result');
});

test('annotate', 'HTTP headers of the conformance format: session, Mcp-Method, Mcp-Name, SSE', () => {
  const [q, s] = parseTrace(lines(
    { seq: 0, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', headers: { 'mcp-method': 'tools/call', 'mcp-name': 'get_stock', 'mcp-session-id': 's1' } },
    { seq: 1, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', status: 200, headers: { 'content-type': 'text/event-stream' } },
  ));
  const a = ann(q, [q, s], 0);
  eq([a['Mcp-Method'], a['Mcp-Name'], a['Mcp-Session-Id']], ['"tools/call"', '"get_stock"', '"s1"'], 'request');
  const b = ann(s, [q, s], 1);
  eq([b['HTTP status'], b['Content-Type']], ['200', '"text/event-stream"'], 'response');
});

test('annotate', 'a lifecycle event has no fields to explain (the inspector says what the moment means)', () => {
  const [e] = parseTrace('{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-abort"}');
  eq(ann(e), {}, 'fields');
});

test('otherFields', 'fields neither format defines, sorted', () => {
  const [e] = parseTrace('{"seq":0,"kind":"note","zeta":1,"ts":"t","alpha":{"a":[1]}}');
  eq(otherFields(e), [['alpha', { a: [1] }], ['zeta', 1]], 'other');
});

// ---- conformance.js ----

const ALLOWED = {
  message: ['seq', 'direction', 'transport', 'kind', 'payload'],
  http: ['seq', 'direction', 'transport', 'kind', 'status', 'headers'],
  lifecycle: ['seq', 'direction', 'transport', 'kind', 'event'],
};

function checkFormat(out) {
  out.forEach((e, i) => {
    eq(e.seq, i, `seq of line ${i}`);
    const allowed = ALLOWED[e.kind];
    if (!allowed) throw new Error(`line ${i}: kind ${e.kind}`);
    for (const k of Object.keys(e)) if (!allowed.includes(k)) throw new Error(`line ${i}: field ${k} is not in the format`);
    if (!['stdio', 'streamable-http'].includes(e.transport)) throw new Error(`line ${i}: transport ${e.transport}`);
    if (!['client-to-server', 'server-to-client'].includes(e.direction)) throw new Error(`line ${i}: direction ${e.direction}`);
  });
}

test('toConformance', 'an in-memory scenario: stdio, seq from 0, messages only, open and close', () => {
  const events = parseTrace(lines(
    { seq: 1, kind: 'note', transport: 'in-memory', at_ms: 0, note: 'hello', state: { client: 'NEW' } },
    { seq: 2, direction: 'client-to-server', transport: 'in-memory', kind: 'message', payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":""}}', at_ms: 1 },
    { seq: 3, direction: 'server-to-client', transport: 'in-memory', kind: 'message', payload: { jsonrpc: '2.0', id: 1, result: { tools: [] } }, at_ms: 2 },
    { seq: 4, transport: 'in-memory', kind: 'state', note: 'done', state: { client: 'READY' } },
  ));
  const out = toConformance(events);
  checkFormat(out);
  eq(out.map((e) => e.kind + (e.event ? `:${e.event}` : '')), ['lifecycle:transport-open', 'message', 'message', 'lifecycle:transport-close'], 'kinds');
  eq(out[1].payload.params, { cursor: '' }, 'the exact bytes, "" kept');
  eq(out.every((e) => e.transport === 'stdio'), true, 'stdio');
});

test('toConformance', 'HTTP: http event, then the message it carried; headers lowercase', () => {
  const events = parseTrace(lines(
    { seq: 1, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', payload: { method: 'POST', mcp_session_id: 's1', headers: { 'Mcp-Method': 'tools/call' }, body: { jsonrpc: '2.0', id: 2, method: 'tools/call' } } },
    { seq: 2, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', payload: { status: 404 }, raw: 'session not found' },
  ));
  const out = toConformance(events);
  checkFormat(out);
  eq(out.slice(1, -1), [
    { seq: 1, direction: 'client-to-server', transport: 'streamable-http', kind: 'http', headers: { 'mcp-method': 'tools/call', 'mcp-session-id': 's1' } },
    { seq: 2, direction: 'client-to-server', transport: 'streamable-http', kind: 'message', payload: { jsonrpc: '2.0', id: 2, method: 'tools/call' } },
    { seq: 3, direction: 'server-to-client', transport: 'streamable-http', kind: 'http', status: 404 },
  ], 'events');
});

test('toConformance', 'runs: one connection each; a cut is an abort', () => {
  const m = (seq, run, dir = 'client-to-server') => ({ seq, run, direction: dir, transport: 'in-memory', kind: 'message', payload: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  const events = parseTrace(lines(m(1, 'a'), { seq: 2, run: 'a', transport: 'in-memory', kind: 'fault', payload: { fault: 'cut' } }, { seq: 3, run: 'a', direction: 'server-to-client', transport: 'in-memory', kind: 'fault', payload: { fault: 'drop' } }, m(4, 'b'), m(5, 'b')));
  const out = toConformance(events);
  checkFormat(out);
  eq(out.map((e) => e.event || e.kind), ['transport-open', 'message', 'transport-abort', 'transport-open', 'message', 'message', 'transport-close'], 'events');
});

test('toConformance', 'stdio lines: frames become messages, a banner is left out', () => {
  const events = parseTrace(lines(
    { seq: 1, direction: 'server-to-client', transport: 'stdio', kind: 'bytes', payload: { line: 1, verdict: 'not JSON' }, raw: 'ready\n' },
    { seq: 2, direction: 'client-to-server', transport: 'stdio', kind: 'bytes', payload: { line: 1, verdict: 'ok' }, raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}\n' },
  ));
  eq(toConformance(events).map((e) => e.kind), ['lifecycle', 'message', 'lifecycle'], 'kinds');
});

test('toConformance', 'an imported conformance trace goes back unchanged', () => {
  const text = `${lines(
    { seq: 0, direction: 'client-to-server', transport: 'stdio', kind: 'lifecycle', event: 'transport-open' },
    req(1, 1, 'initialize', { protocolVersion: '2025-11-25' }),
    { seq: 2, direction: 'client-to-server', transport: 'stdio', kind: 'lifecycle', event: 'transport-close' },
  )}\n`;
  eq(conformanceJSONL(parseTrace(text)), text, 'jsonl');
});

test('conformanceJSONL', 'nothing on a wire gives ""', () => {
  eq(conformanceJSONL(parseTrace('{"seq":1,"kind":"state","state":{"ttl":{"now_ms":0,"live":0,"heap":0}}}')), '', 'empty');
});

// ---- dom.js ----

test('storage.getJSON', 'parsed value, fallback for none or not JSON', () => {
  storage.set('jsunit:a', '{"x":1}');
  storage.set('jsunit:b', '{oops');
  eq([storage.getJSON('jsunit:a', null), storage.getJSON('jsunit:b', 'fb'), storage.getJSON('jsunit:none', 7)], [{ x: 1 }, 'fb', 7], 'values');
  storage.remove('jsunit:a');
  storage.remove('jsunit:b');
  eq(storage.get('jsunit:a'), null, 'removed');
});

// ---- quiz.js ----

test('readSaved', 'tries, solved and revealed, keeping only keys the quiz has', () => {
  const keys = ['a1', 'b2', 'c3'];
  eq(readSaved(null, keys), { tried: [], solved: false, revealed: false }, 'nothing saved');
  eq(readSaved({ tried: ['a1', 'gone'], solved: true, revealed: false }, keys), { tried: ['a1'], solved: true, revealed: false }, 'a stale key dropped');
  eq(readSaved({ choice: 'b2', correct: false }, keys), { tried: ['b2'], solved: false, revealed: false }, 'one wrong try, older format');
  eq(readSaved({ choice: 'c3', correct: true }, keys), { tried: [], solved: true, revealed: false }, 'one right try, older format');
  eq(readSaved({ choice: 2, correct: true }, keys), { tried: [], solved: false, revealed: false }, 'a position, from before keys');
});

// ---- toc.js ----

test('currentIndex', 'the last heading at or above the reading line', () => {
  eq(currentIndex([], 100), 0, 'no headings');
  eq(currentIndex([300, 900], 100), 0, 'before the first heading: the first section');
  eq(currentIndex([-500, 80, 100, 400], 100), 2, 'a heading exactly on the line starts its section');
  eq(currentIndex([-900, -400, -10], 100), 2, 'past the last heading');
});

test('percentLeft', 'what is still below the bottom of the screen', () => {
  eq(percentLeft(1000, 3000, 500), 100, 'the text not reached yet');
  eq(percentLeft(1000, 3000, 2000), 50, 'half way');
  eq(percentLeft(1000, 3000, 9000), 0, 'past the end');
  eq(percentLeft(1000, 1000, 1000), 0, 'an empty text');
});

// ---- sim.js ----

test('unreachable', 'a simulator whose wasm the network never delivered', () => {
  eq(unreachable('the simulator did not start: Failed to fetch', true), true, 'Chromium offline');
  eq(unreachable('the simulator did not start: NetworkError when attempting to fetch resource.', true), true, 'Firefox offline');
  eq(unreachable('anything', false), true, 'the browser says it is offline');
  eq(unreachable('panic: runtime error: index out of range', true), false, 'a crash is a crash');
  eq(unreachable('the simulator did not start: CompileError: wasm validation error', true), false, 'a broken build is no network problem');
});

window.parseAll = (texts) => texts.map((t) => {
  try {
    return { ok: true, n: parseTrace(t).length };
  } catch (err) {
    return { ok: false, line: err instanceof TraceError ? err.line : -1, msg: String(err.message || err) };
  }
});

window.jsunit = { done: true, results };
