package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A pagingClient is a scripted client on a link to a catalog server. Its
// requests are raw JSON-RPC, so a cursor of "" travels as "cursor":"".
type pagingClient struct {
	rec      *trace.Recorder
	l        *link
	nextID   int
	requests int
	// forgeNext, when set, makes the wire rewrite the first nextCursor
	// the client receives to [forgedCursor].
	forgeNext bool
}

// forgedCursor is a cursor no catalog server issues: base64 of
// "not-issued-1", so that it looks like a real token on the wire.
const forgedCursor = "bm90LWlzc3VlZC0x"

// startPagingClient connects a catalog server serving cat, with cursor
// tokens from seed, and initializes a scripted client on it.
func startPagingClient(ctx context.Context, rec *trace.Recorder, cat fixture.Catalog, seed uint64) (*pagingClient, error) {
	l, err := connectServer(ctx, rec, fixture.NewCatalogServer(cat, seed), fixture.PreserveCursor)
	if err != nil {
		return nil, err
	}
	c := &pagingClient{rec: rec, l: l, nextID: 1}
	if err := l.initialize(ctx, c.id(), v20251125, "The client initializes (protocol 2025-11-25).", "The server's initialize result."); err != nil {
		l.close()
		return nil, err
	}
	if err := l.initialized(initializedFrame, "Ready: the catalog walk can start."); err != nil {
		l.close()
		return nil, err
	}
	return c, nil
}

func (c *pagingClient) id() int { c.nextID++; return c.nextID - 1 }

func (c *pagingClient) close() { c.l.close() }

// enumerate runs the reference client and records how the walk ended.
func (c *pagingClient) enumerate(ctx context.Context, lim catalog.Limits) ([]*mcp.Tool, error) {
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
		s.Catalog = names(tools)
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
// kept. After [maxListRequests] calls it fails, so that a walk that never
// ends still ends.
func (c *pagingClient) listTools(ctx context.Context, cursor *string) (catalog.Page, error) {
	if c.requests >= maxListRequests {
		return catalog.Page{}, fmt.Errorf("scenario: %d tools/list requests: the walk does not end", c.requests)
	}
	c.requests++
	params, note := `{}`, "No cursor: the first page."
	if cursor != nil {
		b, _ := json.Marshal(*cursor)
		params = `{"cursor":` + string(b) + `}`
		note = fmt.Sprintf("cursor %s: the nextCursor of the previous page, sent back unchanged.", b)
		if *cursor == "" {
			note = `"cursor":"" — the previous page's nextCursor was an empty string, and an empty string is still a cursor.`
		}
		cur := *cursor
		c.rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, cur) })
	}
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":%s}`, c.id(), params)
	if _, err := c.l.w.Inject(c2s, []byte(raw), note); err != nil {
		return catalog.Page{}, err
	}
	f, err := c.l.w.Await(ctx, response(s2c, "tools/list"))
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
		c.l.w.Deliver(f, fmt.Sprintf("A JSON-RPC error, code %d: %s", resp.Error.Code, resp.Error.Message))
		return catalog.Page{}, resp.Error
	}
	if resp.Result == nil {
		c.l.w.Deliver(f, "A response with neither result nor error.")
		return catalog.Page{}, errors.New("response without result")
	}
	page := catalog.Page{Tools: resp.Result.Tools, NextCursor: resp.Result.NextCursor}
	if c.forgeNext && page.NextCursor != nil {
		c.forgeNext = false
		rewritten := strings.Replace(string(f.Raw), `"nextCursor":`+quote(*page.NextCursor), `"nextCursor":`+quote(forgedCursor), 1)
		forged := forgedCursor
		page.NextCursor = &forged
		c.rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, names(page.Tools)...) })
		return page, c.l.w.Rewrite(f, []byte(rewritten), "The nextCursor was corrupted in transit: the client now holds a cursor the server never issued.")
	}
	c.rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, names(page.Tools)...) })
	c.l.w.Deliver(f, pageNote(page))
	return page, nil
}

func pageNote(p catalog.Page) string {
	n := fmt.Sprintf("%d tools", len(p.Tools))
	if len(p.Tools) == 1 {
		n = "1 tool"
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

// quote returns s as a JSON string, as it appears on the wire.
func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// names returns the names of tools, in order.
func names(tools []*mcp.Tool) []string {
	out := []string{}
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}
