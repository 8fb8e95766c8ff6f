// Package mrtr is the mrtr family: a tool that needs the user's answer,
// by multi round-trip requests in 2026-07-28 or by elicitation in
// 2025-11-25.
package mrtr

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The mrtr family shows a tool that needs more input from the user before
// it can finish: in 2026-07-28 the server answers tools/call with
// resultType "input_required", and the client retries the call with
// inputResponses (multi round-trip requests, SEP-2322); in 2025-11-25 the
// server asks with a server-initiated elicitation/create request in the
// middle of the call. Both ends are go-sdk v1.8.0 and the tool handler is
// the same code in both eras: the SDK's server turns its input requests
// into elicitation/create for a 2025-11-25 client (mrtr.go,
// serverMultiRoundTripMiddleware), and its client retries for the caller
// (clientMultiRoundTripMiddleware).
var mrtrFamily = &play.Family{
	Name:    "mrtr",
	Params:  func() play.Validator { return &Params{} },
	Choices: mrtrChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runMRTR(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}

// Params choose the era and what the user answers.
type Params struct {
	// Era is the protocol version the client speaks: 2026-07-28 (multi
	// round-trip requests) or 2025-11-25 (server-initiated elicitation).
	Era string `json:"era"`
	// Action is the user's answer to the confirmation: accept, decline or
	// cancel.
	Action string `json:"action"`
	// Quantity is how many units the restock tool orders.
	Quantity int `json:"quantity"`
}

func mrtrChoices() play.Choices {
	return play.Choices{
		"era":    {play.V20260728, play.V20251125},
		"action": {"accept", "decline", "cancel"},
	}
}

func (p *Params) Validate() error {
	c := mrtrChoices()
	if err := c.Check("era", p.Era); err != nil {
		return err
	}
	if err := c.Check("action", p.Action); err != nil {
		return err
	}
	if p.Quantity < 1 || p.Quantity > 1000 {
		return fmt.Errorf("quantity %d: want 1 to 1000", p.Quantity)
	}
	return nil
}
