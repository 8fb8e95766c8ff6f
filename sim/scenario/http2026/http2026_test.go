package http2026

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// exchanges returns the HTTP events of r with their payloads decoded.
func exchanges(r *play.Result) ([]trace.Event, []trace.HTTPPayload) {
	var es []trace.Event
	var ps []trace.HTTPPayload
	for _, e := range r.Events {
		if e.Kind != trace.KindHTTP {
			continue
		}
		var p trace.HTTPPayload
		json.Unmarshal(e.Payload, &p)
		es, ps = append(es, e), append(ps, p)
	}
	return es, ps
}

// noSessions reports what, if anything, in r's HTTP events belongs to a
// 2025-11-25 session: a session id, a GET or a DELETE.
func noSessions(r *play.Result) string {
	es, ps := exchanges(r)
	for i, p := range ps {
		if p.SessionID != "" || p.Method == "GET" || p.Method == "DELETE" {
			return fmt.Sprintf("event %d: session id %q, method %q", es[i].Seq, p.SessionID, p.Method)
		}
	}
	return ""
}

// TestHTTP2026Claims checks that each http-2026 scenario's trace shows what
// its summary says.
func TestHTTP2026Claims(t *testing.T) {
	tests := []struct {
		id    string
		check func(r *play.Result) string
	}{
		{"http2026-headers", func(r *play.Result) string {
			if msg := noSessions(r); msg != "" {
				return msg
			}
			es, ps := exchanges(r)
			var methods []string
			for i, p := range ps {
				if es[i].Direction != play.C2s {
					continue
				}
				var body struct {
					Method string `json:"method"`
					Params struct {
						Name string `json:"name"`
					} `json:"params"`
				}
				json.Unmarshal(p.Body, &body)
				if p.Method != "POST" || p.Headers["Mcp-Method"] != body.Method || p.Headers["Mcp-Protocol-Version"] != play.V20260728 || p.Headers["Mcp-Name"] != body.Params.Name {
					return fmt.Sprintf("event %d: headers %v do not mirror %s", es[i].Seq, p.Headers, p.Body)
				}
				methods = append(methods, body.Method)
			}
			if !slices.Equal(methods, []string{"server/discover", "tools/call"}) {
				return fmt.Sprintf("requests %v, want server/discover, tools/call", methods)
			}
			if st := r.Final(); st.Client != trace.ClientClosed || outcomeOf(st, 0) != trace.OutcomeSucceeded {
				return "want the call SUCCEEDED and the client CLOSED"
			}
			return ""
		}},
		{"http2026-header-mismatch", func(r *play.Result) string {
			if msg := noSessions(r); msg != "" {
				return msg
			}
			if !slices.ContainsFunc(r.Events, func(e trace.Event) bool {
				return e.Kind == trace.KindFault && strings.Contains(string(e.Payload), "Mcp-Name get_stock")
			}) {
				return "want the proxy's rewrite of Mcp-Name recorded"
			}
			_, ps := exchanges(r)
			if !slices.ContainsFunc(ps, func(p trace.HTTPPayload) bool {
				return p.Status == 400 && strings.Contains(string(p.Body), `"code":-32020`)
			}) {
				return "want 400 with -32020"
			}
			if st := r.Final(); outcomeOf(st, 0) != trace.OutcomeFailed || outcomeOf(st, 1) != trace.OutcomeSucceeded {
				return "want call 1 FAILED and call 2 SUCCEEDED"
			}
			return ""
		}},
		{"http2026-listen", func(r *play.Result) string {
			if msg := noSessions(r); msg != "" {
				return msg
			}
			es, ps := exchanges(r)
			i := slices.IndexFunc(ps, func(p trace.HTTPPayload) bool { return p.Headers["Mcp-Method"] == "subscriptions/listen" })
			if i < 0 || i+3 >= len(ps) || ps[i+1].Status != 200 || ps[i+1].Body != nil {
				return "want subscriptions/listen answered by an open stream"
			}
			if !strings.Contains(string(ps[i+2].Body), "notifications/subscriptions/acknowledged") || !strings.Contains(string(ps[i+3].Body), "notifications/tools/list_changed") ||
				!strings.Contains(es[i+3].Raw, `"io.modelcontextprotocol/subscriptionId":2`) {
				return "want the acknowledgement, then tools/list_changed tagged with the subscription id, on the stream"
			}
			if st := r.Final(); !slices.Equal(st.Catalog, []string{"count_stock", "get_stock"}) {
				return fmt.Sprintf("catalog %v, want count_stock, get_stock", st.Catalog)
			}
			return ""
		}},
		{"http2025-session", func(r *play.Result) string {
			es, ps := exchanges(r)
			var seen []string
			for i, p := range ps {
				if p.Headers["Mcp-Method"] != "" || strings.Contains(string(p.Body), "server/discover") {
					return fmt.Sprintf("event %d: a 2026-07-28 header or server/discover in a pinned 2025-11-25 session", es[i].Seq)
				}
				switch {
				case p.Method == "POST" && BodyMethod(p.Body) == "initialize" && p.SessionID == "":
					seen = append(seen, "initialize")
				case es[i].Direction == play.S2c && p.SessionID != "":
					seen = append(seen, "session id")
				case p.Method == "GET" && p.SessionID != "":
					seen = append(seen, "GET")
				case p.Method == "POST" && BodyMethod(p.Body) == "tools/call" && p.SessionID != "":
					seen = append(seen, "call in session")
				case p.Method == "DELETE" && p.SessionID != "":
					seen = append(seen, "DELETE")
				}
			}
			if want := []string{"initialize", "session id", "GET", "call in session", "DELETE"}; !slices.Equal(seen, want) {
				return fmt.Sprintf("saw %v, want %v", seen, want)
			}
			if got := playtest.ClientStates(r); !slices.Equal(got, []string{"NEW", "INITIALIZING", "READY", "CLOSED"}) {
				return "client states " + strings.Join(got, " → ")
			}
			return ""
		}},
		{"http2026-stateful-fallback", func(r *play.Result) string {
			es, ps := exchanges(r)
			var seen []string
			for i, p := range ps {
				switch {
				case es[i].Direction == play.S2c && strings.Contains(string(p.Body), `"supportedVersions":["2025-11-25"`):
					seen = append(seen, "discover lists no 2026-07-28")
				case p.Method == "POST" && BodyMethod(p.Body) == "initialize" && strings.Contains(string(p.Body), `"protocolVersion":"2025-11-25"`):
					seen = append(seen, "initialize")
				case es[i].Direction == play.S2c && p.SessionID != "":
					seen = append(seen, "session id")
				case p.Method == "GET" && p.SessionID != "":
					seen = append(seen, "GET")
				case p.Method == "DELETE" && p.SessionID != "":
					seen = append(seen, "DELETE")
				}
			}
			if want := []string{"discover lists no 2026-07-28", "initialize", "session id", "GET", "DELETE"}; !slices.Equal(seen, want) {
				return fmt.Sprintf("saw %v, want %v", seen, want)
			}
			if st := r.Final(); st.Protocol != play.V20251125 || outcomeOf(st, 0) != trace.OutcomeSucceeded {
				return "want the call SUCCEEDED at 2025-11-25"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if msg := tc.check(playtest.MustRun(t, Presets(), tc.id)); msg != "" {
				t.Error(msg)
			}
		})
	}
}

func outcomeOf(st trace.State, i int) string {
	if i >= len(st.Outcomes) {
		return ""
	}
	return st.Outcomes[i].Status
}

func TestHTTP2026RejectsBadInput(t *testing.T) {
	for _, params := range []string{`{"shape":"sessions"}`, `{"proxy_name":"get_stock"}`, `{"proxy_name":"a b"}`, `{"proxy_name":""}`} {
		if _, err := play.NewCatalogue(Presets()).Run(context.Background(), "http2026-header-mismatch", json.RawMessage(params)); err == nil {
			t.Errorf("Run(http2026-header-mismatch, %s) succeeded, want an error", params)
		}
	}
}
