package scenario

// sseFragmentPresets are the sse-fragment family's scenarios.
func sseFragmentPresets() []preset {
	return []preset{
		{info: Info{ID: "sse-fragmented", Title: "An event stream in pieces", Lesson: "transports", Era: v20260728,
			Summary: "A tools/call answered as text/event-stream (2026-07-28 streamable HTTP) reaches go-sdk v1.8.0's client in reads the network chose: the first event cut mid-line and mid-JSON, then two events in one read. The client's event scanner delivers nothing until a blank line ends an event, then one message per event. The bytes come from go-sdk's handler; only the cuts are scripted."},
			family: sseFragmentFamily, params: &SSEFragmentParams{Split: splitMidJSON, Progress: 2}},
	}
}
