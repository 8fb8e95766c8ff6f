// Package playtest runs a family's scenarios in its own tests, without the
// registry above it: a family's folder may not import the registry, not
// even in a test.
package playtest

import (
	"context"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// MustRun plays scenario id of presets with its preset parameters and
// fails t if it does not run.
func MustRun(t testing.TB, presets []play.Preset, id string) *play.Result {
	t.Helper()
	res, err := play.NewCatalogue(presets).Run(context.Background(), id, nil)
	if err != nil {
		t.Fatalf("Run(%q) error: %v", id, err)
	}
	return res
}
