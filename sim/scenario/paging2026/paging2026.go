// Package paging2026 is the paging2026 family: the paged catalog as
// 2026-07-28 has it, with cache hints and the iterator's cache.
package paging2026

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
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
var paging2026Family = &play.Family{
	Name:    "paging2026",
	Params:  func() play.Validator { return &Params{} },
	Choices: paging2026Choices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runPaging2026(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}

// Params shape a 2026-07-28 catalog walk.
type Params struct {
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
	// twist26ListChanged: the server changes its catalog and announces it
	// on subscriptions/listen; the client walks again.
	twist26ListChanged = "list-changed"
)

func paging2026Choices() play.Choices {
	return play.Choices{
		"shape":       {fixture.ShapeNormal, fixture.ShapeRepeat, fixture.ShapeCycle, fixture.ShapeEndless},
		"cache_scope": {"public", "private"},
		"client":      {paging.ClientSDKIterator, paging.ClientBoth},
		"twist":       {paging.TwistNone, paging.TwistInvalidCursor, twist26CrossConnection, twist26ListChanged},
	}
}

func (p *Params) Validate() error {
	if len(p.Pages) == 0 || len(p.Pages) > paging.MaxParamPages {
		return fmt.Errorf("pages: want 1 to %d pages, got %d", paging.MaxParamPages, len(p.Pages))
	}
	if err := paging.ValidNames("pages", p.Pages); err != nil {
		return err
	}
	c := paging2026Choices()
	for _, f := range []struct{ name, v string }{{"shape", p.Shape}, {"cache_scope", p.CacheScope}, {"client", p.Client}, {"twist", p.Twist}} {
		if err := c.Check(f.name, f.v); err != nil {
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
	if err := paging.ValidNames("changed", p.Changed); err != nil {
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
	if p.Client == paging.ClientBoth && (p.Twist != paging.TwistNone || p.Shape != fixture.ShapeNormal || p.Walks != 1) {
		return errors.New("client both: the reference walk is shown on shape normal, one walk, no twist")
	}
	if p.Walks < 1 || p.Walks > 3 {
		return fmt.Errorf("walks %d: want 1 to 3", p.Walks)
	}
	if p.Shape == fixture.ShapeEndless && p.Walks != 1 {
		// Only the cut at max_requests ends an endless walk; no second
		// walk can follow on a cut link.
		return fmt.Errorf("shape endless walks once (the link is cut to end it): set walks to 1")
	}
	if p.MaxTools < 1 || p.MaxTools > 10*paging.MaxParamTools {
		return fmt.Errorf("max_tools %d: want 1 to %d", p.MaxTools, 10*paging.MaxParamTools)
	}
	if p.MaxRequests < 1 || p.MaxRequests > paging.MaxListRequests {
		return fmt.Errorf("max_requests %d: want 1 to %d", p.MaxRequests, paging.MaxListRequests)
	}
	if (p.Twist == paging.TwistInvalidCursor || p.Twist == twist26CrossConnection) && len(p.Pages) < 2 {
		return fmt.Errorf("twist %s needs at least 2 pages (a nextCursor to misuse)", p.Twist)
	}
	if p.Twist != paging.TwistNone && p.Twist != twist26ListChanged && p.Walks != 1 {
		return fmt.Errorf("twist %s walks once: set walks to 1", p.Twist)
	}
	return nil
}
