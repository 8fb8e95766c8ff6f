package sessionuser

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

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
			res, err := play.NewCatalogue(Presets()).Run(context.Background(), "session-user-mismatch", json.RawMessage(`{"token":"`+tc.token+`"}`))
			if err != nil {
				t.Fatal(err)
			}
			xs := playtest.HTTPExchanges(t, res)
			i := slices.IndexFunc(xs, func(x playtest.HTTPExchange) bool { return strings.Contains(x.Raw, `"id":7`) && x.Dir == play.C2s })
			if i < 0 || i+1 >= len(xs) {
				t.Fatal("no scripted request with id 7")
			}
			req, resp := xs[i], xs[i+1]
			if req.Payload.SessionID != "session-1" {
				t.Errorf("scripted request carries session %q, want session-1", req.Payload.SessionID)
			}
			if got := req.Payload.Headers["Authorization"]; (tc.token == tokenNone) != (got == "") {
				t.Errorf("Authorization = %q with token %s", got, tc.token)
			}
			if resp.Payload.Status != tc.wantStatus || !strings.Contains(resp.Raw, tc.wantBody) {
				t.Errorf("answer = %d %q, want %d containing %q", resp.Payload.Status, resp.Raw, tc.wantStatus, tc.wantBody)
			}
			if tc.wantStatus == 401 && !strings.Contains(resp.Payload.Headers["Www-Authenticate"], "resource_metadata=") {
				t.Errorf("401 without WWW-Authenticate resource_metadata: %v", resp.Payload.Headers)
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
