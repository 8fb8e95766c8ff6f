package paginglab

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stallServer makes page stall (1-based, counted per server) of a lab
// server's tools/list block until the request is cancelled, as a server
// whose backend hangs would: the answer never comes on its own.
func stallServer(s *mcp.Server, stall int) {
	var served atomic.Int64
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" && served.Add(1) == int64(stall) {
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return next(ctx, method, req)
		}
	})
}

// labSlowRun walks a catalog whose pages take PageMS of virtual time, one
// of which (StallPage) never comes, under a per-request and a whole-walk
// deadline. Time passes only on the recorder's virtual clock: the scenario
// ends a request's context itself when its deadline passes there, so the
// trace is the same on any machine and in the browser.
func labSlowRun(ctx context.Context, rec *trace.Recorder, p *Params) error {
	server := labServer(p.Tools, p.PageSize, false, allowAll)
	if p.StallPage > 0 {
		stallServer(server, p.StallPage)
	}
	l, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note(labSlowIntro(p))
	walkCtx, cancelWalk := context.WithCancelCause(ctx)
	defer cancelWalk(nil)
	start := rec.Now()
	w := startLabWalk(walkCtx, l.Cs, labLimits)
	for n := 1; ; n++ {
		req, err := l.W.AwaitUntil(ctx, play.Request(play.C2s, "tools/list"), w.done)
		if err != nil {
			return err
		}
		if req == nil {
			break
		}
		note := fmt.Sprintf("Page %d requested.", n)
		if c := play.RequestCursor(req); c != nil {
			rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
		}
		l.W.Deliver(req, note)
		sent := rec.Now()
		// The earliest deadline that can end this request, if any.
		var due int64 = -1
		var cause deadlineError
		if p.RequestTimeoutMS > 0 {
			due, cause = sent+p.RequestTimeoutMS, deadlineError{requestTimeout, p.RequestTimeoutMS}
		}
		if d := start + p.WalkTimeoutMS; p.WalkTimeoutMS > 0 && (due < 0 || d < due) {
			due, cause = d, deadlineError{walkTimeout, p.WalkTimeoutMS}
		}
		arrives := sent + p.PageMS
		if n != p.StallPage {
			resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
			if err != nil {
				return err
			}
			if due < 0 || arrives <= due {
				rec.Advance(arrives - rec.Now())
				rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, play.ToolNames(resp)...) })
				l.W.Deliver(resp, fmt.Sprintf("Page %d arrives at %d ms: %s.", n, rec.Now()+l.W.LatencyMS, strings.Join(play.ToolNames(resp), ", ")))
				continue
			}
			// The answer exists but would come after the deadline.
			if err := labTimeout(ctx, rec, l, w, cancelWalk, due, cause, n); err != nil {
				return err
			}
			l.W.Deliver(resp, "The answer comes late. go-sdk v1.8.0 behaviour: the call already returned, so the client drops it.")
			break
		}
		if err := labTimeout(ctx, rec, l, w, cancelWalk, due, cause, n); err != nil {
			return err
		}
		resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
		if err != nil {
			return err
		}
		l.W.Deliver(resp, "go-sdk v1.8.0 behaviour: the cancelled handler's error still goes out as a response; the client has stopped waiting for this id and drops it.")
		break
	}
	tools, err := play.Wait(ctx, w.result)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("scenario: the walk failed without a deadline: %w", err)
	}
	if err == nil {
		rec.Changed(fmt.Sprintf("Enumerate returned %d tools at %d ms, within every deadline.", len(tools), rec.Now()), func(s *trace.State) { s.Catalog = play.Names(tools) })
		return nil
	}
	rec.Changed(fmt.Sprintf("Enumerate returns %q: errors.Is(err, context.DeadlineExceeded) holds, and no tools. The pages that did arrive are discarded: a catalog with a page missing is not the catalog. The caller may try again later, from the first page.", err.Error()), func(s *trace.State) {
		s.Catalog = nil
		s.Error = err.Error()
	})
	return nil
}

// The two deadlines of a walk, as errors name them.
const (
	requestTimeout = "the per-request timeout"
	walkTimeout    = "the whole-walk timeout"
)

// labTimeout moves the virtual clock to due, ends the request (or the
// walk) with cause, and steps the notifications/cancelled go-sdk's client
// sends for it.
func labTimeout(ctx context.Context, rec *trace.Recorder, l *play.Link, w *labWalk, cancelWalk context.CancelCauseFunc, due int64, cause deadlineError, page int) error {
	rec.Advance(due - rec.Now())
	rec.Fault(play.C2s, "timeout", cause.Error(), fmt.Sprintf("%d ms: page %d has not arrived and %s is up. The client's context ends the request.", rec.Now(), page, cause.what))
	if cause.what == walkTimeout {
		cancelWalk(cause)
	} else {
		w.lister.cancelRequest(cause)
	}
	_, err := l.W.Step(ctx, play.Request(play.C2s, "notifications/cancelled"), "go-sdk v1.8.0 behaviour: when a call's context ends, the client sends notifications/cancelled for its id and stops waiting, as 2025-11-25 (Lifecycle, Timeouts) says a sender should.")
	return err
}

func labSlowIntro(p *Params) string {
	var b strings.Builder
	fmt.Fprintf(&b, "go-sdk v1.8.0 on both ends: a server with %d tools, %d to a page, each page taking %d ms", len(p.Tools), p.PageSize, p.PageMS)
	if p.StallPage > 0 {
		fmt.Fprintf(&b, ", except page %d, which never comes (its handler waits on a backend that hangs)", p.StallPage)
	}
	b.WriteString(". The client's deadlines, on the virtual clock: ")
	var d []string
	if p.RequestTimeoutMS > 0 {
		d = append(d, fmt.Sprintf("%d ms for each request (a context per tools/list)", p.RequestTimeoutMS))
	}
	if p.WalkTimeoutMS > 0 {
		d = append(d, fmt.Sprintf("%d ms for the whole walk (the context passed to Enumerate)", p.WalkTimeoutMS))
	}
	if len(d) == 0 {
		d = append(d, "none")
	}
	b.WriteString(strings.Join(d, " and "))
	b.WriteString(".")
	return b.String()
}
