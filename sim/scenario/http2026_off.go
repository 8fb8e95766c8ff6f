//go:build js && !simhttp

package scenario

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runHTTP2026 is left out of the default browser build, as runHTTPSession
// is: the page runs it in the wasm built with -tags simhttp.
func runHTTP2026(context.Context, *trace.Recorder, *HTTP2026Params) error {
	return fmt.Errorf("%w: this build leaves out streamable HTTP; use the %q runtime (built with -tags simhttp)", ErrRuntime, RuntimeHTTP)
}
