package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// An HTTPTarget is a Streamable HTTP endpoint. The probe connects to URL
// and to nothing else: it follows no redirect.
type HTTPTarget struct {
	URL string
	// Client sends the requests; nil means a client that follows no
	// redirects. Tests pass one whose transport reaches an in-process
	// handler.
	Client *http.Client
}

func (t *HTTPTarget) client() *http.Client {
	if t.Client != nil {
		return t.Client
	}
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// maxBody bounds one HTTP response body the probe reads.
const maxBody = 8 << 20

// HTTPDialer dials t: each connection is a client of its own, with the
// session id its initialize answer assigns, if any.
func HTTPDialer(t *HTTPTarget) Dialer {
	return func(ctx context.Context, tap *Tap) (Link, error) {
		return &httpLink{t: t, tap: tap}, nil
	}
}

type httpLink struct {
	t       *HTTPTarget
	tap     *Tap
	session string // Mcp-Session-Id, once assigned
	version string // MCP-Protocol-Version for later requests
	queue   [][]byte
	err     error // why the last request brought no message
}

// An exchange is one POST and what came back.
type exchange struct {
	status int
	header http.Header
	msgs   [][]byte // the JSON-RPC messages in the body, JSON or event stream
	body   []byte   // the body, when it was neither
}

// post sends body with the headers and reads the answer, recording both.
// For an event stream it stops at the first response, so that a stream
// the server keeps open does not hold the probe.
func (t *HTTPTarget) do(ctx context.Context, tap *Tap, method string, body []byte, hdr map[string]string, note string) (*exchange, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, t.URL, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	tap.Add(trace.Event{Kind: trace.KindHTTP, Direction: trace.ClientToServer, Raw: string(body), Note: note,
		Payload: trace.MustJSON(trace.HTTPPayload{Method: method, SessionID: req.Header.Get("Mcp-Session-Id"), Headers: mcpHeaders(req.Header), Body: jsonOrNil(body)})})
	resp, err := t.client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, t.URL, err)
	}
	defer resp.Body.Close()
	x := &exchange{status: resp.StatusCode, header: resp.Header}
	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	r := io.LimitReader(resp.Body, maxBody)
	switch ct {
	case "text/event-stream":
		x.msgs, err = readEvents(r)
	default:
		x.body, err = io.ReadAll(r)
		if json.Valid(x.body) && bytes.HasPrefix(bytes.TrimSpace(x.body), []byte("{")) {
			x.msgs, x.body = [][]byte{x.body}, nil
		}
	}
	tap.Add(trace.Event{Kind: trace.KindHTTP, Direction: trace.ServerToClient, Raw: clip(string(x.body), 500),
		Payload: trace.MustJSON(trace.HTTPPayload{Status: resp.StatusCode, SessionID: resp.Header.Get("Mcp-Session-Id"), Headers: mcpHeaders(resp.Header)})})
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return x, fmt.Errorf("reading the answer to %s: %w", method, err)
	}
	return x, nil
}

// readEvents reads an event stream until its first JSON-RPC response
// (which ends a POST's stream in MCP) or its end.
func readEvents(r io.Reader) ([][]byte, error) {
	var msgs [][]byte
	var data []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		line := sc.Text()
		if d, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(d, " "))
			continue
		}
		if line != "" || len(data) == 0 {
			continue
		}
		m := []byte(strings.Join(data, "\n"))
		data = nil
		if !json.Valid(m) || !bytes.HasPrefix(bytes.TrimSpace(m), []byte("{")) {
			continue // a priming event or a comment: no message
		}
		msgs = append(msgs, m)
		var probe struct {
			Method string `json:"method"`
		}
		if json.Unmarshal(m, &probe) == nil && probe.Method == "" {
			return msgs, nil
		}
	}
	return msgs, sc.Err()
}

// mcpHeaders keeps the headers the protocol cares about.
func mcpHeaders(h http.Header) map[string]string {
	out := map[string]string{}
	for _, k := range []string{"Mcp-Method", "Mcp-Name", "Mcp-Protocol-Version", "Origin", "Content-Type", "Allow"} {
		if v := h.Get(k); v != "" {
			out[k] = v
		}
	}
	return out
}

func jsonOrNil(b []byte) json.RawMessage {
	if json.Valid(b) {
		return b
	}
	return nil
}

// frameFacts are what the HTTP headers mirror from a message.
type frameFacts struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name string `json:"name"`
		URI  string `json:"uri"`
		Meta struct {
			Version string `json:"io.modelcontextprotocol/protocolVersion"`
		} `json:"_meta"`
	} `json:"params"`
	Result struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"result"`
}

// headersFor returns the headers a client sends with frame: the session
// id and negotiated version in 2025-11-25; in 2026-07-28 the version,
// Mcp-Method and Mcp-Name mirrored from the body.
func (l *httpLink) headersFor(f frameFacts) map[string]string {
	h := map[string]string{}
	if l.session != "" {
		h["Mcp-Session-Id"] = l.session
	}
	if v := f.Params.Meta.Version; v != "" {
		h["Mcp-Protocol-Version"] = v
		if f.Method != "" {
			h["Mcp-Method"] = f.Method
		}
		if n := f.Params.Name + f.Params.URI; n != "" && f.Method != "" {
			h["Mcp-Name"] = n
		}
	} else if l.version != "" {
		h["Mcp-Protocol-Version"] = l.version
	}
	return h
}

func (l *httpLink) Send(ctx context.Context, frame []byte) error {
	var f frameFacts
	_ = json.Unmarshal(frame, &f)
	x, err := l.t.do(ctx, l.tap, http.MethodPost, frame, l.headersFor(f), "")
	if err != nil {
		// Recv reports it, where the case waits for an answer. A
		// notification waits for none: http-notification-202 judges what a
		// server does with one, and a stale error here would be reported
		// by a later request's case instead.
		if len(f.ID) > 0 {
			l.err = err
		}
		return nil
	}
	if s := x.header.Get("Mcp-Session-Id"); s != "" && f.Method == "initialize" {
		l.session = s
	}
	for _, m := range x.msgs {
		var r frameFacts
		ok := json.Unmarshal(m, &r) == nil
		if ok && r.Result.ProtocolVersion != "" && f.Method == "initialize" {
			l.version = r.Result.ProtocolVersion
		}
		// What answers a notification answers no request: an error with a
		// null id refusing it would otherwise be read as the next request's
		// reply. Only the server's own requests and notifications go on.
		if len(f.ID) == 0 && (!ok || r.Method == "") {
			continue
		}
		l.queue = append(l.queue, m)
	}
	if len(x.msgs) == 0 && len(f.ID) > 0 && f.Method != "" {
		l.err = fmt.Errorf("HTTP %d with no JSON-RPC message: %s", x.status, clip(strings.TrimSpace(string(x.body)), 120))
	}
	return nil
}

func (l *httpLink) Recv(ctx context.Context) ([]byte, error) {
	if len(l.queue) > 0 {
		m := l.queue[0]
		l.queue = l.queue[1:]
		return m, nil
	}
	if err := l.err; err != nil {
		l.err = nil
		return nil, err
	}
	return nil, errors.New("the HTTP answer held no response")
}

// Close ends a 2025-11-25 session with DELETE, as a client should.
func (l *httpLink) Close() string {
	if l.session != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = l.t.do(ctx, l.tap, http.MethodDelete, nil, map[string]string{"Mcp-Session-Id": l.session}, "The probe ends its session.")
	}
	return ""
}
