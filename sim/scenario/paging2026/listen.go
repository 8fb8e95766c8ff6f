package paging2026

import (
	"context"
	"fmt"
	"slices"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// listChangedPageSize is the SDK server's page size in the list-changed
// scenario: small enough that the walk takes more than one page.
const listChangedPageSize = 2

// paging2026ListChanged runs go-sdk v1.8.0 on both ends. The server is
// the SDK's own (its tools in its registry, its own cursors, pages of
// [listChangedPageSize], ttl_ms set through ServerOptions.SetCacheable);
// the client sets a ToolListChangedHandler, which makes Connect open
// subscriptions/listen. The client walks walks times, the server adds
// the changed tools, and the client walks once more.
func paging2026ListChanged(ctx context.Context, rec *trace.Recorder, p *Params) error {
	ttl := p.TTLMs
	server := mcp.NewServer(&mcp.Implementation{Name: "catalog-server", Version: "1.0.0"}, &mcp.ServerOptions{
		PageSize:     listChangedPageSize,
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.TTLMs = ttl },
	})
	// Registered in the order of pages, which the preset makes unsorted,
	// so that the listing shows the server's order.
	registered := slices.Concat(p.Pages...)
	for _, n := range registered {
		addFixtureTool(server, n)
	}
	changed := make(chan struct{}, 1)
	client := mcp.NewClient(&play.ClientInfo, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	l, err := play.ConnectServer(ctx, rec, server)
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.DiscoverListen(ctx, client); err != nil {
		return err
	}
	rec.Note(fmt.Sprintf("The server registered its tools in the order %v. go-sdk v1.8.0's server lists them sorted by name, whatever that order: the deterministic order 2026-07-28 says servers SHOULD keep, so that cached lists and prompt caches stay valid.", registered))
	w := &walker2026{l: l, p: p}
	for i := range p.Walks {
		if i > 0 {
			rec.Note(fmt.Sprintf("Walk %d, right away: well within ttlMs %d.", i+1, p.TTLMs))
		}
		if err := w.walk(ctx, nil); err != nil {
			return err
		}
		keepActive(rec)
	}
	added := slices.Concat(p.Changed...)
	rec.Note(fmt.Sprintf("Meanwhile, on the server: AddTool(%v). The client's cached pages are now out of date, and still fresh by their ttlMs.", added))
	for _, n := range added {
		addFixtureTool(server, n)
	}
	f, err := l.W.Await(ctx, play.Request(play.S2c, "notifications/tools/list_changed"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "Specification 2026-07-28: the server announces the change on the subscriptions/listen stream, tagged in _meta with the subscription id (the listen request's id). The notification carries no list; the client must fetch it.")
	select {
	case <-changed:
	case <-ctx.Done():
		return fmt.Errorf("waiting for ToolListChangedHandler: %w", context.Cause(ctx))
	}
	rec.Changed("go-sdk v1.8.0 behaviour: before calling ToolListChangedHandler the client clears its whole toolsCache (every cursor's entry). The handler starts a fresh walk from the first page; no cursor from the old list is reused.", func(s *trace.State) {
		s.Catalog = nil
		s.Cursors = nil
	})
	w.received = nil
	if err := w.walk(ctx, nil); err != nil {
		return err
	}
	if st := rec.State(); st.Error != "" {
		rec.Changed(fmt.Sprintf("The fresh walk failed. The application keeps its active catalog %v: the walk's tools are a candidate, swapped in only when a walk succeeds. go-sdk's cache was cleared by the notification, so the application's copy is the only one left.", st.Active), func(*trace.State) {})
		return nil
	}
	keepActive(rec)
	rec.Note("go-sdk v1.8.0's server cursors are base64 gob of the last name served (\"after beta\"), so the token for page 2 is the same before and after the change. A client must not rely on that: a cursor is opaque, and the fresh walk is what the notification asks for.")
	return nil
}

// keepActive makes the walk just finished the application's active
// catalog, if it succeeded.
func keepActive(rec *trace.Recorder) {
	rec.Update(func(s *trace.State) {
		if s.Error == "" {
			s.Active = slices.Clone(s.Catalog)
		}
	})
}

// addFixtureTool adds a tool that does nothing; the scenario only lists it.
func addFixtureTool(s *mcp.Server, name string) {
	s.AddTool(&mcp.Tool{Name: name, Description: "Fixture tool " + name + ".", InputSchema: map[string]any{"type": "object"}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
}
