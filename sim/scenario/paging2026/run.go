package paging2026

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func runPaging2026(ctx context.Context, rec *trace.Recorder, p *Params) error {
	switch p.Twist {
	case twist26CrossConnection:
		return paging2026CrossConnection(ctx, rec, p)
	case twist26ListChanged:
		return paging2026ListChanged(ctx, rec, p)
	}
	if p.Client == paging.ClientBoth {
		if err := reference2026(ctx, rec, p); err != nil {
			return err
		}
		rec.Run = paging.ClientSDKIterator
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		rec.Note("Run 2: the same server shape, read with go-sdk v1.8.0's default client and its ClientSession.Tools iterator.")
	}
	l, err := play.ConnectServer(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.DiscoverClient(ctx, play.NewClient()); err != nil {
		return err
	}
	w := &walker2026{l: l, p: p, forge: p.Twist == paging.TwistInvalidCursor}
	for i := range p.Walks {
		if i > 0 {
			rec.Note(fmt.Sprintf("Walk %d, on the same connection, right away: well within ttlMs %d.", i+1, p.TTLMs))
		}
		if err := w.walk(ctx, nil); err != nil {
			return err
		}
	}
	return nil
}

// A walker2026 runs ClientSession.Tools on a link and steps its frames.
type walker2026 struct {
	l        *play.Link
	p        *Params
	forge    bool // rewrite the first nextCursor to one never issued
	requests int  // tools/list requests that crossed the wire
	// received is every nextCursor received on this connection, so that a
	// page's note can say when its nextCursor is one the cache holds.
	received []string
	// explained is set once a page's note has said what ttlMs and
	// cacheScope mean, so that later pages say it briefly.
	explained bool
}

// walk runs one ClientSession.Tools walk from cursor (nil: the first page)
// and records how it ended.
func (w *walker2026) walk(ctx context.Context, cursor *string) error {
	rec, l := w.l.Rec, w.l
	rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil; s.Error = "" })
	params := &mcp.ListToolsParams{}
	if cursor != nil {
		params.Cursor = *cursor
	}
	cs := l.Cs
	done := make(chan struct{})
	type walked struct {
		names   []string
		stopped bool
	}
	result := play.GoDo(func() (walked, error) {
		defer close(done)
		var got walked
		for t, err := range cs.Tools(ctx, params) {
			if err != nil {
				return got, err
			}
			got.names = append(got.names, t.Name)
			if len(got.names) >= w.p.MaxTools {
				got.stopped = true
				break
			}
		}
		return got, nil
	})
	before := w.requests
	for {
		f, err := l.W.AwaitUntil(ctx, play.Request(play.C2s, "tools/list"), done)
		if err != nil {
			return err
		}
		if f == nil {
			break
		}
		if w.requests >= w.p.MaxRequests {
			note := fmt.Sprintf("The scenario's bound: %d tools/list requests have crossed, and the iterator still has a cursor to follow. The scenario cuts the link; ClientSession.Tools has no bound of its own.", w.requests)
			if w.p.Twist == twist26ListChanged {
				note = fmt.Sprintf("The link breaks in the middle of the walk (the scenario cuts it at its max_requests, %d).", w.p.MaxRequests)
			}
			l.W.Cut(note)
			break
		}
		w.requests++
		note := "ClientSession.Tools asks for the first page. Its _meta names the protocol version, as every 2026-07-28 request does."
		if c := play.RequestCursor(f); c != nil {
			note = fmt.Sprintf("The iterator sends cursor %s, the previous page's nextCursor: the toolsCache has no entry under this key.", paging.Quote(*c))
			rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
		}
		l.W.Deliver(f, note)
		f, err = l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
		if err != nil {
			return err
		}
		rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, play.ToolNames(f)...) })
		if w.forge {
			w.forge = false
			if err := w.forgeNext(f); err != nil {
				return err
			}
			continue
		}
		l.W.Deliver(f, w.pageNote(f))
	}
	got, err := play.Wait(ctx, result)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	fromWire := w.requests - before
	switch {
	case err != nil:
		rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator yielded %d tool(s), then the error: %v", len(got.names), err), func(s *trace.State) {
			s.Catalog = got.names
			s.Error = err.Error()
		})
	case got.stopped:
		rec.Changed(fmt.Sprintf("The scenario's bound: the iterator yielded %d tools (%v) from %d page request(s) on the wire; the rest came from the toolsCache, the same cached page again and again. The scenario stops the iterator (break); on its own it would never stop.", len(got.names), got.names, fromWire), func(s *trace.State) {
			s.Catalog = got.names
			s.Error = "stopped after max_tools"
		})
	case fromWire == 0:
		rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator finished with %d tool(s) and not one frame crossed the wire. Every page came from the toolsCache, keyed by the cursor that fetched it (the first page under \"\"), still fresh by its ttlMs.", len(got.names)), func(s *trace.State) {
			s.Catalog = got.names
		})
	default:
		rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator finished with %d tool(s) from %d page request(s): %v.", len(got.names), fromWire, got.names), func(s *trace.State) {
			s.Catalog = got.names
		})
	}
	return nil
}

// forgeNext delivers page f with its nextCursor rewritten to one the server
// never issued.
func (w *walker2026) forgeNext(f *wire.Frame) error {
	next := play.ResultField(f, "nextCursor")
	if next == "" {
		return errors.New("invalid-cursor needs a first page with a nextCursor")
	}
	raw := strings.Replace(string(f.Raw), `"nextCursor":`+paging.Quote(next), `"nextCursor":`+paging.Quote(paging.ForgedCursor), 1)
	return w.l.W.Rewrite(f, []byte(raw), "The nextCursor was corrupted in transit: the client now holds a cursor the server never issued. The page is in the toolsCache now, with the corrupted cursor.")
}

// reference2026 runs the reference walk of sim/catalog as a scripted
// 2026-07-28 client: no handshake, _meta on every request, and a cursor
// that may be "" on the wire.
func reference2026(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Run = paging.ClientReference
	rec.Note("Run 1: a scripted 2026-07-28 client running the reference walk, which treats only an absent nextCursor as the end. It sends no server/discover: 2026-07-28 lets a client skip it.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless; s.Protocol = play.V20260728 })
	l, err := play.ConnectServer(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	c := paging.NewClient(rec, l, p.Catalog, `{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"scripted-client","version":"0.0.1"}}`)
	defer c.Close()
	_, err = c.Enumerate(ctx, catalog.Limits{MaxPages: paging.MaxListRequests, MaxTools: 10 * paging.MaxParamTools})
	if err != nil && ctx.Err() != nil {
		return err
	}
	return nil
}
