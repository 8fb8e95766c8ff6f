package paging

import (
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// ThreePages is the course's running example: alpha | (empty) | beta, gamma.
func ThreePages() [][]string { return [][]string{{"alpha"}, {}, {"beta", "gamma"}} }

// Presets are the paging family's scenarios. Each starts from the
// running example, walked by the reference client, and changes what its
// lesson is about.
func Presets() []play.Preset {
	base := func(mod func(*Params)) *Params {
		p := &Params{Catalog: fixture.Catalog{Pages: ThreePages(), Shape: fixture.ShapeNormal}, MaxPages: 10, MaxTools: 100, Seed: 1, Client: ClientReference}
		mod(p)
		return p
	}
	info := func(id, lesson, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: lesson, Era: play.V20251125}
	}
	return []play.Preset{
		{Info: info("paging-normal", "catalog", "Three pages, one of them empty",
			"alpha, then an empty page, then beta and gamma: the client follows nextCursor until it is absent."),
			Family: pagingFamily, Params: base(func(*Params) {})},
		{Info: info("paging-single", "catalog", "Everything on one page",
			"One page with every tool and no nextCursor: the walk ends after one request."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Pages = [][]string{{"alpha", "beta", "gamma"}} })},
		{Info: info("paging-empty", "catalog", "No tools at all",
			"An empty tools array and no nextCursor: an empty catalog is a complete answer."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Pages = [][]string{{}} })},
		{Info: info("paging-empty-token", "catalog", `The empty-string cursor`,
			`After alpha the server's nextCursor is "". A correct client sends "cursor":"" and gets every tool; go-sdk's ClientSession.Tools stops after alpha.`),
			Family: pagingFamily, Params: base(func(p *Params) { p.EmptyCursorAfter = 1; p.Client = ClientBoth })},
		{Info: info("paging-repeat", "paging", "A repeated cursor",
			"From page 2 on the server hands back the cursor it was given; the reference client stops with ErrCursorRepeated."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Shape = fixture.ShapeRepeat })},
		{Info: info("paging-cycle", "paging", "A cursor cycle A, B, A",
			"The last page points back to the first cursor. Only a client that remembers every cursor notices."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Shape = fixture.ShapeCycle })},
		{Info: info("paging-endless", "paging", "Endless fresh cursors",
			"Every page is empty and every nextCursor is new: only the page budget ends the walk."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Pages = [][]string{{}}; p.Shape = fixture.ShapeEndless; p.MaxPages = 5 })},
		{Info: info("paging-tool-limit", "paging", "Over the tool budget",
			"The client allows 2 tools and the server has 3: ErrToolLimit, and no partial catalog."),
			Family: pagingFamily, Params: base(func(p *Params) { p.MaxTools = 2 })},
		{Info: info("paging-duplicate", "paging", "A duplicate name across pages",
			"alpha appears again on the last page: ErrDuplicateName, and no partial catalog."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Pages = [][]string{{"alpha"}, {}, {"beta", "alpha"}} })},
		{Info: info("paging-generation-change", "paging", "The catalog changes mid-walk",
			"After page 1 the server's catalog changes; the old cursor gets -32602. The client does not guess a position: it starts a fresh walk."),
			Family: pagingFamily, Params: base(func(p *Params) {
				p.ChangeAfter = 1
				p.Changed = [][]string{{"alpha"}, {"beta"}, {"gamma", "delta"}}
				p.Twist = twistRestart
			})},
		{Info: info("paging-invalid-cursor", "paging", "A cursor the server never issued",
			"The first nextCursor is corrupted on the wire; the server answers -32602 and the client passes the error on with its code."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Twist = TwistInvalidCursor })},
		{Info: info("paging-cross-session-cursor", "paging", "A cursor from another server process",
			"A cursor from server A is sent to server B after a reconnect; B never issued it and answers -32602."),
			Family: pagingFamily, Params: base(func(p *Params) { p.Twist = twistCrossSession })},
		{Info: info("catalog-refresh-failed", "paging", "A failed refresh keeps the old catalog",
			"A refresh walks a new session whose catalog has a duplicate name. The candidate is discarded, its session closed, and the active catalog is untouched."),
			Family: pagingFamily, Params: base(func(p *Params) {
				p.Changed = [][]string{{"alpha", "beta"}, {"alpha"}}
				p.Twist = twistRefreshFailed
			})},
	}
}
