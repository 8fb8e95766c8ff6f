package sessionuser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/lateresponse"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpauth"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runSessionUser plays Alice's go-sdk client on an authenticated go-sdk
// streamable HTTP handler, and between two of her calls a request that
// carries her session id with the token p.Token names. That request is
// scripted: go-sdk's client cannot be handed a session id it did not get
// from initialize, and an attacker would not use it anyway.
func runSessionUser(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	n := 0
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger, SessionIDs: func() string {
		n++
		return fmt.Sprintf("session-%d", n)
	}})
	tokens := httpauth.NewTokenTable(rec)
	handler := tokens.Protect(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{JSONResponse: true}))
	tap := &httpauth.Tap{H: handler, Rec: rec, NoteFor: sessionUserNote}
	tap.OnReply = func(req *http.Request, status int, sid string) {
		if status < 300 && sid != "" {
			rec.Update(func(s *trace.State) { s.Session = sid })
		}
	}
	alice := &httpauth.Bearer{Token: tokens.Issue("alice", 0)}
	bobToken := tokens.Issue("bob", 0)

	rec.Note("A go-sdk v1.8.0 client (Alice's) and a go-sdk streamable HTTP server, protocol 2025-11-25. The handler sits behind go-sdk's auth.RequireBearerToken; the application's verifier maps each token to a user id (TokenInfo.UserID). Tokens are numbered so that the trace replays.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap},
		DisableStandaloneSSE: true, MaxRetries: -1, OAuthHandler: alice}
	cs, err := play.NewClient().Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: play.V20251125})
	if err != nil {
		return err
	}
	defer cs.Close()
	rec.Update(func(s *trace.State) { s.Client, s.Protocol = trace.ClientReady, cs.InitializeResult().ProtocolVersion })
	sid := cs.ID()
	read := func(label string) error {
		rec.Update(func(s *trace.State) {
			s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: "get_stock", Status: trace.OutcomePending})
		})
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_stock", Arguments: map[string]any{"query": map[string]any{"sku": "PEN-01"}}})
		if err != nil {
			return err
		}
		rec.Update(func(s *trace.State) {
			o := &s.Outcomes[len(s.Outcomes)-1]
			o.Status, o.Detail = trace.OutcomeSucceeded, lateresponse.ResultSummary(res)
		})
		return nil
	}
	if err := read("Alice, call 1"); err != nil {
		return err
	}

	// The other request, built by hand: Alice's session id and protocol
	// header, someone's token, a write in Alice's name.
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"reserve_stock","arguments":{"quantity":5,"sku":"PEN-01"}}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://fixture.invalid/mcp", strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Mcp-Protocol-Version", play.V20251125)
	who := map[string]string{tokenBob: "Bob, another signed-in user with a valid token of his own,", tokenAlice: "a second client of Alice's, with a new token of her own,", tokenNone: "someone with no token at all"}[p.Token]
	switch p.Token {
	case tokenBob:
		req.Header.Set("Authorization", "Bearer "+bobToken)
	case tokenAlice:
		req.Header.Set("Authorization", "Bearer "+tokens.Issue("alice", 0))
	}
	rec.Note(fmt.Sprintf("Now %s sends a request carrying Alice's session id %s (seen in a log, a proxy, a shared screen). Scripted: go-sdk's client only sends the session id its own initialize received.", who, sid))
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "the other request", Tool: "reserve_stock", Status: trace.OutcomePending})
	})
	res, err := tap.RoundTrip(req)
	if err != nil {
		return err
	}
	var text bytes.Buffer
	text.ReadFrom(res.Body)
	res.Body.Close()
	status, detail := trace.OutcomeFailed, fmt.Sprintf("HTTP %d: %s", res.StatusCode, firstLine(text.String()))
	if res.StatusCode < 300 {
		var r struct {
			Result mcp.CallToolResult `json:"result"`
		}
		json.Unmarshal(text.Bytes(), &r)
		status, detail = trace.OutcomeSucceeded, "HTTP 200: "+lateresponse.ResultSummary(&r.Result)
	}
	rec.Changed(fmt.Sprintf("HTTP %d. The ledger, which only the server sees, holds %d reservation(s).", res.StatusCode, len(ledger.Entries())), func(s *trace.State) {
		o := &s.Outcomes[len(s.Outcomes)-1]
		o.Status, o.Detail = status, detail
		s.Ledger = ledger.Entries()
	})
	if err := read("Alice, call 2"); err != nil {
		return err
	}
	rec.Changed("Alice's session is untouched: her next call, with her own token, succeeds on "+sid+".", func(s *trace.State) {})
	return nil
}

// sessionUserNote is the note of each response in the session-user family.
func sessionUserNote(req *http.Request, status int, body string) string {
	switch {
	case status == http.StatusForbidden && strings.Contains(body, "session user mismatch"):
		return "HTTP 403 \"session user mismatch\". go-sdk v1.8.0 behaviour: the handler remembered the TokenInfo.UserID that created the session (alice) and refuses a request for it from any other user (bob) before it reads the body. Nothing ran."
	case status == http.StatusUnauthorized:
		return "HTTP 401 from go-sdk's RequireBearerToken: no bearer token. WWW-Authenticate points at the protected resource metadata (RFC 9728), where a client finds the authorization server. The session id alone got nowhere."
	case status == http.StatusOK && req.Header.Get("Mcp-Session-Id") == "" && req.Method == http.MethodPost:
		return "HTTP 200: the server assigns a session id, and go-sdk v1.8.0 binds it to the user id from this request's token."
	case status == http.StatusAccepted:
		return "202 Accepted: a notification has no response body."
	case strings.Contains(body, `"reservation"`):
		return "HTTP 200: the token belongs to the same user as the session, so go-sdk v1.8.0 lets the request use it. A second client of Alice's may share her session; the check is on the user, not on the token."
	default:
		return fmt.Sprintf("HTTP %d.", status)
	}
}

// firstLine is the first line of a plain-text body, cut short.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 80 {
		line = line[:80] + "…"
	}
	return line
}
