package httpsession

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params time an idle streamable HTTP session.
type Params struct {
	// TTL is the idle timeout in virtual milliseconds.
	TTL int64 `json:"ttl"`
	// CallAt is when the first call is made; IdleUntil is when the client
	// comes back after being idle.
	CallAt    int64 `json:"call_at"`
	IdleUntil int64 `json:"idle_until"`
}

func (p *Params) Validate() error {
	if p.TTL <= 0 || p.TTL > 1<<40 || p.CallAt < 0 || p.IdleUntil < p.CallAt {
		return fmt.Errorf("want 0 < ttl <= 2^40 and 0 <= call_at <= idle_until")
	}
	if p.IdleUntil > 1<<40 {
		return errors.New("idle_until is too far in the future")
	}
	return nil
}

// The http-session family expires an idle streamable HTTP session; its
// presets are in presets.go. Only the browser build with
// streamable HTTP runs it.
var httpSessionFamily = &play.Family{
	Name:    "http-session",
	Params:  func() play.Validator { return &Params{} },
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runHTTPSession(ctx, rec, v.(*Params))
	},
}
