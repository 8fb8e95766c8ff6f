package paging

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The twists that need a second server: cross-session and refresh-failed.
// The others (invalid-cursor, restart) change one walk and live in
// [runPaging].

// pagingCrossSession sends a cursor from server A to server B.
func pagingCrossSession(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Run = "server A"
	a, err := startPagingClient(ctx, rec, p.Catalog, p.Seed)
	if err != nil {
		return err
	}
	page, err := a.listTools(ctx, nil)
	a.Close()
	if err != nil {
		return err
	}
	if page.NextCursor == nil {
		return errors.New("cross-session needs a catalog with more than one page")
	}
	rec.Changed("The connection to server A drops. The client reconnects, and this time reaches another server process: B.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})
	rec.Run = "server B"
	b, err := startPagingClient(ctx, rec, p.Catalog, p.Seed+1)
	if err != nil {
		return err
	}
	defer b.Close()
	_, err = b.listTools(ctx, page.NextCursor)
	var werr *jsonrpc.Error
	if !errors.As(err, &werr) {
		return fmt.Errorf("server B accepted server A's cursor: %v", err)
	}
	rec.Changed("Cursors are opaque and belong to the server that issued them. A new session starts the walk again without a cursor.", func(s *trace.State) {
		s.Error = err.Error()
		s.Catalog = nil
	})
	return nil
}

// pagingRefreshFailed walks a good catalog, then a refresh that fails. The
// first session stays open as the active one while the refresh reads a
// candidate catalog on a second session; the state keeps them apart:
// Client and Catalog are the candidate's, ActiveClient and Active the
// active session's.
func pagingRefreshFailed(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Run = "active session"
	first, err := startPagingClient(ctx, rec, p.Catalog, p.Seed)
	if err != nil {
		return err
	}
	defer first.Close()
	tools, err := first.Enumerate(ctx, p.limits())
	if err != nil {
		return err
	}
	rec.Changed("The walk succeeded: this catalog becomes the active one the application uses, and its session stays open for tool calls.", func(s *trace.State) {
		s.Active = play.Names(tools)
		s.ActiveClient = s.Client
		s.Client = ""
		s.Catalog = nil
		s.Cursors = nil
	})
	rec.Run = "candidate session"
	rec.Note("Later the client refreshes the catalog on a second, candidate session. The active session and its catalog stay in use until a candidate is complete.")
	candidate := fixture.Catalog{Pages: p.Changed, Shape: fixture.ShapeNormal}
	second, err := startPagingClient(ctx, rec, candidate, p.Seed+1)
	if err != nil {
		return err
	}
	_, err = second.Enumerate(ctx, p.limits())
	second.Close()
	if err == nil {
		return errors.New("the refresh was meant to fail")
	}
	rec.Changed("The candidate is discarded and the candidate session closed. The active session is still READY and its catalog untouched: a failed refresh must not leave the client with half a catalog or none.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})
	return nil
}
