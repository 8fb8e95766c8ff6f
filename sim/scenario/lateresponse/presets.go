package lateresponse

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the late-response family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "late-response-reused-id", Title: "A late response meets a reused id", Lesson: "disconnect", Era: play.V20251125,
			Summary: "After a cut the client's new session numbers its requests from 1 again (go-sdk v1.8.0). A proxy hands the old connection's late reserve_stock response, id 2, to the new session, where id 2 is a get_stock call: the go-sdk client settles get_stock with the reservation and drops the real answer. Ids are unique only within a session (2025-11-25)."},
			Family: lateResponseFamily, Params: &Params{Proxy: proxyMisroute}},
	}
}
