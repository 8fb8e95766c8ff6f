// conformance.js: a trace in the conformance-trace format that MCP trace
// validators read (tomtom215/mcp-conformance: book/src/trace-format.md and
// crates/mcp-conformance-core/src/trace.rs), and nothing else: each line is
// {seq, direction, transport, kind} plus a message's payload, an HTTP
// event's status and headers, or a lifecycle event's moment. seq counts from
// 0. Our notes, state snapshots, clock and raw bytes have no place in it.
'use strict';

import { wireJSON, httpHeaders, httpStatus } from './trace.js';
import { t } from './i18n.js';

/** TRANSPORT_NOTE says, in one line for the page, how a trace from an
 * in-memory scenario is labelled in the export and why. */
export const TRANSPORT_NOTE = t('For validators, in-memory scenarios are labelled stdio: the format knows only stdio and streamable-http.');

const TRANSPORTS = new Set(['stdio', 'streamable-http']);

/**
 * toConformance converts events (as parseTrace returns them) to the
 * conformance format and returns the lines, each an object with keys in the
 * format's order:
 *   - a message event, a stdio line that holds a JSON-RPC message: a
 *     message event whose payload is the exact bytes parsed;
 *   - an HTTP event: an http event (status on responses, headers with
 *     lowercase names), then a message event for the JSON-RPC body it
 *     carried, if any;
 *   - each run opens with transport-open and ends with transport-close, or
 *     transport-abort where the link was cut;
 *   - lifecycle events from an imported trace stay as they are;
 *   - notes, state changes, other faults and lines that are not JSON-RPC
 *     have no counterpart and are left out.
 * The transport is the event's when it is stdio or streamable-http, else
 * streamable-http for a trace with HTTP events and stdio for the rest (an
 * in-memory scenario; see TRANSPORT_NOTE).
 */
export function toConformance(events) {
  const httpTrace = events.some((e) => e.kind === 'http' || e.transport === 'streamable-http');
  const fallback = httpTrace ? 'streamable-http' : 'stdio';
  const transportOf = (e) => (TRANSPORTS.has(e.transport) ? e.transport : fallback);
  const imported = events.some((e) => e.kind === 'lifecycle');
  const out = [];
  const push = (direction, transport, kind, rest) => out.push({ seq: out.length, direction, transport, kind, ...rest });
  let run = null;
  let open = false;
  const close = (transport) => {
    if (open && !imported) push('client-to-server', transport, 'lifecycle', { event: 'transport-close' });
    open = false;
  };
  let last = fallback;
  for (const e of events) {
    const transport = transportOf(e);
    const m = wireJSON(e);
    const onWire = e.kind === 'lifecycle' || e.kind === 'http' || (e.kind === 'fault' && e.payload && e.payload.fault === 'cut') || (m && (e.kind === 'message' || e.kind === 'bytes'));
    if (!onWire) continue;
    if ((e.run || '') !== run) {
      close(last);
      run = e.run || '';
    }
    if (!open && !imported) push('client-to-server', transport, 'lifecycle', { event: 'transport-open' });
    open = true;
    last = transport;
    const dir = e.direction || 'client-to-server';
    switch (e.kind) {
      case 'lifecycle':
        push(dir, transport, 'lifecycle', { event: e.event });
        if (e.event !== 'transport-open') open = false;
        break;
      case 'fault':
        push(dir, transport, 'lifecycle', { event: 'transport-abort' });
        open = false;
        break;
      case 'http': {
        const rest = {};
        const status = httpStatus(e);
        if (status) rest.status = status;
        const headers = {};
        for (const [k, v] of httpHeaders(e)) headers[k.toLowerCase()] = v;
        const names = Object.keys(headers).sort();
        if (names.length) rest.headers = Object.fromEntries(names.map((k) => [k, headers[k]]));
        push(dir, transport, 'http', rest);
        if (m) push(dir, transport, 'message', { payload: m });
        break;
      }
      default:
        push(dir, transport, 'message', { payload: m });
    }
  }
  close(last);
  return out;
}

/** conformanceJSONL is toConformance as JSON Lines ("" when no event has a
 * counterpart in the format). */
export function conformanceJSONL(events) {
  return toConformance(events).map((e) => `${JSON.stringify(e)}\n`).join('');
}
