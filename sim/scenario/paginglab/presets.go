package paginglab

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the paging-lab family's scenarios, in course order:
// the replay in lesson 4, the slow page and the principals in lesson 5.
func Presets() []play.Preset {
	info := func(id, lesson, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: lesson, Era: play.V20251125}
	}
	five := []string{"gamma", "alpha", "epsilon", "beta", "delta"}
	shop := []string{"list_orders", "get_order", "refund_order", "export_customers"}
	return []play.Preset{
		{Info: info("paging-replay-stable", "catalog", "The same walk twice",
			"go-sdk v1.8.0 on both ends walks the catalog twice on one session, 2 tools a page: the same pages, tools and cursors, byte for byte. go-sdk v1.8.0 behaviour: its server sorts tools by name and its cursor encodes the last name served. 2026-07-28 asks servers for a deterministic order."),
			Family: pagingLabFamily, Params: &Params{Case: labReplay, Tools: five, PageSize: 2}},
		{Info: info("paging-slow-page", "paging", "A page that never arrives",
			"Page 3's handler hangs. At 3000 virtual ms the per-request deadline ends the call; go-sdk v1.8.0 sends notifications/cancelled (2025-11-25: a sender should time out requests and cancel them); the reference walk returns an error wrapping context.DeadlineExceeded and no partial catalog."),
			Family: pagingLabFamily, Params: &Params{Case: labSlowPage, Tools: five, PageSize: 2, StallPage: 3, PageMS: 400, RequestTimeoutMS: 3000, WalkTimeoutMS: 15000}},
		{Info: info("paging-principal-cursor", "paging", "A cursor from another principal",
			"alice and bob list one server's tools, go-sdk v1.8.0 on both ends. bob's client presents the cursor issued to alice; the lab server, which binds cursors to the caller, answers -32602 (2025-11-25: invalid cursors should get -32602). The client keeps one catalog per principal."),
			Family: pagingLabFamily, Params: &Params{Case: labPrincipalCursor, Tools: shop, PageSize: 2, HiddenFromBob: []string{"export_customers"}, RefusedForBob: []string{"refund_order"}}},
		{Info: info("paging-listed-not-callable", "paging", "Listed is not authorised",
			"refund_order is in bob's list, but the server refuses bob's call with an isError result that says why, while alice's same call runs: a list says what exists for a caller, each call is authorised on its own (2025-11-25: servers must implement access controls)."),
			Family: pagingLabFamily, Params: &Params{Case: labListedNotCallable, Tools: shop, PageSize: 2, HiddenFromBob: []string{"export_customers"}, RefusedForBob: []string{"refund_order"}, Call: "refund_order"}},
	}
}
