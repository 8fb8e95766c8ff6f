package paging2026

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pageNote describes a 2026-07-28 tools/list page as the go-sdk client
// will treat it, and remembers its nextCursor.
func (w *walker2026) pageNote(f *wire.Frame) string {
	var m struct {
		Result struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor *string           `json:"nextCursor"`
			TTLMs      *int              `json:"ttlMs"`
			CacheScope string            `json:"cacheScope"`
		} `json:"result"`
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(f.Raw, &m)
	if m.Error != nil {
		return fmt.Sprintf("A JSON-RPC error, code %d: %s", m.Error.Code, m.Error.Message)
	}
	r := m.Result
	n := fmt.Sprintf("%d tools", len(r.Tools))
	switch len(r.Tools) {
	case 0:
		n = "No tools on this page"
	case 1:
		n = "1 tool"
	}
	cache := " ttlMs and cacheScope are missing: a 2026-07-28 server must send both on every list page."
	switch {
	case r.TTLMs != nil && w.explained:
		cache = fmt.Sprintf(" ttlMs %d, cacheScope %q, cached under its cursor.", *r.TTLMs, r.CacheScope)
		if *r.TTLMs == 0 {
			cache = fmt.Sprintf(" ttlMs 0, cacheScope %q: not cached.", r.CacheScope)
		}
	case r.TTLMs != nil:
		w.explained = true
		cache = fmt.Sprintf(" ttlMs %d, cacheScope %q: 2026-07-28 requires both on every list page; \"public\" lets a shared cache keep the page too, \"private\" lets a cache reuse it only within the same authorization context (a different access token needs a different cache).", *r.TTLMs, r.CacheScope)
		if *r.TTLMs > 0 {
			cache += " go-sdk v1.8.0 keeps the page in its toolsCache under the cursor that fetched it (\"\" for the first page) for that long."
		} else {
			cache += " 0 means stale at once: go-sdk v1.8.0 caches nothing."
		}
	}
	var next string
	switch {
	case r.NextCursor == nil:
		next = ", and no nextCursor: the last page."
	case *r.NextCursor == "":
		next = `, and "nextCursor":"". Specification 2026-07-28: an empty string is a valid cursor and MUST NOT end the walk. go-sdk v1.8.0 behaviour: the iterator stops here, since ListToolsResult.NextCursor is a string and "" reads as absent. (Were it to follow "", its toolsCache would answer with the first page, which it keys under "" too.)`
	case slices.Contains(w.received, *r.NextCursor):
		next = fmt.Sprintf(", and nextCursor %s again, a cursor this connection has received before. The iterator follows it without a check.", paging.Quote(*r.NextCursor))
		if r.TTLMs != nil && *r.TTLMs > 0 {
			next += " The page it leads to is in the toolsCache under that cursor, so from now on the loop runs in memory: no further frame."
		}
	case len(r.Tools) == 0:
		next = ", but a nextCursor: an empty page is not the end."
	default:
		next = ", and a nextCursor: there is more."
	}
	if r.NextCursor != nil {
		w.received = append(w.received, *r.NextCursor)
	}
	return n + next + cache
}

// paging2026CrossConnection takes a cursor from one connection to another.
// In 2026-07-28 a list result must not vary per connection, so a cursor is
// a position in the server's list, not in a session: a new connection to
// the same server may use it. Another server process may still not know
// it.
func paging2026CrossConnection(ctx context.Context, rec *trace.Recorder, p *Params) error {
	server := fixture.NewCatalogServer(p.Catalog, p.Seed)
	rec.Run = "connection 1"
	l, err := play.ConnectServer(ctx, rec, server, fixture.PreserveCursor)
	if err != nil {
		return err
	}
	if err := l.DiscoverClient(ctx, play.NewClient()); err != nil {
		l.Close()
		return err
	}
	cursor, err := listFirstPage(ctx, l)
	l.Close()
	if err != nil {
		return err
	}
	rec.Changed("The client closes connection 1 while the walk is unfinished, holding the page's nextCursor. It opens a new connection to the same server.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})

	rec.Run = "connection 2"
	l, err = play.ConnectServer(ctx, rec, server, fixture.PreserveCursor)
	if err != nil {
		return err
	}
	if err := l.DiscoverClient(ctx, play.NewClient()); err != nil {
		l.Close()
		return err
	}
	rec.Note("Specification 2026-07-28 (tools): the list MUST NOT vary per connection, and there is no session for a cursor to belong to. The new connection passes the old cursor as ClientSession.Tools' starting cursor.")
	err = (&walker2026{l: l, p: p}).walk(ctx, &cursor)
	l.Close()
	if err != nil {
		return err
	}
	if rec.State().Error != "" {
		return errors.New("the same server refused its own cursor on a new connection")
	}

	rec.Run = "server B"
	rec.Update(func(s *trace.State) { *s = trace.State{} })
	rec.Note("Now the same cursor goes to another server process, B, with its own cursor tokens. Cursors stay opaque and belong to the server that issued them; what 2026-07-28 removed is the session, not that.")
	l, err = play.ConnectServer(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed+1), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.DiscoverClient(ctx, play.NewClient()); err != nil {
		return err
	}
	return (&walker2026{l: l, p: p}).walk(ctx, &cursor)
}

// listFirstPage asks l's client for the first page with one ListTools call
// and returns the page's nextCursor.
func listFirstPage(ctx context.Context, l *play.Link) (string, error) {
	cs := l.Cs
	listed := play.GoDo(func() (*mcp.ListToolsResult, error) { return cs.ListTools(ctx, nil) })
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/list"), "ListTools: the first page."); err != nil {
		return "", err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return "", err
	}
	l.Rec.Update(func(s *trace.State) { s.Catalog = play.ToolNames(f) })
	l.W.Deliver(f, "The first page and its nextCursor.")
	res, err := play.Wait(ctx, listed)
	if err != nil {
		return "", err
	}
	if res.NextCursor == "" {
		return "", errors.New("cross-connection needs a first page with a nextCursor")
	}
	return res.NextCursor, nil
}
