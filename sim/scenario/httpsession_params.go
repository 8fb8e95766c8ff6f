package scenario

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// SessionExpiryParams time an idle streamable HTTP session.
type SessionExpiryParams struct {
	// TTL is the idle timeout in virtual milliseconds.
	TTL int64 `json:"ttl"`
	// CallAt is when the first call is made; IdleUntil is when the client
	// comes back after being idle.
	CallAt    int64 `json:"call_at"`
	IdleUntil int64 `json:"idle_until"`
}

func (p *SessionExpiryParams) validate() error {
	if p.TTL <= 0 || p.TTL > 1<<40 || p.CallAt < 0 || p.IdleUntil < p.CallAt {
		return fmt.Errorf("want 0 < ttl <= 2^40 and 0 <= call_at <= idle_until")
	}
	if p.IdleUntil > 1<<40 {
		return errors.New("idle_until is too far in the future")
	}
	return nil
}

var sessionExpiryFamily = &family{
	name:   "http-session",
	params: func() validator { return &SessionExpiryParams{} },
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runSessionExpiry(ctx, rec, v.(*SessionExpiryParams))
	},
}

func sessionExpiryPresets() []preset {
	return []preset{
		{info: Info{ID: "ttl-session-expired", Title: "A streamable HTTP session expires", Lesson: "ttl", Era: v20251125, Runtime: RuntimeHTTP,
			Summary: "A real go-sdk streamable HTTP server closes an idle session; the next request gets HTTP 404, the client sees ErrSessionMissing, initializes a new session and the read-only call succeeds."},
			family: sessionExpiryFamily, params: &SessionExpiryParams{TTL: 30000, CallAt: 1000, IdleUntil: 45000}},
	}
}
