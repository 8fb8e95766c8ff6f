package scenario

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// httpExchange is one recorded HTTP event, decoded.
type httpExchange struct {
	run     string
	dir     string
	raw     string
	payload trace.HTTPPayload
}

func httpExchanges(t *testing.T, r *Result) []httpExchange {
	t.Helper()
	var out []httpExchange
	for _, e := range r.Events {
		if e.Kind != trace.KindHTTP {
			continue
		}
		var p trace.HTTPPayload
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatalf("event %d: %v", e.Seq, err)
		}
		out = append(out, httpExchange{e.Run, e.Direction, e.Raw, p})
	}
	return out
}

// TestSessionUserClaims checks what lesson 6 says about a session id
// presented with someone else's token: go-sdk answers 403 "session user
// mismatch" and runs nothing, the same user's token passes, no token gets
// 401, and Alice's session carries on.
func TestSessionUserClaims(t *testing.T) {
	tests := []struct {
		token      string
		wantStatus int
		wantBody   string
		wantLedger int
	}{
		{tokenBob, 403, "session user mismatch", 0},
		{tokenAlice, 200, `"reservation":1`, 1},
		{tokenNone, 401, "no bearer token", 0},
	}
	for _, tc := range tests {
		t.Run(tc.token, func(t *testing.T) {
			res, err := Run(context.Background(), "session-user-mismatch", json.RawMessage(`{"token":"`+tc.token+`"}`))
			if err != nil {
				t.Fatal(err)
			}
			xs := httpExchanges(t, res)
			i := slices.IndexFunc(xs, func(x httpExchange) bool { return strings.Contains(x.raw, `"id":7`) && x.dir == play.C2s })
			if i < 0 || i+1 >= len(xs) {
				t.Fatal("no scripted request with id 7")
			}
			req, resp := xs[i], xs[i+1]
			if req.payload.SessionID != "session-1" {
				t.Errorf("scripted request carries session %q, want session-1", req.payload.SessionID)
			}
			if got := req.payload.Headers["Authorization"]; (tc.token == tokenNone) != (got == "") {
				t.Errorf("Authorization = %q with token %s", got, tc.token)
			}
			if resp.payload.Status != tc.wantStatus || !strings.Contains(resp.raw, tc.wantBody) {
				t.Errorf("answer = %d %q, want %d containing %q", resp.payload.Status, resp.raw, tc.wantStatus, tc.wantBody)
			}
			if tc.wantStatus == 401 && !strings.Contains(resp.payload.Headers["Www-Authenticate"], "resource_metadata=") {
				t.Errorf("401 without WWW-Authenticate resource_metadata: %v", resp.payload.Headers)
			}
			st := res.Final()
			if len(st.Ledger) != tc.wantLedger {
				t.Errorf("ledger = %+v, want %d reservations", st.Ledger, tc.wantLedger)
			}
			if n := len(st.Outcomes); n != 3 || st.Outcomes[2].Status != trace.OutcomeSucceeded || st.Session != "session-1" {
				t.Errorf("final outcomes %+v session %q, want Alice's call 2 SUCCEEDED on session-1", st.Outcomes, st.Session)
			}
		})
	}
}

// TestAuthSessionClaims checks the three runs lesson 6 puts side by side:
// 401 and a retry on the same session after re-authenticating, and 404,
// ErrSessionMissing and a new session after a restart or an idle timeout.
func TestAuthSessionClaims(t *testing.T) {
	res, err := Run(context.Background(), "auth-expired-vs-session-gone", nil)
	if err != nil {
		t.Fatal(err)
	}
	xs := httpExchanges(t, res)
	type summary struct {
		statuses []int
		sessions []string // session ids the client sent, in order
		tokens   []string // Authorization headers, deduplicated in order
	}
	runs := map[string]*summary{}
	for _, x := range xs {
		s := runs[x.run]
		if s == nil {
			s = &summary{}
			runs[x.run] = s
		}
		if x.dir == play.S2c {
			s.statuses = append(s.statuses, x.payload.Status)
			continue
		}
		if sid := x.payload.SessionID; sid != "" && (len(s.sessions) == 0 || s.sessions[len(s.sessions)-1] != sid) {
			s.sessions = append(s.sessions, sid)
		}
		if a := x.payload.Headers["Authorization"]; !slices.Contains(s.tokens, a) {
			s.tokens = append(s.tokens, a)
		}
	}
	tests := []struct {
		run          string
		wantStatuses []int
		wantSessions []string
		wantTokens   []string
	}{
		{causeToken, []int{200, 202, 200, 401, 200, 204}, []string{"session-1"}, []string{"Bearer alice-token-1", "Bearer alice-token-2"}},
		{causeRestart, []int{200, 202, 200, 404, 200, 202, 200, 204}, []string{"session-1", "session-2"}, []string{"Bearer alice-token-1"}},
		{causeIdle, []int{200, 202, 200, 404, 200, 202, 200, 204}, []string{"session-1", "session-2"}, []string{"Bearer alice-token-1"}},
	}
	for _, tc := range tests {
		s := runs[tc.run]
		if s == nil {
			t.Errorf("no run %q", tc.run)
			continue
		}
		if !slices.Equal(s.statuses, tc.wantStatuses) || !slices.Equal(s.sessions, tc.wantSessions) || !slices.Equal(s.tokens, tc.wantTokens) {
			t.Errorf("run %q: statuses %v sessions %v tokens %v; want %v %v %v", tc.run, s.statuses, s.sessions, s.tokens, tc.wantStatuses, tc.wantSessions, tc.wantTokens)
		}
	}
	// Long-lived tokens and sessions: only the restart still loses one.
	res, err = Run(context.Background(), "auth-expired-vs-session-gone", json.RawMessage(`{"token_ttl":60000,"session_ttl":60000}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range httpExchanges(t, res) {
		if x.payload.Status >= 400 && x.run != causeRestart {
			t.Errorf("run %q with long lifetimes got HTTP %d", x.run, x.payload.Status)
		}
	}
}
