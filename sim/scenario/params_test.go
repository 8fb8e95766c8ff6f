package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

func TestRunRejectsBadInput(t *testing.T) {
	tests := []struct {
		name, id, params, want string
	}{
		{"unknown id", "no-such-scenario", "", "unknown scenario"},
		{"unknown field", "paging-normal", `{"pagez":[]}`, "unknown field"},
		{"not JSON", "paging-normal", `{`, "parameters"},
		{"no pages", "paging-normal", `{"pages":[]}`, "pages"},
		{"too many pages", "paging-normal", `{"pages":[` + strings.Repeat(`[],`, 20) + `[]]}`, "pages"},
		{"bad shape", "paging-normal", `{"shape":"spiral"}`, "shape"},
		{"empty cursor after the last page", "paging-normal", `{"empty_cursor_after":3}`, "empty_cursor_after"},
		{"sdk iterator on a loop", "paging-repeat", `{"client":"sdk-iterator"}`, "loops forever"},
		{"empty tool name", "paging-normal", `{"pages":[[""]]}`, "tool names"},
		{"negative ttl op list", "ttl-renew", `{"ops":[{"op":"sleep"}]}`, "op"},
		{"bad cut", "disconnect-after-execute", `{"cut":"sideways"}`, "cut"},
		{"retry without cut", "disconnect-after-execute", `{"cut":"none","retry":"blind"}`, "retry"},
		{"bad handshake version", "handshake-ok", `{"client_version":"yesterday"}`, "client_version"},
		{"modern version on the initialize path", "handshake-ok", `{"client_version":"2026-07-28"}`, "before 2026-07-28"},
		{"old version on the discover path", "discover-2026", `{"client_version":"2025-11-25"}`, "discover needs"},
		{"future version on the discover path", "discover-2026", `{"client_version":"2027-01-01"}`, "discover needs"},
		{"unsupported shape with a modern version", "handshake-version-unsupported", `{"client_version":"2027-01-01"}`, "before"},
		{"unsupported shape with a supported server version", "handshake-version-unsupported", `{"server_version":"2025-06-18"}`, "go-sdk supports it"},
		{"counter-offer of a known version", "handshake-version-counteroffer", `{"client_version":"2025-06-18"}`, "does not know"},
		{"blind retry with a key", "retry-blind", `{"key":"k"}`, "retry blind sends no key"},
		{"invalid cursor twist on one page", "paging-invalid-cursor", `{"pages":[["a"]]}`, "at least 2 pages"},
		{"huge session ttl", "ttl-session-expired", `{"ttl":9007199254740993}`, "ttl"},
		{"bad sku", "retry-blind", `{"sku":"pen"}`, "sku"},
		{"no calls", "stock-ok", `{"calls":[]}`, "calls"},
		{"bad stdio fault", "stdio-banner", `{"fault":"smoke"}`, "fault"},
		{"session ttl zero", "ttl-session-expired", `{"ttl":0}`, "ttl"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run(%q, %s) error = %v, want one containing %q", tc.id, tc.params, err, tc.want)
			}
		})
	}
	if _, err := Run(context.Background(), "nope", nil); !errors.Is(err, ErrUnknown) {
		t.Errorf("Run(nope) error = %v, want ErrUnknown", err)
	}
}

func TestOverridesReplaceWholeFields(t *testing.T) {
	res, err := Run(context.Background(), "ttl-renew", json.RawMessage(`{"ops":[{"op":"touch","id":"Z","at":0,"ttl":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if note := res.Final().TTL; note == nil || strings.Contains(res.Events[len(res.Events)-1].Note, "A starts") {
		t.Errorf("the preset's note leaked into the override: %q", res.Events[len(res.Events)-1].Note)
	}
	res, err = Run(context.Background(), "paging-generation-change", json.RawMessage(`{"twist":""}`))
	if err != nil {
		t.Fatal(err)
	}
	if st := res.Final(); !strings.Contains(st.Error, "stale cursor") {
		t.Errorf("with the twist cleared the walk should end on the stale cursor, got %+v", st)
	}
}

// TestNotesFollowTheParameters runs variants whose notes must change with
// the parameters, so that the playground never shows a note its own state
// contradicts.
func TestNotesFollowTheParameters(t *testing.T) {
	tests := []struct {
		name, id, params string
		check            func(r *Result) string
	}{
		{"idempotent retry after a lost request", "retry-idempotent", `{"cut":"before-deliver"}`, func(r *Result) string {
			st := r.Final()
			if len(st.Ledger) != 1 || st.Outcomes[0].Status != trace.OutcomeFailed || strings.Contains(r.Events[len(r.Events)-1].Note, "ran once, as") {
				return "want one reservation and call 1 reconciled as not executed"
			}
			return ""
		}},
		{"blind retry after a lost request", "retry-blind", `{"cut":"before-deliver"}`, func(r *Result) string {
			if st := r.Final(); len(st.Ledger) != 1 || strings.Contains(r.Events[len(r.Events)-1].Note, "Two") {
				return "want one reservation and no talk of two"
			}
			return ""
		}},
		{"session still alive", "ttl-session-expired", `{"ttl":100000,"idle_until":2000}`, func(r *Result) string {
			for _, e := range r.Events {
				if strings.Contains(e.Note, "deadline passed") || strings.Contains(string(e.Payload), `"status":404`) {
					return "a live session was reported expired"
				}
			}
			return ""
		}},
		{"ttl error does not linger", "ttl-renew", `{"ops":[{"op":"touch","id":"A","at":5,"ttl":1},{"op":"expire","at":10},{"op":"expire","at":3},{"op":"touch","id":"B","at":11,"ttl":1}]}`, func(r *Result) string {
			n := len(r.Events)
			if r.Events[n-2].State.Error == "" || len(r.Events[n-2].State.TTL.Expired) != 0 || r.Events[n-1].State.Error != "" {
				return "want the error on its own step only, with no stale expired list"
			}
			return ""
		}},
		{"iterator error is shown", "paging-normal", `{"change_after":1,"changed":[["x"]],"client":"both"}`, func(r *Result) string {
			if st := r.Final(); !strings.Contains(st.Error, "stale cursor") || !slices.Equal(st.Catalog, []string{"alpha"}) {
				return "want the iterator's error and what it yielded"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(res); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestChoicesAreAccepted runs every preset once with each word its form
// offers, so the playground never offers a value that validate or the
// family's run refuses for a reason other than its combination with the
// preset's other parameters.
func TestChoicesAreAccepted(t *testing.T) {
	for _, info := range List() {
		for field, words := range info.Choices {
			for _, w := range words {
				_, err := Run(context.Background(), info.ID, json.RawMessage(fmt.Sprintf(`{%q:%q}`, field, w)))
				if err != nil && (strings.Contains(err.Error(), fmt.Sprintf("%s %q: want", field, w)) || strings.Contains(err.Error(), "has no script")) {
					t.Errorf("%s: %s=%q offered but refused: %v", info.ID, field, w, err)
				}
			}
		}
	}
}

// TestRuntimeComesFromTheFamily keeps the page's choice of wasm build in
// step with what a scenario needs: only streamable HTTP needs another one.
func TestRuntimeComesFromTheFamily(t *testing.T) {
	for _, info := range List() {
		want := ""
		// The families sim.wasm leaves out: wasm/main.go does not import them.
		if slices.Contains([]string{"http-session", "http-2026", "reissue", "handle", "discover", "mrtr", "paging2026", "stdio", "late-response", "session-user", "auth-session", "sse-fragment", "paging-lab", "tool-safety"}, info.Family) {
			want = RuntimeHTTP
		}
		if info.Runtime != want {
			t.Errorf("%s (family %s): Runtime = %q, want %q", info.ID, info.Family, info.Runtime, want)
		}
	}
}

func TestEmptyCursorInEveryShape(t *testing.T) {
	for _, id := range []string{"paging-repeat", "paging-cycle", "paging-endless"} {
		res, err := Run(context.Background(), id, json.RawMessage(`{"empty_cursor_after":1}`))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !slices.ContainsFunc(res.Events, func(e trace.Event) bool { return strings.Contains(e.Raw, `"nextCursor":""`) }) {
			t.Errorf(`%s with empty_cursor_after 1 sent no "nextCursor":""`, id)
		}
	}
}

func TestParametersChangeTheRun(t *testing.T) {
	res, err := Run(context.Background(), "paging-normal", json.RawMessage(`{"pages":[["x","y"],["z"]],"empty_cursor_after":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Final().Catalog; !slices.Equal(got, []string{"x", "y", "z"}) {
		t.Errorf("catalog = %v, want [x y z]", got)
	}
}
