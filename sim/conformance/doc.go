// Package conformance checks a real MCP server or client against the cases
// the course teaches, from the bytes on the wire.
//
// A server is probed through a [Dialer], which opens one fresh connection
// per session the probe needs: [ServerDialer] for a go-sdk *mcp.Server in
// the same process, [TransportDialer] for any other mcp.Transport,
// [StdioDialer] for a subprocess's pipes and [HTTPDialer] for a Streamable
// HTTP endpoint. [Probe] runs every case in each revision the server
// speaks (2025-11-25 and 2026-07-28) and returns a [Report]: one [Result]
// per case and revision, with a verdict, the rule it rests on and the
// lesson that teaches it, and the case's wire as a trace the playground
// imports.
//
// A case fails only under a MUST of its revision's text, a field or type
// the schema requires, or the course's one rule of its own (a list walk
// must end: a cursor that comes back or a walk past the page budget
// fails); it warns under a SHOULD, or under a MUST whose condition the
// probe cannot establish from outside; it is a note where the text has no
// keyword or says nothing. Every rule quotes the text of the row's own
// revision. A request left unanswered by a connection that breaks fails
// under the JSON-RPC reply rule both revisions adopt, and the message
// names what broke and whether the case's own rule was reached; one the
// probe stopped waiting for warns, since no text sets a deadline: the
// probe's -timeout is its own bound, and the message says so. [Report.InLanguage] names the lessons in the Chinese edition's
// words.
//
// The probe writes and reads raw JSON-RPC frames rather than driving an
// SDK client, because it has to judge servers that break the rules: an SDK
// client would reject, repair or hide exactly what the probe reports.
//
// For a client, [NewFixture] returns a server that behaves as one of the
// course's scenarios and, at the end, judges the client from what it sent.
//
// cmd/probe is the command-line face of this package. Nothing under wasm/
// imports it: it would weigh on sim.wasm and has no use in a browser.
package conformance
