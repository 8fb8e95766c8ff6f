package httpsession

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the http-session family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "ttl-session-expired", Title: "A streamable HTTP session expires", Lesson: "ttl", Era: play.V20251125,
			Summary: "A real go-sdk streamable HTTP server closes an idle session; the next request gets HTTP 404, the client sees ErrSessionMissing, initializes a new session and the read-only call succeeds."},
			Family: httpSessionFamily, Params: &Params{TTL: 30000, CallAt: 1000, IdleUntil: 45000}},
	}
}
