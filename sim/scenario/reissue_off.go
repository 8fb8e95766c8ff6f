//go:build js && !simhttp

package scenario

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runReissue is left out of the default browser build, like
// runHTTPSession: it needs the streamable HTTP client and handler.
func runReissue(context.Context, *trace.Recorder, *ReissueParams) error {
	return fmt.Errorf("%w: this build leaves out streamable HTTP; use the %q runtime (built with -tags simhttp)", ErrRuntime, RuntimeHTTP)
}
