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
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// PagingParams shape a tools/list walk.
type PagingParams struct {
	// Pages are the tool names on each page the server serves.
	Pages [][]string `json:"pages"`
	// EmptyCursorAfter is the 1-based page whose nextCursor is "" (0: none).
	EmptyCursorAfter int `json:"empty_cursor_after"`
	// Shape is normal, repeat, cycle or endless (see fixture.Shape*).
	Shape string `json:"shape"`
	// ChangeAfter is the 1-based page after which the catalog changes to
	// Changed, invalidating earlier cursors (0: never).
	ChangeAfter int        `json:"change_after"`
	Changed     [][]string `json:"changed,omitempty"`
	// MaxPages and MaxTools are the reference client's limits.
	MaxPages int `json:"max_pages"`
	MaxTools int `json:"max_tools"`
	// Seed makes cursor tokens; two servers with different seeds issue
	// different tokens, as two server processes would.
	Seed uint64 `json:"seed"`
	// Client is reference (the guarded walk of sim/catalog), sdk-iterator
	// (go-sdk's ClientSession.Tools), or both, one after the other.
	Client string `json:"client"`
	// Twist adds a second act: invalid-cursor (the wire rewrites the first
	// nextCursor to one never issued), cross-session (the cursor is sent to
	// another server process), restart (after a failed walk the client
	// starts a fresh one explicitly), refresh-failed (a refresh that fails
	// keeps the active catalog).
	Twist string `json:"twist,omitempty"`
}

// Bounds on paging parameters, so that any run the playground asks for
// stays small and finite.
const (
	maxParamPages   = 20
	maxParamTools   = 200
	maxListRequests = 100
)

func (p *PagingParams) validate() error {
	if len(p.Pages) == 0 || len(p.Pages) > maxParamPages {
		return fmt.Errorf("pages: want 1 to %d pages, got %d", maxParamPages, len(p.Pages))
	}
	if err := validNames("pages", p.Pages); err != nil {
		return err
	}
	if err := validNames("changed", p.Changed); err != nil {
		return err
	}
	if p.EmptyCursorAfter < 0 || p.EmptyCursorAfter >= len(p.Pages) && p.EmptyCursorAfter != 0 && p.Shape != fixture.ShapeEndless {
		return fmt.Errorf("empty_cursor_after %d: want 0 (none) or a page before the last (1 to %d)", p.EmptyCursorAfter, len(p.Pages)-1)
	}
	switch p.Shape {
	case fixture.ShapeNormal, fixture.ShapeRepeat, fixture.ShapeCycle, fixture.ShapeEndless:
	default:
		return fmt.Errorf("shape %q: want normal, repeat, cycle or endless", p.Shape)
	}
	if (p.Twist == "invalid-cursor" || p.Twist == "cross-session") && len(p.Pages) < 2 {
		return fmt.Errorf("twist %s needs at least 2 pages (a nextCursor to misuse)", p.Twist)
	}
	if p.Shape == fixture.ShapeCycle && len(p.Pages) < 2 {
		return errors.New("shape cycle needs at least 2 pages")
	}
	if p.ChangeAfter < 0 || p.ChangeAfter > len(p.Pages) {
		return fmt.Errorf("change_after %d: want 0 to %d", p.ChangeAfter, len(p.Pages))
	}
	if p.ChangeAfter > 0 && len(p.Changed) == 0 {
		return errors.New("change_after needs changed pages")
	}
	if p.MaxPages < 0 || p.MaxPages > maxListRequests {
		return fmt.Errorf("max_pages %d: want 0 to %d (below 1 shows ErrInvalidLimits)", p.MaxPages, maxListRequests)
	}
	if p.MaxTools < -1 || p.MaxTools > 10*maxParamTools {
		return fmt.Errorf("max_tools %d: want -1 to %d (below 0 shows ErrInvalidLimits)", p.MaxTools, 10*maxParamTools)
	}
	switch p.Client {
	case "reference", "sdk-iterator", "both":
	default:
		return fmt.Errorf("client %q: want reference, sdk-iterator or both", p.Client)
	}
	if p.Client != "reference" && p.Shape != fixture.ShapeNormal {
		// ClientSession.Tools never stops on a repeated cursor; the
		// scenario would have nothing to show but a hang.
		return fmt.Errorf("client %s: the go-sdk iterator can only be shown on shape normal (it loops forever on a repeated cursor)", p.Client)
	}
	switch p.Twist {
	case "", "invalid-cursor", "cross-session", "restart", "refresh-failed":
	default:
		return fmt.Errorf("twist %q: want none, invalid-cursor, cross-session, restart or refresh-failed", p.Twist)
	}
	if p.Twist == "refresh-failed" && len(p.Changed) == 0 {
		return errors.New("twist refresh-failed needs changed pages (the refreshed catalog)")
	}
	if p.Twist != "" && p.Client != "reference" {
		return fmt.Errorf("twist %s needs client reference", p.Twist)
	}
	return nil
}

func validNames(field string, pages [][]string) error {
	total := 0
	for i, pg := range pages {
		for _, n := range pg {
			if n == "" || len(n) > 64 {
				return fmt.Errorf("%s: page %d: tool names must be 1 to 64 characters", field, i+1)
			}
		}
		total += len(pg)
	}
	if total > maxParamTools {
		return fmt.Errorf("%s: at most %d tools, got %d", field, maxParamTools, total)
	}
	return nil
}

func (p *PagingParams) limits() catalog.Limits {
	return catalog.Limits{MaxPages: p.MaxPages, MaxTools: p.MaxTools}
}

func (p *PagingParams) newCatalog(seed uint64) *fixture.Catalog {
	return &fixture.Catalog{Pages: p.Pages, EmptyAfter: p.EmptyCursorAfter, Shape: p.Shape, Seed: seed, ChangeAfter: p.ChangeAfter, Changed: p.Changed}
}

var pagingFamily = &family{
	name:   "paging",
	params: func() validator { return &PagingParams{} },
	choices: map[string][]string{
		"shape":  {fixture.ShapeNormal, fixture.ShapeRepeat, fixture.ShapeCycle, fixture.ShapeEndless},
		"client": {"reference", "sdk-iterator", "both"},
		"twist":  {"", "invalid-cursor", "cross-session", "restart", "refresh-failed"},
	},
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		p := v.(*PagingParams)
		return runPaging(ctx, rec, p)
	},
}

// threePages is the course's running example: alpha | (empty) | beta, gamma.
func threePages() [][]string { return [][]string{{"alpha"}, {}, {"beta", "gamma"}} }

func pagingPresets() []preset {
	base := func(mod func(*PagingParams)) *PagingParams {
		p := &PagingParams{Pages: threePages(), Shape: fixture.ShapeNormal, MaxPages: 10, MaxTools: 100, Seed: 1, Client: "reference"}
		mod(p)
		return p
	}
	info := func(id, lesson, title, summary string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: lesson, Era: v20251125}
	}
	return []preset{
		{info: info("paging-normal", "catalog", "Three pages, one of them empty",
			"alpha, then an empty page, then beta and gamma: the client follows nextCursor until it is absent."),
			family: pagingFamily, params: base(func(*PagingParams) {})},
		{info: info("paging-single", "catalog", "Everything on one page",
			"One page with every tool and no nextCursor: the walk ends after one request."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Pages = [][]string{{"alpha", "beta", "gamma"}} })},
		{info: info("paging-empty", "catalog", "No tools at all",
			"An empty tools array and no nextCursor: an empty catalog is a complete answer."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Pages = [][]string{{}} })},
		{info: info("paging-empty-token", "catalog", `The empty-string cursor`,
			`After alpha the server's nextCursor is "". A correct client sends "cursor":"" and gets every tool; go-sdk's ClientSession.Tools stops after alpha.`),
			family: pagingFamily, params: base(func(p *PagingParams) { p.EmptyCursorAfter = 1; p.Client = "both" })},
		{info: info("paging-repeat", "paging", "A repeated cursor",
			"From page 2 on the server hands back the cursor it was given; the reference client stops with ErrCursorRepeated."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Shape = fixture.ShapeRepeat })},
		{info: info("paging-cycle", "paging", "A cursor cycle A, B, A",
			"The last page points back to the first cursor. Only a client that remembers every cursor notices."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Shape = fixture.ShapeCycle })},
		{info: info("paging-endless", "paging", "Endless fresh cursors",
			"Every page is empty and every nextCursor is new: only the page budget ends the walk."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Pages = [][]string{{}}; p.Shape = fixture.ShapeEndless; p.MaxPages = 5 })},
		{info: info("paging-tool-limit", "paging", "Over the tool budget",
			"The client allows 2 tools and the server has 3: ErrToolLimit, and no partial catalog."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.MaxTools = 2 })},
		{info: info("paging-duplicate", "paging", "A duplicate name across pages",
			"alpha appears again on the last page: ErrDuplicateName, and no partial catalog."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Pages = [][]string{{"alpha"}, {}, {"beta", "alpha"}} })},
		{info: info("paging-generation-change", "paging", "The catalog changes mid-walk",
			"After page 1 the server's catalog changes; the old cursor gets -32602. The client does not guess a position: it starts a fresh walk."),
			family: pagingFamily, params: base(func(p *PagingParams) {
				p.ChangeAfter = 1
				p.Changed = [][]string{{"alpha"}, {"beta"}, {"gamma", "delta"}}
				p.Twist = "restart"
			})},
		{info: info("paging-invalid-cursor", "paging", "A cursor the server never issued",
			"The first nextCursor is corrupted on the wire; the server answers -32602 and the client passes the error on with its code."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Twist = "invalid-cursor" })},
		{info: info("paging-cross-session-cursor", "paging", "A cursor from another server process",
			"A cursor from server A is sent to server B after a reconnect; B never issued it and answers -32602."),
			family: pagingFamily, params: base(func(p *PagingParams) { p.Twist = "cross-session" })},
		{info: info("catalog-refresh-failed", "paging", "A failed refresh keeps the old catalog",
			"A refresh walks a new session whose catalog has a duplicate name. The candidate is discarded, its session closed, and the active catalog is untouched."),
			family: pagingFamily, params: base(func(p *PagingParams) {
				p.Changed = [][]string{{"alpha", "beta"}, {"alpha"}}
				p.Twist = "refresh-failed"
			})},
	}
}

func runPaging(ctx context.Context, rec *trace.Recorder, p *PagingParams) error {
	switch p.Twist {
	case "cross-session":
		return pagingCrossSession(ctx, rec, p)
	case "refresh-failed":
		return pagingRefreshFailed(ctx, rec, p)
	}
	if p.Client == "sdk-iterator" {
		return sdkIteratorWalk(ctx, rec, p)
	}
	if p.Client == "both" {
		rec.Run = "reference"
		rec.Note(`Run 1: the reference client, which treats only an absent nextCursor as the end.`)
	}
	run, err := startPagingRun(ctx, rec, p, p.newCatalog(p.Seed))
	if err != nil {
		return err
	}
	if p.Twist == "invalid-cursor" {
		run.corruptNext = "bm90LWlzc3VlZC0x"
	}
	_, walkErr := run.enumerate(ctx, p.limits())
	if walkErr != nil && p.Twist == "restart" {
		rec.Note("The client does not guess where it was in the new catalog. It starts a fresh walk, explicitly, without a cursor.")
		rec.Update(func(s *trace.State) { s.Error = ""; s.Cursors = nil })
		if _, err := run.enumerate(ctx, p.limits()); err != nil && ctx.Err() != nil {
			return err
		}
	}
	run.close()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if p.Client == "both" {
		rec.Run = "sdk-iterator"
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		rec.Note("Run 2: the same server shape, read with go-sdk v1.8.0's ClientSession.Tools iterator.")
		return sdkIteratorWalk(ctx, rec, p)
	}
	return nil
}

// A pagingRun is a scripted client on a link to a catalog server. Its
// requests are raw JSON-RPC, so a cursor of "" travels as "cursor":"".
type pagingRun struct {
	rec         *trace.Recorder
	l           *link
	nextID      int
	requests    int
	corruptNext string // when set, the first nextCursor is rewritten to it
}

func startPagingRun(ctx context.Context, rec *trace.Recorder, p *PagingParams, cat *fixture.Catalog) (*pagingRun, error) {
	l, err := connectServer(ctx, rec, fixture.NewCatalogServer(cat), fixture.PreserveCursor)
	if err != nil {
		return nil, err
	}
	r := &pagingRun{rec: rec, l: l, nextID: 1}
	if err := r.handshake(ctx); err != nil {
		l.close(nil)
		return nil, err
	}
	return r, nil
}

func (r *pagingRun) handshake(ctx context.Context) error {
	r.rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := r.l.w.Inject(c2s, initializeFrame(r.id(), v20251125), "The client initializes (protocol 2025-11-25)."); err != nil {
		return err
	}
	f, err := r.l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	r.rec.Update(func(s *trace.State) { s.Protocol = resultField(f, "protocolVersion") })
	r.l.w.Deliver(f, "The server's initialize result.")
	r.rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	_, err = r.l.w.Inject(c2s, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), "Ready: the catalog walk can start.")
	return err
}

func (r *pagingRun) id() int { r.nextID++; return r.nextID - 1 }

func (r *pagingRun) close() { r.l.close(nil) }

// enumerate runs the reference client and records how the walk ended.
func (r *pagingRun) enumerate(ctx context.Context, lim catalog.Limits) ([]*mcp.Tool, error) {
	r.rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil })
	tools, sizes, err := catalog.Enumerate(ctx, catalog.ListerFunc(r.listTools), lim)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r.rec.Changed(endNote(err), func(s *trace.State) {
			s.Catalog = nil
			s.Error = err.Error()
		})
		return nil, err
	}
	r.rec.Changed(fmt.Sprintf("Enumerate returned %d tools from %d pages (sizes %v). nextCursor was absent: the catalog is complete.", len(tools), len(sizes), sizes), func(s *trace.State) {
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
// kept.
func (r *pagingRun) listTools(ctx context.Context, cursor *string) (catalog.Page, error) {
	if r.requests >= maxListRequests {
		return catalog.Page{}, fmt.Errorf("scenario: %d tools/list requests: the walk does not end", r.requests)
	}
	r.requests++
	params, note := `{}`, "No cursor: the first page."
	if cursor != nil {
		b, _ := json.Marshal(*cursor)
		params = `{"cursor":` + string(b) + `}`
		note = fmt.Sprintf("cursor %s: the nextCursor of the previous page, sent back unchanged.", b)
		if *cursor == "" {
			note = `"cursor":"" — the previous page's nextCursor was an empty string, and an empty string is still a cursor.`
		}
		cur := *cursor
		r.rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, cur) })
	}
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":%s}`, r.id(), params)
	if _, err := r.l.w.Inject(c2s, []byte(raw), note); err != nil {
		return catalog.Page{}, err
	}
	f, err := r.l.w.Await(ctx, response(s2c, "tools/list"))
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
		r.l.w.Deliver(f, fmt.Sprintf("A JSON-RPC error, code %d: %s", resp.Error.Code, resp.Error.Message))
		return catalog.Page{}, resp.Error
	}
	if resp.Result == nil {
		r.l.w.Deliver(f, "A response with neither result nor error.")
		return catalog.Page{}, errors.New("response without result")
	}
	page := catalog.Page{Tools: resp.Result.Tools, NextCursor: resp.Result.NextCursor}
	if r.corruptNext != "" && page.NextCursor != nil {
		bad := r.corruptNext
		r.corruptNext = ""
		rewritten := strings.Replace(string(f.Raw), `"nextCursor":`+quote(*page.NextCursor), `"nextCursor":`+quote(bad), 1)
		page.NextCursor = &bad
		r.rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, names(page.Tools)...) })
		return page, r.l.w.Rewrite(f, []byte(rewritten), "The nextCursor was corrupted in transit: the client now holds a cursor the server never issued.")
	}
	r.rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, names(page.Tools)...) })
	r.l.w.Deliver(f, pageNote(page))
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

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

func names(tools []*mcp.Tool) []string {
	out := []string{}
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

// sdkIteratorWalk reads the catalog with go-sdk's ClientSession.Tools.
func sdkIteratorWalk(ctx context.Context, rec *trace.Recorder, p *PagingParams) error {
	l, err := connectServer(ctx, rec, fixture.NewCatalogServer(p.newCatalog(p.Seed)), fixture.PreserveCursor)
	if err != nil {
		return err
	}
	var cs *mcp.ClientSession
	defer func() { l.close(cs) }()
	if cs, err = connectSDK(ctx, rec, l, v20251125); err != nil {
		return err
	}
	done := make(chan struct{})
	walked := goDo(func() ([]string, error) {
		defer close(done)
		var got []string
		for t, err := range cs.Tools(ctx, nil) {
			if err != nil {
				return got, err
			}
			got = append(got, t.Name)
		}
		return got, nil
	})
	for {
		f, err := l.w.AwaitUntil(ctx, request(c2s, "tools/list"), done)
		if err != nil {
			return err
		}
		if f == nil {
			break
		}
		note := "ClientSession.Tools asks for the first page."
		if c := requestCursor(f); c != nil {
			note = fmt.Sprintf("The iterator sends cursor %s.", quote(*c))
			rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
		}
		l.w.Deliver(f, note)
		f, err = l.w.Await(ctx, response(s2c, "tools/list"))
		if err != nil {
			return err
		}
		rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, toolNames(f)...) })
		note = "A page."
		if strings.Contains(string(f.Raw), `"nextCursor":""`) {
			note = `"nextCursor":"" is on the wire, but ListToolsResult.NextCursor is a string with omitempty: Go sees "", which the iterator takes as the end.`
		}
		l.w.Deliver(f, note)
	}
	got, err := wait(ctx, walked)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator yielded %d tool(s), then the error: %v", len(got), err), func(s *trace.State) {
			s.Catalog = got
			s.Error = err.Error()
		})
		return nil
	}
	rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator finished with %d tool(s): %s.", len(got), strings.Join(got, ", ")), func(s *trace.State) {
		s.Catalog = got
	})
	return nil
}

// requestCursor returns the cursor of a tools/list request, nil if absent.
func requestCursor(f *wire.Frame) *string {
	var m struct {
		Params struct {
			Cursor *string `json:"cursor"`
		} `json:"params"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Params.Cursor
}

// pagingCrossSession sends a cursor from server A to server B.
func pagingCrossSession(ctx context.Context, rec *trace.Recorder, p *PagingParams) error {
	rec.Run = "server A"
	a, err := startPagingRun(ctx, rec, p, p.newCatalog(p.Seed))
	if err != nil {
		return err
	}
	page, err := a.listTools(ctx, nil)
	a.close()
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
	b, err := startPagingRun(ctx, rec, p, p.newCatalog(p.Seed+1))
	if err != nil {
		return err
	}
	defer b.close()
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

// pagingRefreshFailed walks a good catalog, then a refresh that fails.
func pagingRefreshFailed(ctx context.Context, rec *trace.Recorder, p *PagingParams) error {
	rec.Run = "initial"
	first, err := startPagingRun(ctx, rec, p, p.newCatalog(p.Seed))
	if err != nil {
		return err
	}
	tools, err := first.enumerate(ctx, p.limits())
	first.close()
	if err != nil {
		return err
	}
	rec.Changed("The walk succeeded: this catalog becomes the active one the application uses.", func(s *trace.State) {
		s.Active = names(tools)
		s.Catalog = nil
		s.Cursors = nil
	})
	rec.Run = "refresh"
	rec.Note("Later the client refreshes the catalog on a new session. The active catalog stays in use until a candidate is complete.")
	cand := &fixture.Catalog{Pages: p.Changed, Shape: fixture.ShapeNormal, Seed: p.Seed + 1}
	second, err := startPagingRun(ctx, rec, p, cand)
	if err != nil {
		return err
	}
	_, err = second.enumerate(ctx, p.limits())
	second.close()
	if err == nil {
		return errors.New("the refresh was meant to fail")
	}
	rec.Changed("The candidate is discarded and its session closed. The active catalog is untouched: a failed refresh must not leave the client with half a catalog or none.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})
	return nil
}

// A PagingRun is a catalog server on the simulator's wire with a scripted,
// initialized client, for graders that drive a learner's own walk through
// [PagingRun.Lister] and then read the trace.
type PagingRun struct {
	rec *trace.Recorder
	run *pagingRun
}

// NewPagingRun starts a paging run with parameters p (Client and the
// restart, cross-session and refresh-failed twists are ignored: the caller
// is the client). Close it when done.
func NewPagingRun(ctx context.Context, p PagingParams) (*PagingRun, error) {
	p.Client, p.MaxPages, p.MaxTools = "reference", max(p.MaxPages, 1), max(p.MaxTools, 0)
	twist := p.Twist
	p.Twist = ""
	if err := p.validate(); err != nil {
		return nil, err
	}
	rec := trace.NewRecorder(trace.InMemory, trace.State{})
	run, err := startPagingRun(ctx, rec, &p, p.newCatalog(p.Seed))
	if err != nil {
		return nil, err
	}
	if twist == "invalid-cursor" {
		run.corruptNext = "bm90LWlzc3VlZC0x"
	}
	return &PagingRun{rec: rec, run: run}, nil
}

// PagingPreset returns the parameters of the named paging scenario.
func PagingPreset(id string) (PagingParams, bool) {
	for _, p := range presets() {
		if pp, ok := p.params.(*PagingParams); ok && p.info.ID == id {
			return *pp, true
		}
	}
	return PagingParams{}, false
}

// Lister returns the client side of the run: each call sends one raw
// tools/list request (a nil cursor sends none, "" sends "cursor":"") and
// records both frames. After [maxListRequests] calls it fails, so a walk
// that never ends still ends.
func (r *PagingRun) Lister() catalog.Lister { return catalog.ListerFunc(r.run.listTools) }

// Requests reports how many tools/list requests the lister has sent.
func (r *PagingRun) Requests() int { return r.run.requests }

// Result returns the trace so far.
func (r *PagingRun) Result() *Result {
	return &Result{Info: Info{ID: "paging-run", Title: "Your walk", Lesson: "catalog", Family: pagingFamily.name, Era: v20251125},
		Events: append([]trace.Event(nil), r.rec.Events()...)}
}

// Close ends the run's connection and waits for the server's goroutines.
func (r *PagingRun) Close() { r.run.close() }
