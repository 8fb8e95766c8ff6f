package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handler serves the fixture over Streamable HTTP: a 2025-11-25 session
// per initialize (its id in Mcp-Session-Id) and a connection of its own
// for each request that comes without one, as a 2026-07-28 request does.
// It answers every request with one JSON object. It refuses a foreign
// Origin (403), an unsupported MCP-Protocol-Version (400), a Mcp-Method
// that disagrees with the body (400, -32020) and a session id it does not
// hold (404). In ttl-session-expired it forgets each session once the
// session has answered a tools/list.
func (f *Fixture) Handler() http.Handler {
	f.mu.Lock()
	f.rec.Transport = trace.StreamableHTTP
	f.mu.Unlock()
	return &httpFront{f: f, sessions: map[string]*frontSession{}}
}

type httpFront struct {
	f        *Fixture
	mu       sync.Mutex
	sessions map[string]*frontSession
	n        int
}

// A frontSession is the client's end of one connection to the server.
type frontSession struct {
	mu   sync.Mutex // one request at a time
	conn mcp.Connection
	ss   *mcp.ServerSession
}

func (h *httpFront) dial(ctx context.Context) (*frontSession, error) {
	ct, st := mcp.NewInMemoryTransports()
	ss, err := h.f.server.Connect(context.Background(), h.f.Transport(st), nil)
	if err != nil {
		return nil, err
	}
	c, err := ct.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &frontSession{conn: c, ss: ss}, nil
}

func (s *frontSession) close() { _ = s.conn.Close(); _ = s.ss.Close() }

func (h *httpFront) status(w http.ResponseWriter, code int, msg string) {
	h.f.mu.Lock()
	h.f.wire = append(h.f.wire, wireMsg{status: code})
	h.f.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: trace.ServerToClient, Transport: trace.StreamableHTTP,
		Payload: trace.MustJSON(trace.HTTPPayload{Status: code}), Note: msg})
	h.f.mu.Unlock()
	http.Error(w, msg, code)
}

func (h *httpFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if o := r.Header.Get("Origin"); o != "" {
		if u, err := url.Parse(o); err != nil || u.Host != r.Host {
			h.status(w, http.StatusForbidden, fmt.Sprintf("foreign Origin %q", quoted(o)))
			return
		}
	}
	sid := r.Header.Get("Mcp-Session-Id")
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		if h.take(sid) {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		fallthrough
	default:
		w.Header().Set("Allow", "POST, DELETE")
		h.status(w, http.StatusMethodNotAllowed, fmt.Sprintf("%q has nothing to serve here", quoted(r.Method)))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxLine))
	if err != nil {
		h.status(w, http.StatusBadRequest, fmt.Sprintf("reading the body: %q", quoted(err.Error())))
		return
	}
	msg, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		h.status(w, http.StatusBadRequest, fmt.Sprintf("not a JSON-RPC message: %q", quoted(err.Error())))
		return
	}
	var facts frameFacts
	_ = json.Unmarshal(body, &facts)
	modern := facts.Params.Meta.Version != ""
	v := r.Header.Get("Mcp-Protocol-Version")
	switch {
	case modern && (v != facts.Params.Meta.Version || r.Header.Get("Mcp-Method") != facts.Method):
		// 2026-07-28: the headers mirror the body; the server itself
		// answers a version it does not implement, with -32022.
		h.mismatch(w, facts.ID, r.Header.Get("Mcp-Method")+" "+v, facts.Method+" "+facts.Params.Meta.Version)
		return
	case !modern && v != "" && !slices.Contains(mcp.SupportedProtocolVersions(), v):
		h.status(w, http.StatusBadRequest, fmt.Sprintf("unsupported MCP-Protocol-Version %q", quoted(v)))
		return
	}
	var s *frontSession
	switch {
	case sid != "":
		h.mu.Lock()
		s = h.sessions[sid]
		h.mu.Unlock()
		if s == nil {
			h.status(w, http.StatusNotFound, fmt.Sprintf("no session %q", quoted(sid)))
			return
		}
	default:
		if s, err = h.dial(r.Context()); err != nil {
			h.status(w, http.StatusInternalServerError, fmt.Sprintf("%q", quoted(err.Error())))
			return
		}
		if facts.Method == "initialize" {
			h.mu.Lock()
			h.n++
			sid = fmt.Sprintf("fixture-session-%d", h.n)
			h.sessions[sid] = s
			h.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", sid)
		} else {
			defer s.close()
			sid = ""
		}
	}
	resp, err := s.forward(r.Context(), msg)
	if err != nil {
		h.status(w, http.StatusInternalServerError, fmt.Sprintf("%q", quoted(err.Error())))
		return
	}
	if resp == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if h.f.Scenario == "ttl-session-expired" && sid != "" && facts.Method == "tools/list" {
		h.take(sid)
		h.f.mu.Lock()
		h.f.expired = sid
		h.f.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	if e, ok := resp.Error.(*jsonrpc.Error); ok && modern && e.Code == mcp.CodeUnsupportedProtocolVersion {
		w.WriteHeader(http.StatusBadRequest)
	}
	out, _ := jsonrpc.EncodeMessage(resp)
	_, _ = w.Write(out)
}

// take forgets a session and reports whether there was one.
func (h *httpFront) take(sid string) bool {
	h.mu.Lock()
	s := h.sessions[sid]
	delete(h.sessions, sid)
	h.mu.Unlock()
	if s != nil {
		s.close()
	}
	return s != nil
}

func (h *httpFront) mismatch(w http.ResponseWriter, id json.RawMessage, header, body string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	h.f.mu.Lock()
	h.f.wire = append(h.f.wire, wireMsg{status: http.StatusBadRequest})
	h.f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": -32020, "message": fmt.Sprintf("headers %q disagree with the body's %q", quoted(header), quoted(body))}})
}

// forward writes msg and, for a request, returns its response; a request
// from the server in between is refused, since an HTTP client without a
// stream cannot be asked.
func (s *frontSession) forward(ctx context.Context, msg jsonrpc.Message) (*jsonrpc.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.conn.Write(ctx, msg); err != nil {
		return nil, err
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() {
		return nil, nil
	}
	for {
		m, err := s.conn.Read(ctx)
		if err != nil {
			return nil, err
		}
		switch m := m.(type) {
		case *jsonrpc.Response:
			if m.ID == req.ID {
				return m, nil
			}
		case *jsonrpc.Request:
			if m.ID.IsValid() {
				_ = s.conn.Write(ctx, &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no stream to ask the client on"}})
			}
		}
	}
}
