//go:build js && !simhttp

package scenario

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runHTTPSession is left out of the default browser build: the
// streamable HTTP client and handler add about a third of a megabyte
// (gzipped) that only this scenario uses. The page runs scenarios whose
// Info.Runtime is [RuntimeHTTP] in a wasm built with -tags simhttp.
func runHTTPSession(context.Context, *trace.Recorder, *HTTPSessionParams) error {
	return fmt.Errorf("%w: this build leaves out streamable HTTP; use the %q runtime (built with -tags simhttp)", ErrRuntime, RuntimeHTTP)
}
