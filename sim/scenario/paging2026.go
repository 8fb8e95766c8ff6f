package scenario

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The paging2026 family walks the paging fixture's catalog with go-sdk
// v1.8.0's default client, which speaks 2026-07-28: every page carries
// ttlMs and cacheScope, and the client keeps each page in its toolsCache,
// keyed by the cursor that fetched it, for ttlMs. The cache reads the wall
// clock (time.Since) to decide whether an entry is still fresh, so the
// scenarios show only what does not depend on it: a second walk well
// within ttlMs (hits), ttl_ms 0 (never cached), and entries dropped by a
// list-changed notification. The 2025-11-25 shapes are the paging family.
//
// ClientSession.Tools follows nextCursor with no guard: on a repeated
// cursor it loops, and once the repeated page is in the cache it loops in
// memory without a frame. The scenario bounds both: it stops the iterator
// after max_tools tools and cuts the link at the max_requests-th
// tools/list, so no preset and no parameter change can hang.
var paging2026Family = &family{
	name:    "paging2026",
	params:  func() validator { return &Paging2026Params{} },
	choices: paging2026Choices(),
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runPaging2026(ctx, rec, v.(*Paging2026Params))
	},
}

// Paging2026Params shape a 2026-07-28 catalog walk.
type Paging2026Params struct {
	// Catalog is what the server serves, with cache_scope and ttl_ms.
	fixture.Catalog
	// Seed makes cursor tokens.
	Seed uint64 `json:"seed"`
	// Walks is how many times the client walks the catalog with
	// ClientSession.Tools on one connection (2 shows the cache).
	Walks int `json:"walks"`
	// MaxTools stops the iterator after this many tools; MaxRequests cuts
	// the link when this many tools/list requests have crossed it.
	MaxTools    int `json:"max_tools"`
	MaxRequests int `json:"max_requests"`
	// Client is sdk-iterator (go-sdk's ClientSession.Tools) or both: first
	// the reference walk of sim/catalog as a scripted 2026-07-28 client,
	// then the iterator.
	Client string `json:"client"`
	// Twist adds a second act: invalid-cursor (the wire rewrites the first
	// nextCursor), cross-connection (a cursor is taken to a new
	// connection to the same server, then to another server process),
	// list-changed (go-sdk's own server adds the changed tools and
	// announces it on subscriptions/listen; the client walks again).
	Twist string `json:"twist,omitempty"`
}

// paging2026 twists.
const (
	twist26CrossConnection = "cross-connection"
)

func paging2026Choices() choices {
	return choices{
		"shape":       {fixture.ShapeNormal, fixture.ShapeRepeat, fixture.ShapeCycle, fixture.ShapeEndless},
		"cache_scope": {"public", "private"},
		"client":      {clientSDKIterator, clientBoth},
		"twist":       {twistNone, twistInvalidCursor, twist26CrossConnection, twist26ListChanged},
	}
}

func (p *Paging2026Params) validate() error {
	if len(p.Pages) == 0 || len(p.Pages) > maxParamPages {
		return fmt.Errorf("pages: want 1 to %d pages, got %d", maxParamPages, len(p.Pages))
	}
	if err := validNames("pages", p.Pages); err != nil {
		return err
	}
	c := paging2026Choices()
	for _, f := range []struct{ name, v string }{{"shape", p.Shape}, {"cache_scope", p.CacheScope}, {"client", p.Client}, {"twist", p.Twist}} {
		if err := c.check(f.name, f.v); err != nil {
			return err
		}
	}
	if p.EmptyCursorAfter < 0 || p.EmptyCursorAfter >= len(p.Pages) && p.EmptyCursorAfter != 0 && p.Shape != fixture.ShapeEndless {
		return fmt.Errorf("empty_cursor_after %d: want 0 (none) or a page before the last (1 to %d)", p.EmptyCursorAfter, len(p.Pages)-1)
	}
	if p.ChangeAfter != 0 {
		return errors.New("change_after: a 2026-07-28 catalog changes through a notification (twist list-changed), not mid-walk")
	}
	if (len(p.Changed) > 0) != (p.Twist == twist26ListChanged) {
		return errors.New("changed: the tools the server adds, with twist list-changed and only with it")
	}
	if err := validNames("changed", p.Changed); err != nil {
		return err
	}
	if p.Twist == twist26ListChanged {
		if p.Shape != fixture.ShapeNormal || p.EmptyCursorAfter != 0 {
			return errors.New("twist list-changed uses the SDK server's own paging: shape normal, empty_cursor_after 0")
		}
		all := slices.Concat(slices.Concat(p.Pages...), slices.Concat(p.Changed...))
		slices.Sort(all)
		if len(slices.Compact(all)) != len(slices.Concat(slices.Concat(p.Pages...), slices.Concat(p.Changed...))) {
			return errors.New("twist list-changed: tool names must be unique (go-sdk's AddTool replaces a tool of the same name)")
		}
	}
	if p.TTLMs < 0 || p.TTLMs > 86_400_000 {
		return fmt.Errorf("ttl_ms %d: want 0 to 86400000", p.TTLMs)
	}
	if p.Shape == fixture.ShapeCycle && len(p.Pages) < 2 {
		return errors.New("shape cycle needs at least 2 pages")
	}
	if p.TTLMs > 0 && (p.Shape == fixture.ShapeRepeat || p.Shape == fixture.ShapeCycle) && p.EmptyCursorAfter == 0 &&
		slices.ContainsFunc(p.Pages[1:], func(pg []string) bool { return len(pg) == 0 }) {
		// The loop would revisit an empty page from the cache: no tool
		// to stop on and no frame to count, so nothing could end it.
		return fmt.Errorf("shape %s with ttl_ms > 0 needs tools on every page after the first: go-sdk would loop over an empty cached page in memory, yielding nothing, forever", p.Shape)
	}
	if p.Client == clientBoth && (p.Twist != twistNone || p.Shape != fixture.ShapeNormal || p.Walks != 1) {
		return errors.New("client both: the reference walk is shown on shape normal, one walk, no twist")
	}
	if p.Walks < 1 || p.Walks > 3 {
		return fmt.Errorf("walks %d: want 1 to 3", p.Walks)
	}
	if p.MaxTools < 1 || p.MaxTools > 10*maxParamTools {
		return fmt.Errorf("max_tools %d: want 1 to %d", p.MaxTools, 10*maxParamTools)
	}
	if p.MaxRequests < 1 || p.MaxRequests > maxListRequests {
		return fmt.Errorf("max_requests %d: want 1 to %d", p.MaxRequests, maxListRequests)
	}
	if (p.Twist == twistInvalidCursor || p.Twist == twist26CrossConnection) && len(p.Pages) < 2 {
		return fmt.Errorf("twist %s needs at least 2 pages (a nextCursor to misuse)", p.Twist)
	}
	if p.Twist != twistNone && p.Twist != twist26ListChanged && p.Walks != 1 {
		return fmt.Errorf("twist %s walks once: set walks to 1", p.Twist)
	}
	return nil
}

func runPaging2026(ctx context.Context, rec *trace.Recorder, p *Paging2026Params) error {
	switch p.Twist {
	case twist26CrossConnection:
		return paging2026CrossConnection(ctx, rec, p)
	case twist26ListChanged:
		return paging2026ListChanged(ctx, rec, p)
	}
	if p.Client == clientBoth {
		if err := reference2026(ctx, rec, p); err != nil {
			return err
		}
		rec.Run = clientSDKIterator
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		rec.Note("Run 2: the same server shape, read with go-sdk v1.8.0's default client and its ClientSession.Tools iterator.")
	}
	l, err := connectServer(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	defer l.close()
	if err := l.discoverClient(ctx, newClient()); err != nil {
		return err
	}
	w := &walker2026{l: l, p: p, forge: p.Twist == twistInvalidCursor}
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
	l        *link
	p        *Paging2026Params
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
	rec, l := w.l.rec, w.l
	rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil; s.Error = "" })
	params := &mcp.ListToolsParams{}
	if cursor != nil {
		params.Cursor = *cursor
	}
	cs := l.cs
	done := make(chan struct{})
	type walked struct {
		names   []string
		stopped bool
	}
	result := goDo(func() (walked, error) {
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
		f, err := l.w.AwaitUntil(ctx, request(c2s, "tools/list"), done)
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
			l.w.Cut(note)
			break
		}
		w.requests++
		note := "ClientSession.Tools asks for the first page. Its _meta names the protocol version, as every 2026-07-28 request does."
		if c := requestCursor(f); c != nil {
			note = fmt.Sprintf("The iterator sends cursor %s, the previous page's nextCursor: the toolsCache has no entry under this key.", quote(*c))
			rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
		}
		l.w.Deliver(f, note)
		f, err = l.w.Await(ctx, response(s2c, "tools/list"))
		if err != nil {
			return err
		}
		rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, toolNames(f)...) })
		if w.forge {
			w.forge = false
			if err := w.forgeNext(f); err != nil {
				return err
			}
			continue
		}
		l.w.Deliver(f, w.pageNote(f))
	}
	got, err := wait(ctx, result)
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
	next := resultField(f, "nextCursor")
	if next == "" {
		return errors.New("invalid-cursor needs a first page with a nextCursor")
	}
	raw := strings.Replace(string(f.Raw), `"nextCursor":`+quote(next), `"nextCursor":`+quote(forgedCursor), 1)
	return w.l.w.Rewrite(f, []byte(raw), "The nextCursor was corrupted in transit: the client now holds a cursor the server never issued. The page is in the toolsCache now, with the corrupted cursor.")
}

// reference2026 runs the reference walk of sim/catalog as a scripted
// 2026-07-28 client: no handshake, _meta on every request, and a cursor
// that may be "" on the wire.
func reference2026(ctx context.Context, rec *trace.Recorder, p *Paging2026Params) error {
	rec.Run = clientReference
	rec.Note("Run 1: a scripted 2026-07-28 client running the reference walk, which treats only an absent nextCursor as the end. It sends no server/discover: 2026-07-28 lets a client skip it.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless; s.Protocol = v20260728 })
	l, err := connectServer(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	c := &pagingClient{rec: rec, l: l, nextID: 1, cat: p.Catalog, received: map[string]int{},
		meta: `{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"scripted-client","version":"0.0.1"}}`}
	defer c.close()
	_, err = c.enumerate(ctx, catalog.Limits{MaxPages: maxListRequests, MaxTools: 10 * maxParamTools})
	if err != nil && ctx.Err() != nil {
		return err
	}
	return nil
}
