// Package reissue is the reissue family: a 2026-07-28 call whose response
// stream breaks, issued again with or without an idempotency key, and a
// cancel on streamable HTTP.
package reissue

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose what happens to a 2026-07-28 write call whose
// response stream does not arrive.
type Params struct {
	// Shape is lost (the response stream breaks after the tool ran and the
	// client stops there), reissue (it breaks, and the client re-issues the
	// call as a new request) or cancel (the client gives up and closes the
	// stream itself).
	Shape string `json:"shape"`
	// Key is the idempotency key sent with every attempt when not empty.
	Key      string `json:"key,omitempty"`
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// Reissue shapes.
const (
	reissueLost   = "lost"
	reissueAgain  = "reissue"
	reissueCancel = "cancel"
)

// reissueChoices are the words the reissue family's enumerated parameters
// accept.
func reissueChoices() play.Choices {
	return play.Choices{"shape": {reissueLost, reissueAgain, reissueCancel}}
}

func (p *Params) Validate() error {
	if err := reissueChoices().Check("shape", p.Shape); err != nil {
		return err
	}
	if p.Quantity < 1 || p.Quantity > 1000 {
		return fmt.Errorf("quantity %d: want 1 to 1000", p.Quantity)
	}
	if !regexp.MustCompile(fixture.SKUPattern).MatchString(p.SKU) {
		return fmt.Errorf("sku %q: want a match for %s", p.SKU, fixture.SKUPattern)
	}
	if len(p.Key) > 64 {
		return errors.New("key: at most 64 characters")
	}
	return nil
}

// The reissue family loses a 2026-07-28 response stream on streamable
// HTTP; its presets are in presets.go. Only the browser build with
// streamable HTTP runs it.
var reissueFamily = &play.Family{
	Name:    "reissue",
	Params:  func() play.Validator { return &Params{} },
	Choices: reissueChoices(),
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runReissue(ctx, rec, v.(*Params))
	},
}
