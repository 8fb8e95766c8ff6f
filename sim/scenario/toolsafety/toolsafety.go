// Package toolsafety is the tool-safety family: what a failing tool tells
// the model, and a tool result that gives instructions.
package toolsafety

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The tool-safety family shows what a tool's words can do to the model
// that reads them: error text that leaks the server's internals, and tool
// output (or a tool description) that tries to give the model orders.
// go-sdk v1.8.0 runs on both ends; its presets are in
// presets.go and its run in run.go. It runs live in
// the larger browser build (sim-http.wasm), so that sim.wasm stays under
// its size limit.
var toolSafetyFamily = &play.Family{
	Name:    "tool-safety",
	Params:  func() play.Validator { return &Params{} },
	Choices: toolSafetyChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runToolSafety(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}

// Params choose the case and what the server says.
type Params struct {
	// Case is error-leak or untrusted-output.
	Case string `json:"case"`
	// Errors (error-leak) is how the server words its failures: leaky
	// (the Go error as it came, SQL and stack included), actionable (a
	// short reason and what to do next; the details go to the server's
	// own log) or both, one server after the other.
	Errors string `json:"errors,omitempty"`
	// Injection (untrusted-output) is the instruction hidden in the
	// ticket text the tool returns; PoisonDescription puts another in a
	// tool's description. Confirm is the host's policy for a call the
	// model proposes: ask (the user is asked and declines) or auto (the
	// host calls without asking, which the scenario shows and condemns).
	Injection         string `json:"injection,omitempty"`
	PoisonDescription bool   `json:"poison_description,omitempty"`
	Confirm           string `json:"confirm,omitempty"`
}

// Tool-safety cases and their words.
const (
	safetyErrorLeak  = "error-leak"
	safetyUntrusted  = "untrusted-output"
	errorsLeaky      = "leaky"
	errorsActionable = "actionable"
	errorsBoth       = "both"
	confirmAsk       = "ask"
	confirmAuto      = "auto"
)

func toolSafetyChoices() play.Choices {
	return play.Choices{
		"case":    {safetyErrorLeak, safetyUntrusted},
		"errors":  {"", errorsLeaky, errorsActionable, errorsBoth},
		"confirm": {"", confirmAsk, confirmAuto},
	}
}
