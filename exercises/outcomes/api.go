package outcomes

// This file is the exercise's fixed API. Do not edit it: write Classify,
// Reconcile and Match in outcomes.go.

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What a client knows about a call.
const (
	Succeeded = "SUCCEEDED" // a result arrived and it is not an error
	Failed    = "FAILED"    // an isError result, or a JSON-RPC error sent before any handler ran
	Unknown   = "UNKNOWN"   // no answer, or an error that may follow side effects: it may or may not have run
)

// A Call is one tools/call the client made, and what it saw.
type Call struct {
	Tool     string
	Args     map[string]any
	ReadOnly bool   // the tool's readOnlyHint: running it again changes nothing
	Key      string // the idempotency_key sent in Args, "" when none was sent

	Result *mcp.CallToolResult // the response, when one arrived
	Err    error               // the call's error, when it returned one
}

// A Server is a fresh session to the same server, for reconciling.
type Server struct {
	// Call sends tools/call.
	Call func(ctx context.Context, tool string, args map[string]any) (*mcp.CallToolResult, error)
	// Lookup asks the server's ledger whether a reservation with this
	// idempotency key was executed.
	Lookup func(ctx context.Context, key string) (bool, error)
}

// A Pending is a request the client sent and has no response for yet.
type Pending struct {
	Session string     // the session the request was sent in
	ID      jsonrpc.ID // its JSON-RPC id: unique only within its session
	Tool    string
}

// A Response is a JSON-RPC response as it reached the client.
type Response struct {
	Session string     // the session whose connection or stream carried it
	ID      jsonrpc.ID // the id it answers
}
