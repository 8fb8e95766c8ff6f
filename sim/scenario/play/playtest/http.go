package playtest

import (
	"encoding/json"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// An HTTPExchange is one recorded HTTP event, decoded.
type HTTPExchange struct {
	Run     string
	Dir     string
	Raw     string
	Payload trace.HTTPPayload
}

// HTTPExchanges returns the HTTP events of r, decoded.
func HTTPExchanges(t testing.TB, r *play.Result) []HTTPExchange {
	t.Helper()
	var out []HTTPExchange
	for _, e := range r.Events {
		if e.Kind != trace.KindHTTP {
			continue
		}
		var p trace.HTTPPayload
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatalf("event %d: %v", e.Seq, err)
		}
		out = append(out, HTTPExchange{e.Run, e.Direction, e.Raw, p})
	}
	return out
}
