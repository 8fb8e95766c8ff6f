//go:build js && !simhttp

package scenario

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runHandle is left out of the default browser build: see handleFamily.
func runHandle(context.Context, *trace.Recorder, *HandleParams) error {
	return fmt.Errorf("%w: this build leaves out the handle scenarios; use the %q runtime (built with -tags simhttp)", ErrRuntime, RuntimeHTTP)
}
