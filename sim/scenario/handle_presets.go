package scenario

// handlePresets are the handle family's scenarios.
func handlePresets() []preset {
	info := func(id, title, summary, counterpart string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: "ttl", Era: v20260728, Counterpart: counterpart}
	}
	return []preset{
		{info: info("handle-expired-2026", "A handle expires, not a session",
			"2026-07-28 has no sessions: the server mints a cart handle the client passes as a tool argument. Idle past its TTL, the handle expires on the scheduler; the next call gets a tool error (isError), and the client opens a new cart and rebuilds it.",
			"ttl-session-expired"),
			family: handleFamily, params: &HandleParams{TTL: 30000, CallAt: 1000, IdleUntil: 45000}},
		{info: info("handle-renewed-2026", "Using a handle renews it",
			"The client comes back within the handle's idle timeout: the call succeeds and renews the handle, a new generation on the scheduler, as a request renewed a 2025-11-25 session.", ""),
			family: handleFamily, params: &HandleParams{TTL: 30000, CallAt: 1000, IdleUntil: 20000}},
	}
}
