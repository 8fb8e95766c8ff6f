package paging

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Client is a scripted client on a link to a catalog server. Its
// requests are raw JSON-RPC, so a cursor of "" travels as "cursor":"".
type Client struct {
	rec      *trace.Recorder
	l        *play.Link
	nextID   int
	requests int
	// forgeNext, when set, makes the wire rewrite the first nextCursor
	// the client receives to [ForgedCursor].
	forgeNext bool
	// received maps each nextCursor received in the current walk to the
	// 1-based page that carried it, so that a page's note can say when its
	// nextCursor is a repeat; pages counts the pages of the current walk.
	received map[string]int
	pages    int
	// cat is what the server serves; served counts the pages it has served
	// on this connection, so that the trace can show the moment a catalog
	// with ChangeAfter changes (once).
	cat    fixture.Catalog
	served int
	// meta, when set, is the raw JSON of the _meta object a 2026-07-28
	// client puts in every request; a 2025-11-25 client sends none.
	meta string
}

// ForgedCursor is a cursor no catalog server issues: base64 of
// "not-issued-1", so that it looks like a real token on the wire.
const ForgedCursor = "bm90LWlzc3VlZC0x"

// NewClient is a scripted client on l, not yet initialized, walking a
// server that serves cat. meta, if not empty, is the raw _meta object a
// 2026-07-28 client puts in every request.
func NewClient(rec *trace.Recorder, l *play.Link, cat fixture.Catalog, meta string) *Client {
	return &Client{rec: rec, l: l, nextID: 1, cat: cat, received: map[string]int{}, meta: meta}
}

// startPagingClient connects a catalog server serving cat, with cursor
// tokens from seed, and initializes a scripted client on it.
func startPagingClient(ctx context.Context, rec *trace.Recorder, cat fixture.Catalog, seed uint64) (*Client, error) {
	l, err := play.ConnectServer(ctx, rec, fixture.NewCatalogServer(cat, seed), fixture.PreserveCursor)
	if err != nil {
		return nil, err
	}
	c := NewClient(rec, l, cat, "")
	if err := l.Initialize(ctx, c.id(), play.V20251125, "The client initializes (protocol 2025-11-25).", "The server's initialize result."); err != nil {
		l.Close()
		return nil, err
	}
	if err := l.Initialized(play.InitializedFrame, "Ready: the catalog walk can start."); err != nil {
		l.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) id() int { c.nextID++; return c.nextID - 1 }

func (c *Client) Close() { c.l.Close() }

// Enumerate runs the reference client and records how the walk ended.
func (c *Client) Enumerate(ctx context.Context, lim catalog.Limits) ([]*mcp.Tool, error) {
	c.rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil })
	tools, sizes, err := catalog.Enumerate(ctx, catalog.ListerFunc(c.listTools), lim)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		c.rec.Changed(endNote(err), func(s *trace.State) {
			s.Catalog = nil
			s.Error = err.Error()
		})
		return nil, err
	}
	c.rec.Changed(fmt.Sprintf("Enumerate returned %d tools from %d pages (sizes %v). nextCursor was absent: the catalog is complete.", len(tools), len(sizes), sizes), func(s *trace.State) {
		s.Catalog = play.Names(tools)
	})
	return tools, nil
}

func endNote(err error) string {
	var werr *jsonrpc.Error
	switch {
	case errors.Is(err, catalog.ErrInvalidLimits):
		return "ErrInvalidLimits: the limits are checked before the first request, so nothing was sent."
	case errors.Is(err, catalog.ErrCursorRepeated):
		return "ErrCursorRepeated: this cursor was seen earlier in the walk. Following it would loop forever. The partial catalog is discarded."
	case errors.Is(err, catalog.ErrDuplicateName):
		return "ErrDuplicateName: two tools with one name cannot both be called. The partial catalog is discarded."
	case errors.Is(err, catalog.ErrPageLimit):
		return "ErrPageLimit: the page budget ran out before nextCursor was absent. The partial catalog is discarded."
	case errors.Is(err, catalog.ErrToolLimit):
		return "ErrToolLimit: more tools than the client allows. The partial catalog is discarded."
	case errors.As(err, &werr):
		return fmt.Sprintf("The server's error %d reaches the caller unchanged (errors.As finds it). The partial catalog is discarded.", werr.Code)
	default:
		return "The walk failed: " + err.Error()
	}
}

// listTools is the scripted client's [catalog.Lister]: one raw tools/list
// request, its response delivered and decoded with the cursor's presence
// kept. After [MaxListRequests] calls it fails, so that a walk that never
// ends still ends.
func (c *Client) listTools(ctx context.Context, cursor *string) (catalog.Page, error) {
	if c.requests >= MaxListRequests {
		return catalog.Page{}, fmt.Errorf("scenario: %d tools/list requests: the walk does not end", c.requests)
	}
	c.requests++
	params, note := `{}`, "No cursor: the first page."
	if c.meta != "" {
		params = `{"_meta":` + c.meta + `}`
		note += " _meta carries the protocol version and capabilities, as on every 2026-07-28 request."
	}
	if cursor == nil {
		// No cursor starts a walk: cursors and tools of an earlier walk
		// say nothing about this one.
		c.received, c.pages = map[string]int{}, 0
		c.rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil })
	} else {
		b, _ := json.Marshal(*cursor)
		params = `{"cursor":` + string(b) + `}`
		if c.meta != "" {
			params = `{"_meta":` + c.meta + `,"cursor":` + string(b) + `}`
		}
		note = fmt.Sprintf("cursor %s: the nextCursor of the previous page, sent back unchanged.", b)
		if *cursor == "" {
			note = `"cursor":"" — the previous page's nextCursor was an empty string, and an empty string is still a cursor.`
		}
		cur := *cursor
		c.rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, cur) })
	}
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":%s}`, c.id(), params)
	if _, err := c.l.W.Inject(play.C2s, []byte(raw), note); err != nil {
		return catalog.Page{}, err
	}
	f, err := c.l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return catalog.Page{}, err
	}
	var resp struct {
		Result *struct {
			Tools      []*mcp.Tool `json:"tools"`
			NextCursor *string     `json:"nextCursor"`
		} `json:"result"`
		Error *jsonrpc.Error `json:"error"`
	}
	if err := json.Unmarshal(f.Raw, &resp); err != nil {
		return catalog.Page{}, err
	}
	if resp.Error != nil {
		c.l.W.Deliver(f, fmt.Sprintf("A JSON-RPC error, code %d: %s", resp.Error.Code, resp.Error.Message))
		return catalog.Page{}, resp.Error
	}
	if resp.Result == nil {
		c.l.W.Deliver(f, "A response with neither result nor error.")
		return catalog.Page{}, errors.New("response without result")
	}
	page := catalog.Page{Tools: resp.Result.Tools, NextCursor: resp.Result.NextCursor}
	if c.forgeNext && page.NextCursor != nil {
		c.forgeNext = false
		rewritten := strings.Replace(string(f.Raw), `"nextCursor":`+Quote(*page.NextCursor), `"nextCursor":`+Quote(ForgedCursor), 1)
		forged := ForgedCursor
		page.NextCursor = &forged
		c.collect(page)
		return page, c.l.W.Rewrite(f, []byte(rewritten), "The nextCursor was corrupted in transit: the client now holds a cursor the server never issued.")
	}
	note = c.pageNote(page, cursor)
	c.collect(page)
	c.l.W.Deliver(f, note)
	c.noteChange()
	return page, nil
}

// collect adds a page's tools to the catalog in the state panel as the
// reference walk keeps them: in order, up to the first name already
// collected, where the walk stops with ErrDuplicateName. It also records
// the page's nextCursor as received.
func (c *Client) collect(page catalog.Page) {
	c.pages++
	c.served++
	if page.NextCursor != nil {
		if _, seen := c.received[*page.NextCursor]; !seen {
			c.received[*page.NextCursor] = c.pages
		}
	}
	c.rec.Update(func(s *trace.State) {
		for _, n := range play.Names(page.Tools) {
			if slices.Contains(s.Catalog, n) {
				return
			}
			s.Catalog = append(s.Catalog, n)
		}
	})
}

// noteChange records the moment the server's catalog changes, right after
// the page it changes after. The fixture changes its catalog when it serves
// page ChangeAfter of its first catalog; with shape normal that is the
// ChangeAfter-th page served, which is the only shape the twist is shown on.
func (c *Client) noteChange() {
	if c.cat.ChangeAfter == 0 || c.served != c.cat.ChangeAfter || c.cat.Shape != fixture.ShapeNormal && c.cat.Shape != "" {
		return
	}
	c.rec.Changed(fmt.Sprintf("Meanwhile, on the server: its tool catalog changes to %s. The cursors it issued for the old catalog now name positions in a list that no longer exists. Nothing on the wire tells the client.", pagesString(c.cat.Changed)), func(*trace.State) {})
}

// pagesString writes pages as the lessons do: alpha | beta | gamma, delta.
func pagesString(pages [][]string) string {
	parts := make([]string, len(pages))
	for i, pg := range pages {
		parts[i] = strings.Join(pg, ", ")
		if len(pg) == 0 {
			parts[i] = "(empty)"
		}
	}
	return strings.Join(parts, " | ")
}

// pageNote describes page, which answered a request sent with cursor.
func (c *Client) pageNote(p catalog.Page, cursor *string) string {
	n := fmt.Sprintf("%d tools", len(p.Tools))
	switch len(p.Tools) {
	case 0:
		n = "No tools on this page"
	case 1:
		n = "1 tool"
	}
	collected := c.rec.State().Catalog
	for _, t := range p.Tools {
		if slices.Contains(collected, t.Name) {
			return fmt.Sprintf("%s, and %s is already in the catalog from an earlier page: two tools with one name.", n, Quote(t.Name))
		}
	}
	if p.NextCursor != nil {
		if from, seen := c.received[*p.NextCursor]; seen {
			how := fmt.Sprintf("the one page %d carried", from)
			if cursor != nil && *cursor == *p.NextCursor {
				how = "the cursor the client just sent to get this very page"
			}
			return fmt.Sprintf("%s, and nextCursor %s: %s. The walk has received this cursor before, so following it would fetch pages it has already read, forever.", n, Quote(*p.NextCursor), how)
		}
	}
	switch {
	case p.NextCursor == nil:
		return n + ", and no nextCursor field: this is the last page."
	case *p.NextCursor == "":
		return n + `, and "nextCursor":"" — present, so there is more. An empty string is a cursor, not the end.`
	case len(p.Tools) == 0:
		return `No tools on this page, but a nextCursor: an empty page is not the end.`
	default:
		return n + ", and a nextCursor: there is more."
	}
}

// Quote returns s as a JSON string, as it appears on the wire.
func Quote(s string) string { b, _ := json.Marshal(s); return string(b) }
