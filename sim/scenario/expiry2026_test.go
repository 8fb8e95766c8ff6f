package scenario

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestExpiryAndDisconnect2026Claims checks that each 2026-07-28 scenario of
// the expiry and disconnect lessons shows what its summary says.
func TestExpiryAndDisconnect2026Claims(t *testing.T) {
	hasRaw := func(r *Result, s string) bool {
		return slices.ContainsFunc(r.Events, func(e trace.Event) bool { return strings.Contains(e.Raw, s) })
	}
	status := func(st trace.State) []string {
		var out []string
		for _, o := range st.Outcomes {
			out = append(out, o.Tool+":"+o.Status)
		}
		return out
	}
	// noSession checks what 2026-07-28 removed: initialize and session ids.
	noSession := func(r *Result) string {
		if hasRaw(r, `"method":"initialize"`) || !hasRaw(r, `"method":"server/discover"`) {
			return "want server/discover and no initialize"
		}
		for _, e := range r.Events {
			if e.State != nil && e.State.Session != "" || strings.Contains(string(e.Payload), "mcp_session_id") {
				return "event with a session id"
			}
		}
		return ""
	}
	tests := []struct {
		id    string
		check func(r *Result) string
	}{
		{"handle-expired-2026", func(r *Result) string {
			if msg := noSession(r); msg != "" {
				return msg
			}
			st := r.Final()
			want := []string{"open_cart:SUCCEEDED", "add_to_cart:SUCCEEDED", "add_to_cart:FAILED", "open_cart:SUCCEEDED", "add_to_cart:SUCCEEDED", "add_to_cart:SUCCEEDED"}
			if got := status(st); !slices.Equal(got, want) {
				return "outcomes " + strings.Join(got, " ")
			}
			if !hasRaw(r, `"isError":true`) || !hasRaw(r, `"arguments":{"cart":"cart-1"`) || !hasRaw(r, `"cart":"cart-2"`) {
				return "want the handle as an argument, an isError result and a new handle"
			}
			expired := slices.ContainsFunc(r.Events, func(e trace.Event) bool {
				return e.State != nil && e.State.TTL != nil && slices.Equal(e.State.TTL.Expired, []string{"cart-1"})
			})
			if !expired || st.TTL == nil || st.TTL.Live != 1 || st.TTL.Sessions[0].ID != "cart-2" {
				return "want cart-1 expired by the scheduler and cart-2 live at the end"
			}
			return ""
		}},
		{"handle-renewed-2026", func(r *Result) string {
			if msg := noSession(r); msg != "" {
				return msg
			}
			st := r.Final()
			if got := status(st); !slices.Equal(got, []string{"open_cart:SUCCEEDED", "add_to_cart:SUCCEEDED", "add_to_cart:SUCCEEDED"}) {
				return "outcomes " + strings.Join(got, " ")
			}
			// Three touches of one handle: three generations, two stale tickets.
			if st.TTL == nil || st.TTL.Live != 1 || st.TTL.Heap != 3 || st.TTL.Sessions[0].Generation != 3 {
				return "want one live handle at generation 3 over three tickets"
			}
			return ""
		}},
		{"stream-lost-2026", func(r *Result) string {
			if msg := noSession(r); msg != "" {
				return msg
			}
			st := r.Final()
			if len(st.Ledger) != 1 || len(st.Outcomes) != 1 || st.Outcomes[0].Status != trace.OutcomeUnknown {
				return "want one reservation and one UNKNOWN outcome"
			}
			if !expiryHasFault(r, "cut") || hasRaw(r, "Last-Event-ID") {
				return "want a cut stream and no resumption"
			}
			return ""
		}},
		{"reissue-blind-2026", func(r *Result) string {
			st := r.Final()
			if len(st.Ledger) != 2 || !hasRaw(r, `"id":2,"method":"tools/call"`) || !hasRaw(r, `"id":3,"method":"tools/call"`) {
				return "want two reservations from requests 2 and 3"
			}
			return ""
		}},
		{"reissue-idempotent-2026", func(r *Result) string {
			st := r.Final()
			if len(st.Ledger) != 1 || st.Outcomes[0].Status != trace.OutcomeSucceeded || !hasRaw(r, `"replayed":true`) {
				return "want one reservation, replayed, reconciled to SUCCEEDED"
			}
			if !hasRaw(r, `"id":3,"method":"tools/call"`) {
				return "want the re-issue under a new request id"
			}
			return ""
		}},
		{"cancel-2026", func(r *Result) string {
			st := r.Final()
			if len(st.Ledger) != 1 || st.Outcomes[0].Status != trace.OutcomeUnknown || !expiryHasFault(r, "cut") {
				return "want the stream closed, the reservation standing and the outcome UNKNOWN"
			}
			// go-sdk v1.8.0 posts notifications/cancelled on HTTP too.
			if !hasRaw(r, `"method":"notifications/cancelled"`) {
				return "want go-sdk's notifications/cancelled"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			r := mustRun(t, tc.id)
			if r.Info.Era != play.V20260728 {
				t.Errorf("era %s, want %s", r.Info.Era, play.V20260728)
			}
			if msg := tc.check(r); msg != "" {
				t.Error(msg)
			}
		})
	}
}

func expiryHasFault(r *Result, fault string) bool {
	return slices.ContainsFunc(r.Events, func(e trace.Event) bool {
		return e.Kind == trace.KindFault && strings.Contains(string(e.Payload), `"fault":"`+fault+`"`)
	})
}
