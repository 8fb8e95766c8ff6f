// Package lateresponse is the late-response family: a response that
// arrives after its connection is gone and meets a reused request id.
package lateresponse

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose what a proxy does with a response that
// arrives for a connection that no longer exists.
type Params struct {
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
func lateResponseChoices() play.Choices {
	return play.Choices{"proxy": {proxyMisroute, proxyDrop}}
}

func (p *Params) Validate() error {
	return lateResponseChoices().Check("proxy", p.Proxy)
}

// The late-response family delivers a response from a dead connection
// into the session that replaced it; its presets are in
// presets.go. It runs live in the larger browser build, which
// lesson 7 loads anyway, so that the default one stays under its size
// limit.
var lateResponseFamily = &play.Family{
	Name:    "late-response",
	Params:  func() play.Validator { return &Params{} },
	Choices: lateResponseChoices(),
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runLateResponse(ctx, rec, v.(*Params))
	},
}
