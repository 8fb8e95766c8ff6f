//go:build js && !simhttp

package scenario

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The default browser build (sim.wasm) leaves out the families of
// [RuntimeHTTP]: streamable HTTP (its client and handler add about a third
// of a megabyte gzipped), and the 2026-07-28 families whose go-sdk code
// (discovery, multi round-trip requests, the tools cache, handles) would
// otherwise weigh on every lesson page for a few players, and stdio, which
// only lesson 2 shows, beside streamable HTTP. The page runs
// them in the wasm built with -tags simhttp, loaded only where a player
// shows one. Natively every family runs.

func runHTTPSession(context.Context, *trace.Recorder, *HTTPSessionParams) error {
	return errSplit("streamable HTTP session")
}

func runHTTP2026(context.Context, *trace.Recorder, *HTTP2026Params) error {
	return errSplit("2026-07-28 streamable HTTP")
}

func runReissue(context.Context, *trace.Recorder, *ReissueParams) error {
	return errSplit("re-issue")
}

func runHandle(context.Context, *trace.Recorder, *HandleParams) error {
	return errSplit("handle")
}

func runStdio(context.Context, *trace.Recorder, *StdioParams) error {
	return errSplit("stdio")
}

func runDiscover(context.Context, *trace.Recorder, *DiscoverParams) error {
	return errSplit("discover")
}

func runMRTR(context.Context, *trace.Recorder, *MRTRParams) error { return errSplit("mrtr") }

func runPaging2026(context.Context, *trace.Recorder, *Paging2026Params) error {
	return errSplit("paging2026")
}

func runLateResponse(context.Context, *trace.Recorder, *LateResponseParams) error {
	return errSplit("late-response")
}

func runSessionUser(context.Context, *trace.Recorder, *SessionUserParams) error {
	return errSplit("session-user")
}

func runAuthSession(context.Context, *trace.Recorder, *AuthSessionParams) error {
	return errSplit("auth-session")
}

func runSSEFragment(context.Context, *trace.Recorder, *SSEFragmentParams) error {
	return errSplit("sse-fragment")
}

func runPagingLab(context.Context, *trace.Recorder, *PagingLabParams) error {
	return errSplit("paging lab")
}

func runToolSafety(context.Context, *trace.Recorder, *ToolSafetyParams) error {
	return errSplit("tool safety")
}

// The families above whose parameters are checked only where they run
// accept anything here: their run stubs refuse every call anyway.

func (p *PagingLabParams) Validate() error  { return nil }
func (p *ToolSafetyParams) Validate() error { return nil }

// paramDocs is empty here: pages read parameter docs from the scenario
// index the build writes (natively, with every doc), never from this build,
// which is within a few kilobytes of its size limit.
func paramDocs() map[string]map[string]string { return nil }

func errSplit(what string) error {
	return fmt.Errorf("%w: this build leaves out the %s scenarios; use the %q runtime (built with -tags simhttp)", ErrRuntime, what, RuntimeHTTP)
}
