package handle

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the handle family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary, counterpart string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "ttl", Era: play.V20260728, Counterpart: counterpart}
	}
	return []play.Preset{
		{Info: info("handle-expired-2026", "A handle expires, not a session",
			"2026-07-28 has no sessions: the server mints a cart handle the client passes as a tool argument. Idle past its TTL, the handle expires on the scheduler; the next call gets a tool error (isError), and the client opens a new cart and rebuilds it.",
			"ttl-session-expired"),
			Family: handleFamily, Params: &Params{TTL: 30000, CallAt: 1000, IdleUntil: 45000}},
		{Info: info("handle-renewed-2026", "Using a handle renews it",
			"The client comes back within the handle's idle timeout: the call succeeds and renews the handle, a new generation on the scheduler, as a request renewed a 2025-11-25 session.", ""),
			Family: handleFamily, Params: &Params{TTL: 30000, CallAt: 1000, IdleUntil: 20000}},
	}
}
