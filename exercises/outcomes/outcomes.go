// Package outcomes decides what a client knows about its tool calls after
// a disconnect, and settles the unknown ones without repeating a write. See
// README.md for the rules; go test grades this file.
package outcomes

import "context"

// Classify says what the client knows about c: Succeeded, Failed or Unknown.
func Classify(c Call) string {
	panic("TODO")
}

// Reconcile returns the status of every call, in order, after settling the
// unknown ones that can be settled safely.
func Reconcile(ctx context.Context, calls []Call, s Server) []string {
	panic("TODO")
}

// Match returns the index in pending of the request r answers, or -1 when
// it answers none of them.
func Match(pending []Pending, r Response) int {
	panic("TODO")
}
