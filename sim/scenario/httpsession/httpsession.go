// Package httpsession is the http-session family: a 2025-11-25 session on
// streamable HTTP that expires when idle, and the new one the client
// starts.
package httpsession

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpexchange"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/ttl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpTap is an in-process http.RoundTripper: it calls the MCP handler
// directly (no sockets, so it runs in WebAssembly too) and records each
// exchange. The client makes its requests one at a time here (JSON
// responses, no standalone SSE stream), so the record order is the call
// order.
type httpTap struct {
	mu      sync.Mutex
	h       http.Handler
	rec     *trace.Recorder
	onReply func(status int, sessionID string)
}

func (t *httpTap) RoundTrip(req *http.Request) (*http.Response, error) {
	body := httpexchange.TakeBody(req)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rec.Advance(1)
	t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.C2s, Raw: string(body), Note: requestNote(req),
		Payload: trace.MustJSON(trace.HTTPPayload{Method: req.Method, SessionID: req.Header.Get("Mcp-Session-Id"), Headers: httpexchange.ProtocolHeaders(req.Header), Body: httpexchange.JSONOrNil(body)})})
	res, out := httpexchange.ServeBuffered(t.h, req, body)
	sid := res.Header.Get("Mcp-Session-Id")
	if t.onReply != nil {
		// Only the initialize response names the session; later
		// responses belong to the session the request named.
		used := sid
		if used == "" && req.Method == http.MethodPost {
			used = req.Header.Get("Mcp-Session-Id")
		}
		t.onReply(res.StatusCode, used)
	}
	t.rec.Advance(1)
	t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: string(bytes.TrimSpace(out)), Note: responseNote(req, res.StatusCode, sid),
		Payload: trace.MustJSON(trace.HTTPPayload{Status: res.StatusCode, SessionID: sid, Headers: httpexchange.ProtocolHeaders(res.Header), Body: httpexchange.JSONOrNil(bytes.TrimSpace(out))})})
	return res, nil
}

func requestNote(req *http.Request) string {
	sid := req.Header.Get("Mcp-Session-Id")
	switch {
	case req.Method == http.MethodDelete:
		return "DELETE ends the session explicitly."
	case sid == "":
		return "POST with no Mcp-Session-Id: a new session begins with initialize."
	default:
		return "POST carrying Mcp-Session-Id " + sid + "."
	}
}

func responseNote(req *http.Request, status int, sid string) string {
	switch {
	case status == http.StatusNotFound:
		return "HTTP 404: the server no longer knows this session. Specification 2025-11-25: the client must start a new session with a fresh initialize."
	case sid != "" && req.Header.Get("Mcp-Session-Id") == "":
		return "The server assigns the session id " + sid + " in the Mcp-Session-Id header. Every later request must carry it. The simulator numbers its ids so that the trace replays byte for byte; a real server must not: the 2025-11-25 security best practices require secure, non-deterministic session ids."
	case status == http.StatusAccepted:
		return "202 Accepted: a notification has no response body."
	default:
		return fmt.Sprintf("HTTP %d.", status)
	}
}

func runHTTPSession(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	n := 0
	server := fixture.NewServer(fixture.Options{SessionIDs: func() string {
		// Predictable ids keep the trace deterministic. A real server must
		// use unguessable ids, and even those are not authentication.
		n++
		return fmt.Sprintf("session-%d", n)
	}})
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{JSONResponse: true})
	sched := ttl.New()
	ttlState := func(s *trace.State) { s.TTL = sched.Snapshot() }
	tap := &httpTap{h: handler, rec: rec}
	// Every request that reaches a live session renews it: idle expiry
	// measures the time since the session was last used.
	tap.onReply = func(status int, sid string) {
		if status < 300 && sid != "" {
			sched.Touch(sid, rec.Now(), p.TTL)
			rec.Update(func(s *trace.State) { s.Session = sid; s.TTL = sched.Snapshot() })
		}
	}
	httpClient := &http.Client{Transport: tap}
	connect := func() (*mcp.ClientSession, error) {
		t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: httpClient, DisableStandaloneSSE: true, MaxRetries: -1}
		return play.NewClient().Connect(ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: play.V20251125})
	}
	call := func(cs *mcp.ClientSession) (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_stock", Arguments: map[string]any{"query": map[string]any{"sku": "PEN-01"}}})
	}

	rec.Changed(fmt.Sprintf("A go-sdk client talks to a go-sdk streamable HTTP server. The application expires sessions idle for %d ms (its policy, not a protocol constant), on a virtual clock.", p.TTL), ttlState)
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	cs, err := connect()
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	rec.Advance(p.CallAt - rec.Now())
	if _, err := call(cs); err != nil {
		return err
	}
	rec.Advance(p.IdleUntil - rec.Now())
	expired, _ := sched.Expire(rec.Now())
	for ss := range server.Sessions() {
		for _, id := range expired {
			if ss.ID() == id {
				ss.Close()
			}
		}
	}
	note := fmt.Sprintf("The client is idle until %d ms. The scheduler finds the session's deadline passed and the server closes %s.", p.IdleUntil, strings.Join(expired, ", "))
	if len(expired) == 0 {
		note = fmt.Sprintf("The client is idle until %d ms, within the session's idle timeout: nothing expires.", p.IdleUntil)
	}
	rec.Changed(note, func(s *trace.State) {
		s.TTL = sched.Snapshot()
		s.TTL.Expired = expired
	})
	_, err = call(cs)
	if len(expired) == 0 {
		cs.Close()
		if err != nil {
			return err
		}
		rec.Changed("The session was still alive: the call succeeded on it.", func(s *trace.State) { s.Client = trace.ClientClosed })
		return nil
	}
	if !errors.Is(err, mcp.ErrSessionMissing) {
		cs.Close()
		return fmt.Errorf("after expiry the call returned %v, want ErrSessionMissing", err)
	}
	cs.Close()
	rec.Changed("The call fails with an error wrapping mcp.ErrSessionMissing. The old session is gone for good; the client does not retry on it.", func(s *trace.State) {
		s.Client = trace.ClientClosed
		s.Error = "mcp.ErrSessionMissing"
		s.Session = ""
	})
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing; s.Error = "" })
	cs, err = connect()
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	res, err := call(cs)
	if err != nil {
		return err
	}
	if res.IsError {
		return errors.New("the call on the new session failed")
	}
	cs.Close()
	rec.Changed("A fresh initialize gave a new session, and the read-only call succeeded. Safe to repeat because get_stock changes nothing; a write would need the care of the disconnect lesson.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})
	return nil
}
