package handshake

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the handshake family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "handshake-ok", Title: "The handshake", Lesson: "handshake", Era: play.V20251125,
			Summary: "initialize, its result, notifications/initialized, then tools/list: the client goes NEW → INITIALIZING → READY → CLOSED."},
			Family: handshakeFamily, Params: &Params{Shape: shapeOK, ClientVersion: play.V20251125}},
		{Info: play.Info{ID: "handshake-request-before-init", Title: "A request before initialize", Lesson: "handshake", Era: play.V20251125,
			Summary: "A scripted client sends tools/list first. The specification says not to; go-sdk answers with an error whose code is 0."},
			Family: handshakeFamily, Params: &Params{Shape: shapeRequestBeforeInit, ClientVersion: play.V20251125}},
		{Info: play.Info{ID: "handshake-version-counteroffer", Title: "Version counter-offer", Lesson: "handshake", Era: play.V20251125,
			Summary: "The client asks for a version the server does not know; the server answers with one it supports and the client accepts it."},
			Family: handshakeFamily, Params: &Params{Shape: shapeCounteroffer, ClientVersion: "2024-10-01"}},
		{Info: play.Info{ID: "handshake-version-unsupported", Title: "A version the client cannot use", Lesson: "handshake", Era: play.V20251125,
			Summary: "A scripted server answers a protocol version the go-sdk client does not know; the client disconnects."},
			Family: handshakeFamily, Params: &Params{Shape: shapeUnsupported, ClientVersion: play.V20251125, ServerVersion: "1999-01-01"}},
		{Info: play.Info{ID: "handshake-no-initialized", Title: "Skipping notifications/initialized", Lesson: "handshake", Era: play.V20251125,
			Summary: "A scripted client never sends notifications/initialized and calls a tool anyway; go-sdk's server accepts the call."},
			Family: handshakeFamily, Params: &Params{Shape: shapeNoInitialized, ClientVersion: play.V20251125}},
		{Info: play.Info{ID: "discover-2026", Title: "No handshake: server/discover", Lesson: "handshake", Era: play.V20260728, Counterpart: "handshake-ok",
			Summary: "The 2026-07-28 flow go-sdk v1.8.0 uses by default: server/discover, then requests that each carry their protocol version in _meta."},
			Family: handshakeFamily, Params: &Params{Shape: shapeDiscover, ClientVersion: play.V20260728}},
	}
}
