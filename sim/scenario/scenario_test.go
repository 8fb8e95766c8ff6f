package scenario

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

func mustRun(t testing.TB, id string) *Result {
	t.Helper()
	return playtest.MustRun(t, presets(), id)
}

// TestScenarioClaims checks that each scenario's trace shows what its
// summary says: the facts the lessons and the e2e suite rely on.
func TestScenarioClaims(t *testing.T) {
	last := func(r *Result, run string) trace.State {
		var st trace.State
		for _, e := range r.Events {
			if (run == "" || e.Run == run) && e.State != nil {
				st = *e.State
			}
		}
		return st
	}
	hasRaw := func(r *Result, s string) bool {
		return slices.ContainsFunc(r.Events, func(e trace.Event) bool { return strings.Contains(e.Raw, s) })
	}
	outcome := func(st trace.State, i int) string {
		if i >= len(st.Outcomes) {
			return ""
		}
		return st.Outcomes[i].Status
	}
	tests := []struct {
		id    string
		check func(r *Result) string // returns what is wrong, or ""
	}{
		{"handshake-ok", func(r *Result) string {
			if st := r.Final(); st.Client != trace.ClientClosed || !slices.Equal(st.Catalog, []string{"get_stock"}) || st.Protocol != "2025-11-25" {
				return "want CLOSED, protocol 2025-11-25, catalog [get_stock]"
			}
			var states []string
			for _, e := range r.Events {
				if len(states) == 0 || states[len(states)-1] != e.State.Client {
					states = append(states, e.State.Client)
				}
			}
			if !slices.Equal(states, []string{"NEW", "INITIALIZING", "READY", "CLOSED"}) {
				return "client states " + strings.Join(states, " → ")
			}
			// Frame 6 is the first result with ttlMs and cacheScope a
			// learner meets; its note says what they are and whose they are.
			if e := r.Events[5]; !strings.Contains(e.Raw, `"ttlMs"`) || !strings.Contains(e.Note, "go-sdk v1.8.0 sends these 2026-07-28 fields") {
				return "frame 6: want ttlMs in the result and explained in the note"
			}
			return ""
		}},
		{"handshake-request-before-init", func(r *Result) string {
			if !hasRaw(r, `"error":{"code":0,`) {
				return "want an error with code 0"
			}
			return ""
		}},
		{"handshake-version-counteroffer", func(r *Result) string {
			if st := r.Final(); st.Protocol != "2025-11-25" || st.Client != trace.ClientClosed {
				return "want the counter-offered 2025-11-25 accepted"
			}
			return ""
		}},
		{"handshake-version-unsupported", func(r *Result) string {
			if st := r.Final(); st.Client != trace.ClientClosed || st.Error == "" || hasRaw(r, "notifications/initialized") {
				return "want CLOSED with an error and no initialized"
			}
			return ""
		}},
		{"handshake-no-initialized", func(r *Result) string {
			if hasRaw(r, "notifications/initialized") || !hasRaw(r, `"quantity\":12`) {
				return "want a successful call without initialized"
			}
			return ""
		}},
		{"discover-2026", func(r *Result) string {
			if !hasRaw(r, `"method":"server/discover"`) || hasRaw(r, `"method":"initialize"`) || !hasRaw(r, `"io.modelcontextprotocol/protocolVersion":"2026-07-28"`) {
				return "want server/discover, per-request _meta, no initialize"
			}
			// A 2026-07-28 client has no lifecycle: it is never shown
			// INITIALIZING or READY.
			for _, e := range r.Events[:len(r.Events)-1] {
				if e.State.Client != trace.ClientStateless {
					return fmt.Sprintf("event %d: client %s, want STATELESS until the close", e.Seq, e.State.Client)
				}
			}
			return ""
		}},
		{"stock-zero", func(r *Result) string {
			if st := r.Final(); outcome(st, 0) != trace.OutcomeSucceeded || !strings.Contains(st.Outcomes[0].Detail, `"quantity":0`) {
				return "want success with quantity 0"
			}
			return ""
		}},
		{"stock-missing", func(r *Result) string {
			if outcome(r.Final(), 0) != trace.OutcomeFailed || !hasRaw(r, `"isError":true`) {
				return "want an isError result"
			}
			return ""
		}},
		{"stock-bad-input", func(r *Result) string {
			st := r.Final()
			if len(st.Outcomes) != 5 || slices.ContainsFunc(st.Outcomes, func(o trace.Outcome) bool { return !strings.HasPrefix(o.Detail, "isError") }) {
				return "want five isError results"
			}
			return ""
		}},
		{"unknown-tool", func(r *Result) string {
			if !hasRaw(r, `"error":{"code":-32602`) {
				return "want JSON-RPC error -32602"
			}
			return ""
		}},
		{"stdio-banner", func(r *Result) string {
			var p trace.BytesPayload
			json.Unmarshal(r.Events[1].Payload, &p)
			if r.Events[1].Kind != trace.KindBytes || p.Line != 1 || p.Verdict == "ok" {
				return "want line 1 flagged"
			}
			// The go-sdk client's run: initialize goes out, the banner
			// comes in, and nothing follows on the wire; Connect fails
			// with the decode error.
			var sdk []trace.Event
			for _, e := range r.Events {
				if e.Run == "go-sdk client" && e.Kind == trace.KindBytes {
					sdk = append(sdk, e)
				}
			}
			if len(sdk) != 2 || sdk[0].Direction != play.C2s || !strings.Contains(sdk[0].Raw, `"method":"initialize"`) || sdk[1].Direction != play.S2c || strings.HasPrefix(sdk[1].Raw, "{") {
				return fmt.Sprintf("go-sdk client run: %d lines, want initialize out and the banner in, nothing more", len(sdk))
			}
			if st := r.Final(); st.Client != trace.ClientClosed || !strings.Contains(st.Error, "invalid character") {
				return "want the go-sdk client CLOSED with the decode error, got " + st.Client + " " + st.Error
			}
			return ""
		}},
		{"paging-normal", func(r *Result) string {
			if st := r.Final(); !slices.Equal(st.Catalog, []string{"alpha", "beta", "gamma"}) {
				return "want alpha, beta, gamma"
			}
			return ""
		}},
		{"paging-empty-token", func(r *Result) string {
			if !hasRaw(r, `"params":{"cursor":""}`) || !hasRaw(r, `"nextCursor":""`) {
				return `want "nextCursor":"" and "cursor":"" on the wire`
			}
			if got := last(r, "reference").Catalog; !slices.Equal(got, []string{"alpha", "beta", "gamma"}) {
				return "reference catalog " + strings.Join(got, ",")
			}
			if got := last(r, "sdk-iterator").Catalog; !slices.Equal(got, []string{"alpha"}) {
				return "SDK iterator catalog " + strings.Join(got, ",")
			}
			return ""
		}},
		{"paging-repeat", func(r *Result) string {
			// Step 7, the page that hands back the cursor just sent, says so.
			if e := r.Events[6]; e.Direction != play.S2c || !strings.Contains(e.Note, "just sent") {
				return "step 7: want the page whose note names the repeated cursor, got " + e.Note
			}
			return errorContains("cursor repeated")(r)
		}},
		{"paging-cycle", errorContains("cursor repeated")},
		{"paging-endless", errorContains("page limit")},
		{"paging-tool-limit", errorContains("tool limit")},
		{"paging-duplicate", errorContains("duplicate tool name")},
		{"paging-invalid-cursor", errorContains("invalid cursor")},
		{"paging-cross-session-cursor", errorContains("invalid cursor")},
		{"paging-generation-change", func(r *Result) string {
			if !hasRaw(r, `"code":-32602,"message":"stale cursor`) || !slices.Equal(r.Final().Catalog, []string{"alpha", "beta", "gamma", "delta"}) {
				return "want -32602 then a fresh complete walk"
			}
			// The change on the server is an event of its own, after page
			// 1 and before the client sends page 1's cursor (step 7).
			if e := r.Events[5]; e.Kind != trace.KindState || !strings.Contains(e.Note, "catalog changes") || !strings.Contains(r.Events[6].Raw, `"cursor"`) {
				return "want step 6 to show the server's catalog changing, and step 7 to send the old cursor"
			}
			return ""
		}},
		{"catalog-refresh-failed", func(r *Result) string {
			if st := r.Final(); !slices.Equal(st.Active, []string{"alpha", "beta", "gamma"}) || len(st.Catalog) != 0 || !strings.Contains(st.Error, "duplicate") {
				return "want the active catalog kept and the candidate discarded"
			}
			// The two sessions stay apart: the candidate is closed, the
			// active one is not, and the candidate's catalog never holds a
			// name twice.
			if st := r.Final(); st.Client != trace.ClientClosed || st.ActiveClient != trace.ClientReady {
				return fmt.Sprintf("final: candidate %q, active %q; want CLOSED and READY", st.Client, st.ActiveClient)
			}
			for _, e := range r.Events {
				if e.State != nil && len(slices.Compact(slices.Sorted(slices.Values(e.State.Catalog)))) != len(e.State.Catalog) {
					return fmt.Sprintf("event %d: catalog %v holds a name twice", e.Seq, e.State.Catalog)
				}
			}
			return ""
		}},
		{"ttl-renew", func(r *Result) string {
			if st := r.Final(); !slices.Equal(st.TTL.Expired, []string{"A"}) || r.Events[len(r.Events)-2].State.TTL.Live != 1 {
				return "want A alive at 5 and expired at 9"
			}
			return ""
		}},
		{"ttl-same-deadline", func(r *Result) string {
			if !slices.Equal(r.Final().TTL.Expired, []string{"A", "B"}) {
				return "want A, B"
			}
			return ""
		}},
		{"ttl-stale-growth", func(r *Result) string {
			peak := r.Events[len(r.Events)-3].State.TTL
			if peak.Live != 1 || peak.Heap != 10000 {
				return "want S=1, H=10000"
			}
			return ""
		}},
		{"ttl-session-expired", func(r *Result) string {
			if !slices.ContainsFunc(r.Events, func(e trace.Event) bool { return strings.Contains(string(e.Payload), `"status":404`) }) {
				return "want HTTP 404"
			}
			if st := r.Final(); st.Session != "session-2" {
				return "want a new session"
			}
			return ""
		}},
		{"disconnect-after-execute", func(r *Result) string {
			if st := r.Final(); outcome(st, 0) != trace.OutcomeUnknown || len(st.Ledger) != 1 {
				return "want UNKNOWN and a ledger of one"
			}
			return ""
		}},
		{"disconnect-before-deliver", func(r *Result) string {
			if st := r.Final(); outcome(st, 0) != trace.OutcomeUnknown || len(st.Ledger) != 0 {
				return "want UNKNOWN and an empty ledger"
			}
			return ""
		}},
		{"retry-blind", func(r *Result) string {
			if len(r.Final().Ledger) != 2 {
				return "want two reservations"
			}
			return ""
		}},
		{"retry-idempotent", func(r *Result) string {
			if st := r.Final(); len(st.Ledger) != 1 || outcome(st, 0) != trace.OutcomeSucceeded {
				return "want one reservation, reconciled to SUCCEEDED"
			}
			return ""
		}},
		{"cancel-late", func(r *Result) string {
			if st := r.Final(); len(st.Ledger) != 1 || !hasRaw(r, "notifications/cancelled") {
				return "want notifications/cancelled and the reservation standing"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if msg := tc.check(mustRun(t, tc.id)); msg != "" {
				t.Error(msg)
			}
		})
	}
}

func errorContains(s string) func(*Result) string {
	return func(r *Result) string {
		st := r.Final()
		if !strings.Contains(st.Error, s) || len(st.Catalog) != 0 {
			return "final state " + st.Error + ": want an error containing " + s + " and no catalog"
		}
		return ""
	}
}

// TestNoGoroutineOutlivesAScenario runs every scenario and then checks that
// the goroutine count comes back down: a scenario that leaks would, in the
// browser, keep a worker busy forever.
func TestNoGoroutineOutlivesAScenario(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, id := range IDs() {
		mustRun(t, id)
	}
	// Goroutines that are finishing need a chance to be scheduled (under
	// the race detector that can take a while); yield instead of sleeping,
	// with a generous bound so a real leak still fails.
	n := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		if n = runtime.NumGoroutine(); n <= before {
			return
		}
		runtime.Gosched()
	}
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	t.Fatalf("%d goroutines before, %d after:\n%s", before, n, buf)
}

func BenchmarkAllScenarios(b *testing.B) {
	ids := IDs()
	b.ReportAllocs()
	for b.Loop() {
		for _, id := range ids {
			if _, err := Run(context.Background(), id, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}
