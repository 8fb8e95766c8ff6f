package scenario

// handshakePresets are the handshake family's scenarios.
func handshakePresets() []preset {
	return []preset{
		{info: Info{ID: "handshake-ok", Title: "The handshake", Lesson: "handshake", Era: v20251125,
			Summary: "initialize, its result, notifications/initialized, then tools/list: the client goes NEW → INITIALIZING → READY → CLOSED."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeOK, ClientVersion: v20251125}},
		{info: Info{ID: "handshake-request-before-init", Title: "A request before initialize", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted client sends tools/list first. The specification says not to; go-sdk answers with an error whose code is 0."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeRequestBeforeInit, ClientVersion: v20251125}},
		{info: Info{ID: "handshake-version-counteroffer", Title: "Version counter-offer", Lesson: "handshake", Era: v20251125,
			Summary: "The client asks for a version the server does not know; the server answers with one it supports and the client accepts it."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeCounteroffer, ClientVersion: "2024-10-01"}},
		{info: Info{ID: "handshake-version-unsupported", Title: "A version the client cannot use", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted server answers a protocol version the go-sdk client does not know; the client disconnects."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeUnsupported, ClientVersion: v20251125, ServerVersion: "1999-01-01"}},
		{info: Info{ID: "handshake-no-initialized", Title: "Skipping notifications/initialized", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted client never sends notifications/initialized and calls a tool anyway; go-sdk's server accepts the call."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeNoInitialized, ClientVersion: v20251125}},
		{info: Info{ID: "discover-2026", Title: "No handshake: server/discover", Lesson: "handshake", Era: v20260728, Counterpart: "handshake-ok",
			Summary: "The 2026-07-28 flow go-sdk v1.8.0 uses by default: server/discover, then requests that each carry their protocol version in _meta."},
			family: handshakeFamily, params: &HandshakeParams{Shape: shapeDiscover, ClientVersion: v20260728}},
	}
}
