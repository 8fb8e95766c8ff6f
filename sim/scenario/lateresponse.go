package scenario

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// LateResponseParams choose what a proxy does with a response that
// arrives for a connection that no longer exists.
type LateResponseParams struct {
	// Proxy is misroute (it hands the old connection's late response to
	// the client's new session, where the same id names another request)
	// or drop (it discards responses whose connection is gone).
	Proxy string `json:"proxy"`
}

// What the proxy does with a late response.
const (
	proxyMisroute = "misroute"
	proxyDrop     = "drop"
)

// lateResponseChoices are the words the late-response family's enumerated
// parameters accept.
func lateResponseChoices() choices {
	return choices{"proxy": {proxyMisroute, proxyDrop}}
}

func (p *LateResponseParams) validate() error {
	return lateResponseChoices().check("proxy", p.Proxy)
}

// The late-response family delivers a response from a dead connection
// into the session that replaced it; its presets are in
// lateresponse_presets.go. It runs live in the larger browser build, which
// lesson 7 loads anyway, so that the default one stays under its size
// limit.
var lateResponseFamily = &family{
	name:    "late-response",
	params:  func() validator { return &LateResponseParams{} },
	choices: lateResponseChoices(),
	runtime: RuntimeHTTP,
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runLateResponse(ctx, rec, v.(*LateResponseParams))
	},
}
