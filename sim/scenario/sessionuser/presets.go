package sessionuser

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the session-user family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "session-user-mismatch", Title: "A session id is not a credential", Lesson: "ttl", Era: play.V20251125,
			Summary: "Alice's go-sdk client holds session-1 on a go-sdk streamable HTTP server behind bearer-token authentication. A request that carries session-1 with Bob's valid token gets HTTP 403 \"session user mismatch\" (go-sdk v1.8.0 binds a session to the TokenInfo.UserID that created it) and runs nothing; Alice's next call still succeeds."},
			Family: sessionUserFamily, Params: &Params{Token: tokenBob}},
	}
}
