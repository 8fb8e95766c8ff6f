// Package trace holds the record a scenario leaves behind: one event per
// JSON-RPC frame, byte chunk, HTTP exchange, state change, fault or note, each
// carrying a snapshot of the state it leaves, encoded as JSON Lines.
//
// The line shape is a superset of the conformance-trace format used by MCP
// trace validators (tomtom215/mcp-conformance: book/src/trace-format.md and
// crates/mcp-conformance-core/src/trace.rs): {"seq","direction","transport",
// "kind"} with a "payload" on message events, top-level "status" and
// "headers" on http events, "event" on lifecycle events and an optional
// "ts". A trace recorded by another tool decodes too; our own fields are
// optional on input, and fields neither format knows are kept in
// [Event.Extra].
package trace

import (
	"encoding/json"
)

// Directions of a frame. Events that are not on the wire have none.
const (
	ClientToServer = "client-to-server"
	ServerToClient = "server-to-client"
)

// Kinds of event.
const (
	KindMessage = "message" // a JSON-RPC frame; Payload is the message object
	KindBytes   = "bytes"   // a raw chunk of a byte stream (stdio); Payload is a [BytesPayload]
	KindHTTP    = "http"    // an HTTP request or response line; Payload is an [HTTPPayload]
	KindState   = "state"   // a state change the learner should notice
	KindFault   = "fault"   // a cut link, a dropped or rewritten frame; Payload is a [FaultPayload]
	KindNote    = "note"    // prose only
	// KindLifecycle is a transport moment from the conformance format;
	// Event names it (one of the Lifecycle constants).
	KindLifecycle = "lifecycle"
)

// Lifecycle moments of the conformance format.
const (
	TransportOpen  = "transport-open"
	TransportClose = "transport-close"
	TransportAbort = "transport-abort"
)

// Transports named in events.
const (
	InMemory       = "in-memory"
	Stdio          = "stdio"
	StreamableHTTP = "streamable-http"
)

// An Event is one line of a trace.
type Event struct {
	Seq       int             `json:"seq"`
	Direction string          `json:"direction,omitempty"`
	Transport string          `json:"transport,omitempty"`
	Kind      string          `json:"kind"`
	Payload   json.RawMessage `json:"payload,omitempty"`

	// Run names which of several runs in one scenario the event belongs to
	// (for example "reference" and "sdk-iterator" side by side); empty when
	// the scenario has one run.
	Run string `json:"run,omitempty"`
	// AtMS is the virtual clock in milliseconds when the event happened.
	AtMS int64 `json:"at_ms"`
	// Raw is the exact bytes that crossed the wire, when there were bytes.
	// Payload is decoded JSON and cannot show the difference between
	// "nextCursor":"" and an absent field when re-encoded by Go types; Raw can.
	Raw string `json:"raw,omitempty"`
	// Note is a one-line annotation for the learner.
	Note string `json:"note,omitempty"`
	// State is the state after this event. Imported conformance traces have
	// none; the player then shows the last known state.
	State *State `json:"state,omitempty"`

	// The conformance format's own fields, which this simulator does not
	// record but imported traces carry.

	// Event is the moment of a [KindLifecycle] event.
	Event string `json:"event,omitempty"`
	// Status is an HTTP response status on a conformance http event (ours
	// keep it in an [HTTPPayload]).
	Status int `json:"status,omitempty"`
	// Headers are the HTTP headers a conformance http event recorded.
	Headers map[string]string `json:"headers,omitempty"`
	// TS is an informational RFC 3339 timestamp; nothing orders by it.
	TS string `json:"ts,omitempty"`

	// Extra holds the fields of an imported line that neither format
	// knows, so that nothing another tool wrote is dropped. Encode writes
	// them after the known fields, sorted by name.
	Extra map[string]json.RawMessage `json:"-"`
}

// State is a snapshot of everything the player's state panel shows.
// Fields a scenario does not use are left empty and omitted.
type State struct {
	// Client is the client connection state: NEW, INITIALIZING, READY or
	// CLOSED in the 2025-11-25 lifecycle, STATELESS for a 2026-07-28 client,
	// which has no lifecycle to be in.
	Client string `json:"client,omitempty"`
	// Protocol is the negotiated protocol version, once known.
	Protocol string `json:"protocol,omitempty"`
	// Catalog is the tool names the client has collected so far, in order.
	Catalog []string `json:"catalog,omitempty"`
	// Active is the catalog the application is using, when it differs from
	// the one being collected (a refresh walks a candidate catalog and
	// swaps it in only on success).
	Active []string `json:"active,omitempty"`
	// ActiveClient is the state of the client session the application is
	// using, when Client is a second, candidate session beside it (a
	// refresh reads a candidate catalog on a session of its own).
	ActiveClient string `json:"active_client,omitempty"`
	// Cursors is every cursor the client has sent in this walk, in order;
	// "" appears as "".
	Cursors []string `json:"cursors,omitempty"`
	// TTL is the expiry scheduler, when the scenario has one.
	TTL *TTLState `json:"ttl,omitempty"`
	// Session is the transport session id (Mcp-Session-Id), when there is one.
	Session string `json:"session,omitempty"`
	// Outcomes are the client's view of each tool call it made.
	Outcomes []Outcome `json:"outcomes,omitempty"`
	// Ledger is the server's record of side effects actually executed.
	Ledger []LedgerEntry `json:"ledger,omitempty"`
	// Error is the error the client's operation ended with, if it did.
	Error string `json:"error,omitempty"`
}

// Client connection states.
const (
	ClientNew          = "NEW"
	ClientInitializing = "INITIALIZING"
	ClientReady        = "READY"
	ClientClosed       = "CLOSED"
	// ClientStateless is a 2026-07-28 client on an open connection: there
	// is no handshake to be in the middle of, and every request carries
	// the protocol version and capabilities it needs.
	ClientStateless = "STATELESS"
)

// TTLState is the session expiry scheduler at one instant.
type TTLState struct {
	NowMS int64 `json:"now_ms"`
	// Live is the number of live sessions (S) and Heap the number of tickets
	// in the heap, stale ones included (H). They are counts because a
	// scenario may hold thousands of tickets; the lists below are capped.
	Live     int       `json:"live"`
	Heap     int       `json:"heap"`
	Sessions []Session `json:"sessions,omitempty"`
	Tickets  []Ticket  `json:"tickets,omitempty"`
	Expired  []string  `json:"expired,omitempty"`
}

// A Session is a live session in the expiry scheduler.
type Session struct {
	ID         string `json:"id"`
	Generation uint64 `json:"generation"`
	DeadlineMS int64  `json:"deadline_ms"`
}

// A Ticket is one heap entry. It is stale when its generation is not the
// session's current one; popping it then expires nothing.
type Ticket struct {
	ID         string `json:"id"`
	Generation uint64 `json:"generation"`
	ExpiryMS   int64  `json:"expiry_ms"`
	Stale      bool   `json:"stale,omitempty"`
}

// Call outcomes as the client knows them.
const (
	OutcomePending   = "PENDING"
	OutcomeSucceeded = "SUCCEEDED"
	OutcomeFailed    = "FAILED"
	OutcomeUnknown   = "UNKNOWN"
)

// An Outcome is the client's knowledge of one tool call.
type Outcome struct {
	Call   string `json:"call"` // a label such as "call 1"
	Tool   string `json:"tool"`
	Key    string `json:"key,omitempty"` // idempotency key, if sent
	Status string `json:"status"`
	Detail string `json:"detail,omitempty"`
}

// A LedgerEntry is one side effect the server executed.
type LedgerEntry struct {
	N        int    `json:"n"`
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
	Key      string `json:"key,omitempty"`
}

// BytesPayload is the payload of a [KindBytes] event.
type BytesPayload struct {
	Line int `json:"line"` // 1-based line number in the stream
	// Verdict is "ok" or the frame checker's complaint.
	Verdict string `json:"verdict"`
}

// HTTPPayload is the payload of a [KindHTTP] event.
type HTTPPayload struct {
	Method    string `json:"method,omitempty"` // set on requests
	Status    int    `json:"status,omitempty"` // set on responses
	SessionID string `json:"mcp_session_id,omitempty"`
	// Headers are other headers that matter to the protocol, by their
	// canonical names (2026-07-28 POSTs carry Mcp-Method and Mcp-Name).
	Headers map[string]string `json:"headers,omitempty"`
	// Body is the JSON-RPC message carried, if any.
	Body json.RawMessage `json:"body,omitempty"`
}

// FaultPayload is the payload of a [KindFault] event.
type FaultPayload struct {
	Fault  string `json:"fault"` // "cut", "drop", "rewrite", "timeout", "expire"
	Detail string `json:"detail,omitempty"`
}

// Clone returns a deep copy of s, so that a snapshot cannot change after it
// was recorded.
func (s State) Clone() *State {
	c := s
	c.Catalog = append([]string(nil), s.Catalog...)
	c.Active = append([]string(nil), s.Active...)
	c.Cursors = append([]string(nil), s.Cursors...)
	c.Outcomes = append([]Outcome(nil), s.Outcomes...)
	c.Ledger = append([]LedgerEntry(nil), s.Ledger...)
	if s.TTL != nil {
		t := *s.TTL
		t.Sessions = append([]Session(nil), s.TTL.Sessions...)
		t.Tickets = append([]Ticket(nil), s.TTL.Tickets...)
		t.Expired = append([]string(nil), s.TTL.Expired...)
		c.TTL = &t
	}
	return &c
}
