package http2026

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose what a 2026-07-28 streamable HTTP exchange shows.
type Params struct {
	// Shape is one of headers, mismatch, listen, stateful, session-2025.
	Shape string `json:"shape"`
	// ProxyName is the Mcp-Name a misbehaving proxy writes over the
	// client's on the first tools/call (shape mismatch).
	ProxyName string `json:"proxy_name,omitempty"`
}

// HTTP 2026 shapes.
const (
	// shapeHeaders: discover and a tool call, with the request headers
	// and without a session.
	shapeHeaders = "headers"
	// shapeMismatch: a proxy changes Mcp-Name; the server rejects the
	// request with -32020.
	shapeMismatch = "mismatch"
	// shapeListen: the client opens subscriptions/listen and learns of a
	// tools list change on it.
	shapeListen = "listen"
	// shapeStateful: the handler keeps go-sdk's default, stateful mode,
	// which serves 2025-11-25 only; the client falls back to initialize.
	shapeStateful = "stateful"
	// shapeSession2025: the client is pinned to 2025-11-25 and the handler
	// is stateful: the same exchange as headers, in the older era.
	shapeSession2025 = "session-2025"
)

func http2026Choices() play.Choices {
	return play.Choices{"shape": {shapeHeaders, shapeMismatch, shapeListen, shapeStateful, shapeSession2025}}
}

func (p *Params) Validate() error {
	if err := http2026Choices().Check("shape", p.Shape); err != nil {
		return err
	}
	if p.Shape == shapeMismatch && (p.ProxyName == "" || p.ProxyName == "get_stock" || !isToken(p.ProxyName)) {
		return fmt.Errorf("proxy_name %q: want a tool name other than get_stock, letters, digits, - and _ only", p.ProxyName)
	}
	return nil
}

// isToken reports whether s is a short run of letters, digits, - and _,
// safe as an HTTP header value.
func isToken(s string) bool {
	if len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// The http-2026 family runs go-sdk's client at its default version,
// 2026-07-28, against go-sdk's streamable HTTP handler: in stateless mode,
// which go-sdk v1.8.0 needs to serve 2026-07-28, or (shape stateful) in its
// default mode, which serves 2025-11-25 only (shape session-2025 pins the
// client to 2025-11-25 as well); its presets are in presets.go. Only
// the browser build with streamable HTTP runs it.
var http2026Family = &play.Family{
	Name:    "http-2026",
	Params:  func() play.Validator { return &Params{} },
	Choices: http2026Choices(),
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runHTTP2026(ctx, rec, v.(*Params))
	},
}
