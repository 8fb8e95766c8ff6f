package scenario

// discoverPresets are the discover family's scenarios.
func discoverPresets() []preset {
	info := func(id, title, summary, counterpart string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: "handshake", Era: v20260728, Counterpart: counterpart}
	}
	return []preset{
		{info: info("discover-version-retry", "UnsupportedProtocolVersion, and a retry",
			"The go-sdk client asks for 2027-01-01; the server answers -32022 with its supported list; the client retries server/discover at 2026-07-28, and every later request carries that version.", "handshake-version-counteroffer"),
			family: discoverFamily, params: &DiscoverParams{Shape: shapeVersionRetry, ClientVersion: "2027-01-01"}},
		{info: info("discover-inline-retry", "No discovery: retry the request itself",
			"A scripted client calls a tool at 2027-01-01 without server/discover, gets -32022 and re-issues the call with a new id at 2026-07-28, which succeeds.", ""),
			family: discoverFamily, params: &DiscoverParams{Shape: shapeInlineRetry, ClientVersion: "2027-01-01"}},
		{info: info("discover-fallback", "A 2026 client meets a 2025 server",
			"The go-sdk client probes with server/discover; the server answers -32601, not a 2026-07-28 error; the client falls back to initialize and continues as a 2025-11-25 session.", ""),
			family: discoverFamily, params: &DiscoverParams{Shape: shapeFallback, ClientVersion: v20260728}},
		{info: info("discover-legacy-list", "-32022 with only older versions",
			"A go-sdk server restricted to 2025-11-25 answers server/discover with -32022 listing only 2025-11-25; go-sdk's client does not retry discovery below 2026-07-28 and falls back to initialize.", ""),
			family: discoverFamily, params: &DiscoverParams{Shape: shapeLegacyList, ClientVersion: v20260728}},
		{info: info("discover-bad-meta", "Missing or malformed _meta",
			"A scripted client sends tools/list with no _meta (code 0), without clientCapabilities (-32602), with a bad clientInfo (-32602), complete (a result), then with no _meta again, which go-sdk now answers.", "handshake-request-before-init"),
			family: discoverFamily, params: &DiscoverParams{Shape: shapeBadMeta, ClientVersion: v20260728}},
	}
}
