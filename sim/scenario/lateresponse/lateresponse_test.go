package lateresponse

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/reissue"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestLateResponseClaims checks what lesson 7 says about a late response
// meeting a reused id: both sessions number the call 2, the misrouted
// response settles the wrong call, and a proxy that drops it does not.
func TestLateResponseClaims(t *testing.T) {
	tests := []struct {
		proxy      string
		wantDetail string
	}{
		{proxyMisroute, "wrong answer: reservation 1: 2 of PEN-01"},
		{proxyDrop, "PEN-01 in stock: 12 piece"},
	}
	for _, tc := range tests {
		t.Run(tc.proxy, func(t *testing.T) {
			res, err := play.NewCatalogue(Presets()).Run(context.Background(), "late-response-reused-id", json.RawMessage(`{"proxy":"`+tc.proxy+`"}`))
			if err != nil {
				t.Fatal(err)
			}
			// Both tools/call requests carry id 2, one in each run.
			ids := map[string]string{}
			for _, e := range res.Events {
				if e.Kind == trace.KindMessage && e.Direction == play.C2s && strings.Contains(e.Raw, `"method":"tools/call"`) {
					ids[e.Run] = reissue.RequestID([]byte(e.Raw))
				}
			}
			if ids["old connection"] != "2" || ids["new session"] != "2" {
				t.Errorf("tools/call ids by run = %v, want 2 in both", ids)
			}
			st := res.Final()
			if len(st.Outcomes) != 2 || st.Outcomes[0].Status != trace.OutcomeUnknown || st.Outcomes[1].Status != trace.OutcomeSucceeded {
				t.Fatalf("outcomes = %+v, want call 1 UNKNOWN and call 2 SUCCEEDED", st.Outcomes)
			}
			if got := st.Outcomes[1].Detail; got != tc.wantDetail {
				t.Errorf("call 2 detail = %q, want %q", got, tc.wantDetail)
			}
			if len(st.Ledger) != 1 {
				t.Errorf("ledger = %+v, want one reservation", st.Ledger)
			}
			// The reservation result crosses into the new session only
			// when the proxy misroutes it.
			crossed := false
			for _, e := range res.Events {
				if e.Run == "new session" && e.Direction == play.S2c && strings.Contains(e.Raw, `\"reservation\":1`) {
					crossed = true
				}
			}
			if crossed != (tc.proxy == proxyMisroute) {
				t.Errorf("reservation result in the new session = %v, want %v", crossed, tc.proxy == proxyMisroute)
			}
		})
	}
}
