package discover

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the discover family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary, counterpart string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "handshake", Era: play.V20260728, Counterpart: counterpart}
	}
	return []play.Preset{
		{Info: info("discover-version-retry", "UnsupportedProtocolVersion, and a retry",
			"The go-sdk client asks for 2027-01-01; the server answers -32022 with its supported list; the client retries server/discover at 2026-07-28, and every later request carries that version.", "handshake-version-counteroffer"),
			Family: discoverFamily, Params: &Params{Shape: shapeVersionRetry, ClientVersion: "2027-01-01"}},
		{Info: info("discover-inline-retry", "No discovery: retry the request itself",
			"A scripted client calls a tool at 2027-01-01 without server/discover, gets -32022 and re-issues the call with a new id at 2026-07-28, which succeeds.", ""),
			Family: discoverFamily, Params: &Params{Shape: shapeInlineRetry, ClientVersion: "2027-01-01"}},
		{Info: info("discover-fallback", "A 2026 client meets a 2025 server",
			"The go-sdk client probes with server/discover; the server answers -32601, not a 2026-07-28 error; the client falls back to initialize and continues as a 2025-11-25 session.", ""),
			Family: discoverFamily, Params: &Params{Shape: shapeFallback, ClientVersion: play.V20260728}},
		{Info: info("discover-legacy-list", "-32022 with only older versions",
			"A go-sdk server restricted to 2025-11-25 answers server/discover with -32022 listing only 2025-11-25; go-sdk's client does not retry discovery below 2026-07-28 and falls back to initialize.", ""),
			Family: discoverFamily, Params: &Params{Shape: shapeLegacyList, ClientVersion: play.V20260728}},
		{Info: info("discover-bad-meta", "Missing or malformed _meta",
			"A scripted client sends tools/list with no _meta (code 0), without clientCapabilities (-32602), with a bad clientInfo (-32602), complete (a result), then with no _meta again, which go-sdk now answers.", "handshake-request-before-init"),
			Family: discoverFamily, Params: &Params{Shape: shapeBadMeta, ClientVersion: play.V20260728}},
	}
}
