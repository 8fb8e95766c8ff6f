package ssefragment

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/http2026"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestSSEFragmentClaims checks what lesson 2 says about an event stream
// in pieces: however the body is cut, the reads add up to the body, the
// scanner delivers a message only after a read that ends an event, one
// per event, in order, and the call gets its result.
func TestSSEFragmentClaims(t *testing.T) {
	tests := []struct {
		params string
		// pattern has one letter per event after the tools/call request:
		// r a read that ends no event, R a read that ends one or more, m a
		// delivered message.
		pattern string
	}{
		{`{}`, "rrRmRmm"},
		{`{"split":"per-event"}`, "RmRmRm"},
		{`{"split":"one-read"}`, "Rmmm"},
		{`{"progress":0}`, "Rm"},
		{`{"progress":1}`, "rrRmRm"},
	}
	for _, tc := range tests {
		t.Run(tc.params, func(t *testing.T) {
			res, err := play.NewCatalogue(Presets()).Run(context.Background(), "sse-fragmented", json.RawMessage(tc.params))
			if err != nil {
				t.Fatal(err)
			}
			// Skip server/discover's exchange: start after the POST of
			// tools/call and its response head.
			start := -1
			for i, e := range res.Events {
				if e.Kind == trace.KindHTTP && e.Direction == play.C2s && strings.Contains(e.Raw, `"method":"tools/call"`) {
					start = i + 2
				}
			}
			if start < 0 {
				t.Fatal("no tools/call")
			}
			var pattern, body strings.Builder
			var delivered []string
			for _, e := range res.Events[start:] {
				switch {
				case e.Kind == trace.KindHTTP && strings.Contains(e.Note, "no event"):
					pattern.WriteByte('r')
					body.WriteString(e.Raw)
				case e.Kind == trace.KindHTTP:
					pattern.WriteByte('R')
					body.WriteString(e.Raw)
				case e.Kind == trace.KindMessage:
					pattern.WriteByte('m')
					delivered = append(delivered, e.Raw)
				}
			}
			if got := pattern.String(); got != tc.pattern {
				t.Errorf("pattern = %s, want %s", got, tc.pattern)
			}
			// The delivered messages are the data: lines of the body, in order.
			events := sseEvents([]byte(body.String()))
			if len(events) != len(delivered) {
				t.Fatalf("%d events in the body, %d delivered", len(events), len(delivered))
			}
			for i, e := range events {
				if !strings.HasPrefix(e, "event: message\ndata: ") || http2026.SSEData(e) != delivered[i] {
					t.Errorf("event %d = %q, delivered %s", i+1, e, delivered[i])
				}
			}
			if last := delivered[len(delivered)-1]; !strings.Contains(last, `"id":2,"result"`) {
				t.Errorf("last delivered = %s, want the tools/call result", last)
			}
		})
	}
}
