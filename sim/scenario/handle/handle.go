// Package handle is the handle family: a 2026-07-28 handle that expires
// unless it is used, where 2025-11-25 had a session.
package handle

import (
	"context"
	"errors"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params time a server-minted handle, the 2026-07-28 form of state
// that outlives one request.
type Params struct {
	// TTL is how long a cart handle lives unused, in virtual milliseconds.
	TTL int64 `json:"ttl"`
	// CallAt is when the client first uses the handle; IdleUntil is when
	// it comes back after being idle.
	CallAt    int64 `json:"call_at"`
	IdleUntil int64 `json:"idle_until"`
}

func (p *Params) Validate() error {
	if p.TTL <= 0 || p.TTL > 1<<40 || p.CallAt < 1 || p.IdleUntil <= p.CallAt {
		return errors.New("want 0 < ttl <= 2^40 and 1 <= call_at < idle_until")
	}
	if p.CallAt >= p.TTL {
		return errors.New("call_at must come before the handle's first deadline (ttl): the first use is meant to succeed")
	}
	if p.IdleUntil > 1<<40 {
		return errors.New("idle_until is too far in the future")
	}
	return nil
}

// The handle family shows a cart handle minted by the server, passed as a
// tool argument and expired on the virtual clock; its presets are in
// presets.go. It runs on the in-memory wire, but its tools' code
// lives in the browser build with streamable HTTP, which the session expiry
// lesson loads anyway for ttl-session-expired, to keep the default build
// within its size budget.
var handleFamily = &play.Family{
	Name:    "handle",
	Params:  func() play.Validator { return &Params{} },
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runHandle(ctx, rec, v.(*Params))
	},
}
