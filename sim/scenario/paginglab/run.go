package paginglab

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func runPagingLab(ctx context.Context, rec *trace.Recorder, p *Params) error {
	switch p.Case {
	case labReplay:
		return labReplayRun(ctx, rec, p)
	case labSlowPage:
		return labSlowRun(ctx, rec, p)
	}
	return labPrincipalRun(ctx, rec, p)
}

var ServerInfo = mcp.Implementation{Name: "catalog-lab", Version: "1.0.0"}

// labTool is a tool of the lab's servers: no arguments, and a description
// that says what it is, as a catalog entry would.
func labTool(name string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: "Lab tool " + name + ".", InputSchema: json.RawMessage(`{"type":"object"}`)}
}

// labOK is the handler of every tool a principal may call.
func labOK(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: req.Params.Name + ": done"}}}, nil
}

// labServer is a go-sdk server with tools, paged pageSize at a time by the
// SDK's own pagination. private marks its lists cacheScope "private": they
// depend on who asks.
func labServer(tools []string, pageSize int, private bool, handler func(name string) mcp.ToolHandler) *mcp.Server {
	opts := &mcp.ServerOptions{PageSize: pageSize}
	if private {
		opts.SetCacheable = func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.CacheScope = "private" }
	}
	s := mcp.NewServer(&ServerInfo, opts)
	for _, n := range tools {
		s.AddTool(labTool(n), handler(n))
	}
	return s
}

func allowAll(string) mcp.ToolHandler { return labOK }

// A labLister is the reference walk's [catalog.Lister] on a go-sdk client
// session. Each request gets a context of its own, which the scenario can
// end when the request's virtual deadline passes; cancel is the one of the
// request in flight.
type labLister struct {
	cs     *mcp.ClientSession
	mu     sync.Mutex
	cancel context.CancelCauseFunc
}

func (l *labLister) ListTools(ctx context.Context, cursor *string) (catalog.Page, error) {
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	l.mu.Lock()
	l.cancel = cancel
	l.mu.Unlock()
	params := &mcp.ListToolsParams{}
	if cursor != nil {
		params.Cursor = *cursor
	}
	res, err := l.cs.ListTools(rctx, params)
	if err != nil {
		// The request's own context names which deadline ended it.
		if rctx.Err() != nil && context.Cause(rctx) != nil {
			return catalog.Page{}, context.Cause(rctx)
		}
		return catalog.Page{}, err
	}
	page := catalog.Page{Tools: res.Tools}
	// go-sdk's server never sends "nextCursor":"", so the Go type's
	// empty string can only mean an absent field here.
	if res.NextCursor != "" {
		next := res.NextCursor
		page.NextCursor = &next
	}
	return page, nil
}

// cancelRequest ends the request in flight with cause.
func (l *labLister) cancelRequest(cause error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cancel(cause)
}

// A deadlineError is a deadline that passed on the virtual clock. It wraps
// [context.DeadlineExceeded], as a context.WithTimeout's error would be.
type deadlineError struct {
	what string
	ms   int64
}

func (e deadlineError) Error() string { return fmt.Sprintf("%s of %d ms passed", e.what, e.ms) }
func (e deadlineError) Unwrap() error { return context.DeadlineExceeded }

// A labWalk is one run of the reference walk ([catalog.Enumerate]) in a
// goroutine beside the scenario, which steps its frames.
type labWalk struct {
	lister *labLister
	done   chan struct{}
	result <-chan play.Outcome[[]*mcp.Tool]
}

func startLabWalk(ctx context.Context, cs *mcp.ClientSession, lim catalog.Limits) *labWalk {
	w := &labWalk{lister: &labLister{cs: cs}, done: make(chan struct{})}
	w.result = play.GoDo(func() ([]*mcp.Tool, error) {
		defer close(w.done)
		tools, _, err := catalog.Enumerate(ctx, w.lister, lim)
		return tools, err
	})
	return w
}

// resultOf returns the result member of a response frame's bytes.
func resultOf(raw []byte) string {
	var m struct {
		Result json.RawMessage `json:"result"`
	}
	json.Unmarshal(raw, &m)
	return string(m.Result)
}

// labLimits are generous: the lab's servers are well behaved, and the
// scenarios are about other things than budgets.
var labLimits = catalog.Limits{MaxPages: 60, MaxTools: 60}

// labReplayRun walks the catalog twice on one session and compares the
// pages: within one catalog generation, go-sdk's server gives the same
// pages with the same cursors.
func labReplayRun(ctx context.Context, rec *trace.Recorder, p *Params) error {
	server := labServer(p.Tools, p.PageSize, false, allowAll)
	l, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note(fmt.Sprintf("The server is go-sdk v1.8.0's own, with %d tools added in the order %s and ServerOptions.PageSize %d. The client walks the catalog with the reference walk over ClientSession.ListTools, then walks it again on the same session.", len(p.Tools), strings.Join(p.Tools, ", "), p.PageSize))
	var first []string
	for walk := 1; walk <= 2; walk++ {
		rec.Run = fmt.Sprintf("walk %d", walk)
		if walk == 2 && p.AddBetween != "" {
			server.AddTool(labTool(p.AddBetween), labOK)
			rec.Note(fmt.Sprintf("Between the walks the server registers %s: a new catalog generation.", p.AddBetween))
			if _, err := l.W.Step(ctx, play.Request(play.S2c, "notifications/tools/list_changed"), "go-sdk v1.8.0 behaviour: AddTool on a running server sends notifications/tools/list_changed to its 2025-11-25 sessions (after a short delay that batches changes). The client's catalog is now out of date."); err != nil {
				return err
			}
		}
		var pages []string
		w := startLabWalk(ctx, l.Cs, labLimits)
		rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil; s.Error = "" })
		for n := 1; ; n++ {
			req, err := l.W.AwaitUntil(ctx, play.Request(play.C2s, "tools/list"), w.done)
			if err != nil {
				return err
			}
			if req == nil {
				break
			}
			note := fmt.Sprintf("Walk %d, page %d: no cursor, the first page.", walk, n)
			if c := play.RequestCursor(req); c != nil {
				note = fmt.Sprintf("Walk %d, page %d: the previous page's nextCursor, sent back unchanged.", walk, n)
				rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
			}
			l.W.Deliver(req, note)
			resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
			if err != nil {
				return err
			}
			got := resultOf(resp.Raw)
			pages = append(pages, got)
			note = fmt.Sprintf("%s, in name order.", strings.Join(play.ToolNames(resp), ", "))
			if walk == 2 {
				switch {
				case n > len(first):
					note += fmt.Sprintf(" Walk 1 had only %d pages: this one is new.", len(first))
				case got == first[n-1]:
					note += fmt.Sprintf(" The same result as walk 1's page %d, byte for byte, cursor included.", n)
				default:
					note += fmt.Sprintf(" Not the result of walk 1's page %d: the catalog changed between the walks.", n)
				}
			}
			rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, play.ToolNames(resp)...) })
			l.W.Deliver(resp, note)
		}
		tools, err := play.Wait(ctx, w.result)
		if err != nil {
			return fmt.Errorf("walk %d: %w", walk, err)
		}
		rec.Changed(fmt.Sprintf("Walk %d: Enumerate returned %d tools from %d pages.", walk, len(tools), len(pages)), func(s *trace.State) { s.Catalog = play.Names(tools) })
		if walk == 1 {
			first = pages
			continue
		}
		verdict := fmt.Sprintf("Replay verdict: the two walks read the same %d pages, result for result. go-sdk v1.8.0 behaviour: its server sorts tools by name and its cursor encodes the last name served, so within one generation the walk is a pure function of the catalog. 2026-07-28 says servers should keep a deterministic order.", len(pages))
		if !slices.Equal(first, pages) {
			verdict = "Replay verdict: the walks differ. That is correct here, because the catalog changed between them; a replay test must compare walks within one generation, and a client must not merge two walks' pages."
		}
		rec.Note(verdict)
	}
	return nil
}
