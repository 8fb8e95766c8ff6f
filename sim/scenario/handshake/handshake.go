// Package handshake is the handshake family: initialize and its
// variations in 2025-11-25, and server/discover in 2026-07-28.
package handshake

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The handshake family shows how a connection starts: its presets are in
// presets.go, its parameters in params.go, the scripts
// with go-sdk on both ends in sdk.go and those with a scripted
// peer in scripted.go.
var handshakeFamily = &play.Family{
	Name:    "handshake",
	Params:  func() play.Validator { return &Params{} },
	Choices: handshakeChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		p := v.(*Params)
		switch p.Shape {
		case shapeOK, shapeCounteroffer:
			return handshakeSDK(ctx, rec, p)
		case shapeRequestBeforeInit:
			return handshakeRequestBeforeInit(ctx, rec, p)
		case shapeUnsupported:
			return handshakeUnsupported(ctx, rec, p)
		case shapeNoInitialized:
			return handshakeNoInitialized(ctx, rec, p)
		case shapeDiscover:
			return discover2026(ctx, rec, p)
		default:
			// validate admits only the shapes above.
			return fmt.Errorf("shape %q has no script", p.Shape)
		}
	},
}
