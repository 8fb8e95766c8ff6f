package ssefragment

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the sse-fragment family's scenarios.
func Presets() []play.Preset {
	return []play.Preset{
		{Info: play.Info{ID: "sse-fragmented", Title: "An event stream in pieces", Lesson: "transports", Era: play.V20260728,
			Summary: "A tools/call answered as text/event-stream (2026-07-28 streamable HTTP) reaches go-sdk v1.8.0's client in reads the network chose: the first event cut mid-line and mid-JSON, then two events in one read. The client's event scanner delivers nothing until a blank line ends an event, then one message per event. The bytes come from go-sdk's handler; only the cuts are scripted."},
			Family: sseFragmentFamily, Params: &Params{Split: splitMidJSON, Progress: 2}},
	}
}
