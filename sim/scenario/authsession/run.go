package authsession

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/lateresponse"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpauth"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/ttl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Why the second call of a run fails.
const (
	causeToken   = "token expired"
	causeRestart = "server restarted"
	causeIdle    = "idle timeout"
)

// runAuthSession plays the same call three times, once per cause, each
// run with a fresh server and client: go-sdk's client and its streamable
// HTTP handler behind its bearer-token middleware, protocol 2025-11-25.
func runAuthSession(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	for _, cause := range []string{causeToken, causeRestart, causeIdle} {
		rec.Run = cause
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		if err := authSessionRun(ctx, rec, p, cause); err != nil {
			return fmt.Errorf("run %q: %w", cause, err)
		}
	}
	return nil
}

// authSessionRun is one run: connect, call at 1000 ms, stay idle until
// p.IdleUntil while cause happens, call again and recover as go-sdk and
// the application do.
func authSessionRun(ctx context.Context, rec *trace.Recorder, p *Params, cause string) error {
	start := rec.Now()
	n := 0
	ids := func() string {
		// Numbered, so that the trace replays; a restarted server keeps
		// counting so that its ids stay distinct from the old ones.
		n++
		return fmt.Sprintf("session-%d", n)
	}
	server := fixture.NewServer(fixture.Options{SessionIDs: ids})
	newHandler := func() http.Handler {
		return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	}
	tokens := httpauth.NewTokenTable(rec)
	tokenTTL := int64(0) // tokens outlive the run, except in the run about them
	if cause == causeToken {
		tokenTTL = p.TokenTTL
	}
	sched := ttl.New()
	tap := &httpauth.Tap{H: tokens.Protect(newHandler()), Rec: rec, NoteFor: authSessionNote}
	tap.OnReply = func(req *http.Request, status int, sid string) {
		if sid == "" && req.Method == http.MethodPost {
			sid = req.Header.Get("Mcp-Session-Id")
		}
		if status >= 300 || sid == "" {
			return
		}
		if cause == causeIdle {
			// Every request that reaches a live session renews it.
			sched.Touch(sid, rec.Now(), p.SessionTTL)
		}
		rec.Update(func(s *trace.State) {
			s.Session = sid
			if cause == causeIdle {
				s.TTL = sched.Snapshot()
			}
		})
	}
	user := &httpauth.Bearer{Token: tokens.Issue("alice", tokenTTL)}
	user.Reauth = func() string {
		tok := tokens.Issue("alice", tokenTTL)
		rec.Note("go-sdk v1.8.0 behaviour: on a 401 the client calls its OAuthHandler's Authorize. Here the application signs Alice in again and gets " + tok + " (a real one would use a refresh token or an OAuth flow). go-sdk then retries the same request once, with the new token and the same Mcp-Session-Id.")
		return tok
	}
	intro := map[string]string{
		causeToken:   fmt.Sprintf("Run 1: Alice's access tokens live %d ms; the server keeps sessions as long as it runs.", p.TokenTTL),
		causeRestart: "Run 2: tokens outlive the run; the server process restarts while the client is idle, and its sessions lived in memory.",
		causeIdle:    fmt.Sprintf("Run 3: tokens outlive the run; the application closes sessions idle for %d ms (its policy, on the virtual clock).", p.SessionTTL),
	}[cause]
	rec.Note(intro + " A go-sdk v1.8.0 client and a go-sdk streamable HTTP handler behind go-sdk's RequireBearerToken, protocol 2025-11-25.")
	connect := func() (*mcp.ClientSession, error) {
		rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
		t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap},
			DisableStandaloneSSE: true, MaxRetries: -1, OAuthHandler: user}
		cs, err := play.NewClient().Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: play.V20251125})
		if err == nil {
			rec.Update(func(s *trace.State) { s.Client, s.Protocol = trace.ClientReady, cs.InitializeResult().ProtocolVersion })
		}
		return cs, err
	}
	call := func(cs *mcp.ClientSession, label string) error {
		rec.Update(func(s *trace.State) {
			s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: "get_stock", Status: trace.OutcomePending})
		})
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_stock", Arguments: map[string]any{"query": map[string]any{"sku": "PEN-01"}}})
		rec.Update(func(s *trace.State) {
			o := &s.Outcomes[len(s.Outcomes)-1]
			switch {
			case err != nil:
				o.Status, o.Detail = trace.OutcomeFailed, "the session is gone; get_stock changes nothing, so it is safe to send again"
			default:
				o.Status, o.Detail = trace.OutcomeSucceeded, lateresponse.ResultSummary(res)
			}
		})
		return err
	}

	cs, err := connect()
	if err != nil {
		return err
	}
	defer func() { cs.Close() }()
	rec.Advance(start + authCallAt - rec.Now())
	if err := call(cs, "call 1"); err != nil {
		return err
	}
	rec.Advance(start + p.IdleUntil - rec.Now())
	idle := fmt.Sprintf("The client is idle until %d ms into the run.", p.IdleUntil)
	switch cause {
	case causeToken:
		rec.Note(idle + fmt.Sprintf(" Its token %s, issued at the start, expires at %d ms.", user.Token, p.TokenTTL))
	case causeRestart:
		// The old process's sessions die with it.
		for ss := range server.Sessions() {
			ss.Close()
		}
		tap.SetHandler(tokens.Protect(newHandler()))
		rec.Changed(idle+" Meanwhile the server restarts: a new handler that has never seen session-1.", func(s *trace.State) {})
	case causeIdle:
		expired, _ := sched.Expire(rec.Now())
		for ss := range server.Sessions() {
			if slices.Contains(expired, ss.ID()) {
				ss.Close()
			}
		}
		what := "Its deadline has not passed: nothing expires."
		if len(expired) > 0 {
			what = "The scheduler finds its deadline passed, and the server closes " + strings.Join(expired, ", ") + "."
		}
		rec.Changed(idle+" "+what, func(s *trace.State) {
			s.TTL = sched.Snapshot()
			s.TTL.Expired = expired
		})
	}
	err = call(cs, "call 2")
	if err == nil {
		rec.Note("Call 2 succeeded on " + cs.ID() + ". " + map[bool]string{true: "The 401 cost one extra round trip; the session was never in question.", false: "Nothing had expired."}[cause == causeToken && tokens.Issued("alice") > 1])
		return nil
	}
	if !errors.Is(err, mcp.ErrSessionMissing) {
		return fmt.Errorf("call 2: %v, want ErrSessionMissing or success", err)
	}
	old := cs.ID()
	cs.Close()
	rec.Changed("Call 2 fails with an error wrapping mcp.ErrSessionMissing: "+old+" is gone. A new token would not help; 2025-11-25 says a client that gets 404 for its session id must start a new session with a fresh initialize.", func(s *trace.State) {
		s.Client, s.Error, s.Session = trace.ClientClosed, "mcp.ErrSessionMissing", ""
	})
	cs, err = connect()
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Error = "" })
	if err := call(cs, "call 2, on a new session"); err != nil {
		return err
	}
	rec.Note("A new session, " + cs.ID() + ", with the same token, and the read-only call succeeds. A write would need lesson 7's care: did call 2 run before the session vanished?")
	return nil
}

// authSessionNote is the note of each response in the auth-session family.
func authSessionNote(req *http.Request, status int, body string) string {
	sid := req.Header.Get("Mcp-Session-Id")
	switch {
	case status == http.StatusUnauthorized:
		return "HTTP 401 \"" + body + "\" from go-sdk's RequireBearerToken, before the request reaches any session. WWW-Authenticate says where to get a new token (RFC 9728 metadata). The session " + sid + " is fine."
	case status == http.StatusNotFound:
		return "HTTP 404 \"" + body + "\": the token was good, but the server has no session " + sid + ". 2025-11-25: a server that ended a session answers requests carrying its id with 404."
	case status == http.StatusOK && sid == "" && req.Method == http.MethodPost:
		return "HTTP 200: the server assigns a session id."
	case status == http.StatusAccepted:
		return "202 Accepted: a notification has no response body."
	default:
		return fmt.Sprintf("HTTP %d.", status)
	}
}
