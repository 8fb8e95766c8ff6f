package authsession

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
)

// TestAuthSessionClaims checks the three runs lesson 6 puts side by side:
// 401 and a retry on the same session after re-authenticating, and 404,
// ErrSessionMissing and a new session after a restart or an idle timeout.
func TestAuthSessionClaims(t *testing.T) {
	res, err := play.NewCatalogue(Presets()).Run(context.Background(), "auth-expired-vs-session-gone", nil)
	if err != nil {
		t.Fatal(err)
	}
	xs := playtest.HTTPExchanges(t, res)
	type summary struct {
		statuses []int
		sessions []string // session ids the client sent, in order
		tokens   []string // Authorization headers, deduplicated in order
	}
	runs := map[string]*summary{}
	for _, x := range xs {
		s := runs[x.Run]
		if s == nil {
			s = &summary{}
			runs[x.Run] = s
		}
		if x.Dir == play.S2c {
			s.statuses = append(s.statuses, x.Payload.Status)
			continue
		}
		if sid := x.Payload.SessionID; sid != "" && (len(s.sessions) == 0 || s.sessions[len(s.sessions)-1] != sid) {
			s.sessions = append(s.sessions, sid)
		}
		if a := x.Payload.Headers["Authorization"]; !slices.Contains(s.tokens, a) {
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
	res, err = play.NewCatalogue(Presets()).Run(context.Background(), "auth-expired-vs-session-gone", json.RawMessage(`{"token_ttl":60000,"session_ttl":60000}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range playtest.HTTPExchanges(t, res) {
		if x.Payload.Status >= 400 && x.Run != causeRestart {
			t.Errorf("run %q with long lifetimes got HTTP %d", x.Run, x.Payload.Status)
		}
	}
}
