package paging2026

import (
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// Presets are the paging2026 family's scenarios: the paging
// family's shapes, walked by go-sdk v1.8.0's default 2026-07-28 client.
// Each names the 2025-11-25 scenario it is the counterpart of.
func Presets() []play.Preset {
	base := func(mod func(*Params)) *Params {
		p := &Params{
			Catalog: fixture.Catalog{Pages: paging.ThreePages(), Shape: fixture.ShapeNormal, CacheScope: "public", TTLMs: 300_000},
			Seed:    1, Walks: 1, MaxTools: 6, MaxRequests: 10, Client: paging.ClientSDKIterator,
		}
		mod(p)
		return p
	}
	threeFull := func() [][]string { return [][]string{{"alpha"}, {"beta"}, {"gamma"}} }
	info := func(id, lesson, counterpart, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: lesson, Era: play.V20260728, Counterpart: counterpart}
	}
	return []play.Preset{
		{Info: info("paging-2026-cached", "catalog", "paging-normal", "Three pages, then a walk from the cache",
			"Every page carries ttlMs and cacheScope. go-sdk's client walks the three pages, then walks again at once: all three come from its toolsCache, and no frame crosses the wire."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Walks = 2 })},
		{Info: info("paging-2026-empty-token", "catalog", "paging-empty-token", "The empty-string cursor in 2026-07-28",
			`After alpha the nextCursor is "". 2026-07-28 says "" is a valid cursor that MUST NOT end a walk: a correct client sends "cursor":"" and gets every tool; go-sdk's 2026 client still stops after alpha.`),
			Family: paging2026Family, Params: base(func(p *Params) { p.EmptyCursorAfter = 1; p.Client = paging.ClientBoth })},
		{Info: info("paging-2026-repeat", "paging", "paging-repeat", "A repeated cursor, answered from the cache",
			"Page 2 hands back the cursor that fetched it. go-sdk's iterator follows it, the toolsCache answers, and beta repeats without a frame until the scenario stops the iterator."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Pages = threeFull(); p.Shape = fixture.ShapeRepeat })},
		{Info: info("paging-2026-cycle", "paging", "paging-cycle", "A cursor cycle, looping in the cache",
			"The last page points back to the second page's cursor. After three requests go-sdk's iterator loops over cached pages in memory until the scenario stops it."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Pages = threeFull(); p.Shape = fixture.ShapeCycle })},
		{Info: info("paging-2026-endless", "paging", "paging-endless", "Endless fresh cursors in 2026-07-28",
			"Every page is empty with a new cursor, so the toolsCache never has the next page: every request crosses the wire, and only the scenario's bound (it cuts the link) ends the walk."),
			Family: paging2026Family, Params: base(func(p *Params) {
				p.Pages = [][]string{{}}
				p.Shape = fixture.ShapeEndless
				p.MaxRequests = 5
			})},
		{Info: info("paging-2026-duplicate", "paging", "paging-duplicate", "A duplicate name across pages, in 2026-07-28",
			"alpha appears again on the last page. go-sdk's iterator yields it twice, without an error: telling the two apart is the application's job."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Pages = [][]string{{"alpha"}, {}, {"beta", "alpha"}} })},
		{Info: info("paging-2026-invalid-cursor", "paging", "paging-invalid-cursor", "A cursor the server never issued, in 2026-07-28",
			"The first nextCursor is corrupted on the wire; the server answers -32602 and go-sdk's iterator yields the error after alpha."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Twist = paging.TwistInvalidCursor })},
		{Info: info("paging-2026-cross-connection", "paging", "paging-cross-session-cursor", "A cursor on a new connection",
			"A cursor from connection 1 works on connection 2 to the same server: 2026-07-28 lists do not vary per connection. Another server process still answers -32602."),
			Family: paging2026Family, Params: base(func(p *Params) { p.Twist = twist26CrossConnection })},
		{Info: info("paging-2026-list-changed", "paging", "paging-generation-change", "The list changes: notification, then a fresh walk",
			"go-sdk on both ends. The client opens subscriptions/listen, walks twice (the second from its cache), the server adds delta and announces tools/list_changed, and the client walks again from the first page."),
			Family: paging2026Family, Params: base(func(p *Params) {
				p.Pages = [][]string{{"gamma", "alpha", "beta"}}
				p.Changed = [][]string{{"delta"}}
				p.Twist = twist26ListChanged
				p.Walks = 2
			})},
		{Info: info("paging-2026-refresh-failed", "paging", "catalog-refresh-failed", "The walk after a change fails",
			"As paging-2026-list-changed, but the link breaks during the fresh walk. go-sdk has already dropped its cache; the application keeps its last good catalog."),
			Family: paging2026Family, Params: base(func(p *Params) {
				p.Pages = [][]string{{"gamma", "alpha", "beta"}}
				p.Changed = [][]string{{"delta"}}
				p.Twist = twist26ListChanged
				p.Walks = 2
				p.MaxRequests = 3
			})},
	}
}
