package http2026

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the http-2026 family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "transports", Era: play.V20260728}
	}
	headers := info("http2026-headers", "Streamable HTTP without sessions",
		"server/discover and tools/call as POSTs carrying MCP-Protocol-Version, Mcp-Method and Mcp-Name; no Mcp-Session-Id is ever sent or returned, and the client opens no GET stream.")
	headers.Counterpart = "http2025-session"
	session := info("http2025-session", "A streamable HTTP session",
		"A client pinned to 2025-11-25 and a stateful handler: initialize answered with an Mcp-Session-Id, a GET stream, the session id on every request, DELETE at the end.")
	session.Era = play.V20251125
	return []play.Preset{
		{Info: session, Family: http2026Family, Params: &Params{Shape: shapeSession2025}},
		{Info: headers, Family: http2026Family, Params: &Params{Shape: shapeHeaders}},
		{Info: info("http2026-header-mismatch", "A header that disagrees with the body",
			"A proxy rewrites Mcp-Name on a tools/call; the server answers 400 with -32020 HeaderMismatch and the tool does not run; the same call without the proxy's change succeeds."),
			Family: http2026Family, Params: &Params{Shape: shapeMismatch, ProxyName: "reserve_stock"}},
		{Info: info("http2026-listen", "subscriptions/listen, the one long-lived stream",
			"A client with a tools-changed handler opens subscriptions/listen in Connect; the stream is acknowledged, then carries notifications/tools/list_changed when a tool is added, and the client lists again."),
			Family: http2026Family, Params: &Params{Shape: shapeListen}},
		{Info: info("http2026-stateful-fallback", "A 2026 client meets go-sdk's default HTTP handler",
			"go-sdk's handler in its default, stateful mode lists no 2026-07-28 in its server/discover result; the client falls back to initialize and gets a 2025-11-25 session: Mcp-Session-Id, a GET stream, DELETE at the end."),
			Family: http2026Family, Params: &Params{Shape: shapeStateful}},
	}
}
