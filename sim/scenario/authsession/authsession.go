// Package authsession is the auth-session family: an expired bearer token
// beside a session that is gone, on go-sdk's authenticated streamable HTTP
// handler (2025-11-25).
package authsession

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params time the three runs of the auth-session family: the
// same read-only call made after the same idle gap, failing for a
// different reason in each run.
type Params struct {
	// TokenTTL is how long an access token lives, in virtual ms, in the
	// run where tokens expire.
	TokenTTL int64 `json:"token_ttl"`
	// SessionTTL is the server's idle timeout for sessions, in virtual
	// ms, in the run where the server cleans up idle sessions.
	SessionTTL int64 `json:"session_ttl"`
	// IdleUntil is when, counted from the start of each run, the client
	// makes its second call. The first is at 1000 ms.
	IdleUntil int64 `json:"idle_until"`
}

// authCallAt is when each run makes its first call.
const authCallAt = 1000

func (p *Params) Validate() error {
	const max = 1 << 40
	if p.TokenTTL <= 0 || p.TokenTTL > max || p.SessionTTL <= 0 || p.SessionTTL > max {
		return fmt.Errorf("want 0 < token_ttl, session_ttl <= 2^40")
	}
	if p.IdleUntil <= authCallAt || p.IdleUntil > max {
		return fmt.Errorf("idle_until %d: want %d < idle_until <= 2^40", p.IdleUntil, authCallAt)
	}
	return nil
}

// The auth-session family tells an expired token from a session the
// server no longer has, on go-sdk's authenticated streamable HTTP
// handler; its presets are in presets.go. Only the browser
// build with streamable HTTP runs it.
var authSessionFamily = &play.Family{
	Name:    "auth-session",
	Params:  func() play.Validator { return &Params{} },
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runAuthSession(ctx, rec, v.(*Params))
	},
}
