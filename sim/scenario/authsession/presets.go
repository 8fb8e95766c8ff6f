package authsession

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the auth-session family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "auth-expired-vs-session-gone", Title: "Token expired, or session gone?", Lesson: "ttl", Era: play.V20251125,
			Summary: "The same get_stock call after the same idle gap, three ways, on go-sdk's authenticated streamable HTTP handler. Token expired: HTTP 401 from go-sdk's bearer-token middleware; the client re-authenticates and go-sdk v1.8.0 retries on the same session. Server restarted: 404, ErrSessionMissing, a new session. Idle session cleaned up after its TTL: 404 too, and a new session. 404 after a session id is 2025-11-25's rule; the rest is go-sdk v1.8.0 behaviour and application policy."},
			Family: authSessionFamily, Params: &Params{TokenTTL: 20000, SessionTTL: 30000, IdleUntil: 45000}},
	}
}
