// Package ssefragment is the sse-fragment family: an SSE response that
// reaches the client in pieces.
package ssefragment

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose how the network cuts a text/event-stream
// response into reads.
type Params struct {
	// Split is mid-json (the first event arrives in three reads, cut in
	// the middle of its data line and before its blank line, then the rest
	// in one read), per-event (one read per event) or one-read (the whole
	// body at once).
	Split string `json:"split"`
	// Progress is how many notifications/progress events the tool sends
	// before its result, 0 to 3.
	Progress int `json:"progress"`
}

// How the body is cut into reads.
const (
	splitMidJSON  = "mid-json"
	splitPerEvent = "per-event"
	splitOneRead  = "one-read"
)

// sseFragmentChoices are the words the sse-fragment family's enumerated
// parameters accept.
func sseFragmentChoices() play.Choices {
	return play.Choices{"split": {splitMidJSON, splitPerEvent, splitOneRead}}
}

func (p *Params) Validate() error {
	if err := sseFragmentChoices().Check("split", p.Split); err != nil {
		return err
	}
	if p.Progress < 0 || p.Progress > 3 {
		return fmt.Errorf("progress %d: want 0 to 3", p.Progress)
	}
	return nil
}

// The sse-fragment family feeds go-sdk's streamable HTTP client an event
// stream in pieces; its presets are in presets.go. Only the
// browser build with streamable HTTP runs it.
var sseFragmentFamily = &play.Family{
	Name:    "sse-fragment",
	Params:  func() play.Validator { return &Params{} },
	Choices: sseFragmentChoices(),
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runSSEFragment(ctx, rec, v.(*Params))
	},
}
