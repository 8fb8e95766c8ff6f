package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
)

// foreignOrigin is the Origin of a page that is not the server's.
const foreignOrigin = "http://mcp-playground-probe.invalid"

// httpCases runs the Streamable HTTP cases: each sends a request a
// client would send but for one header, and checks the status.
func (p *prober) httpCases(t *HTTPTarget) {
	spoken := func(rev string) bool { return slices.Contains(p.rep.Revisions, rev) }
	p.origin(t)
	if spoken(Rev2025) {
		p.http2025(t)
	}
	if spoken(Rev2026) {
		p.http2026(t, !spoken(Rev2025))
	}
}

// timed bounds one raw exchange by the per-request timeout.
func (p *prober) timed() (context.Context, context.CancelFunc) {
	return context.WithTimeout(p.ctx, p.opts.RequestTimeout)
}

// initBody is a 2025-11-25 initialize request.
func initBody(version string) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize",
		"params": map[string]any{"protocolVersion": version, "capabilities": map[string]any{}, "clientInfo": clientInfo}})
	return b
}

// origin sends an initialize from a foreign page's Origin.
func (p *prober) origin(t *HTTPTarget) {
	r := p.begin("http-origin-403", "", "An initialize POST carrying the Origin of another site, as a browser page would send it in a DNS rebinding attack.")
	ctx, cancel := p.timed()
	defer cancel()
	x, err := t.do(ctx, p.tap, http.MethodPost, initBody(Rev2025), map[string]string{"Origin": foreignOrigin}, "")
	switch {
	case err != nil:
		p.broken(r, lessonTransport, err)
	case x.status == http.StatusForbidden:
		p.end(r, Pass, &ruleOrigin, lessonTransport, "a foreign Origin got 403")
	default:
		p.end(r, Fail, &ruleOrigin, lessonTransport, fmt.Sprintf("a foreign Origin (%s) got %d, not 403: a web page could reach this server", foreignOrigin, x.status))
		if s := x.header.Get("Mcp-Session-Id"); s != "" {
			(&httpLink{t: t, tap: p.tap, session: s}).Close()
		}
	}
}

// http2025 opens a 2025-11-25 session by hand and tests its headers.
func (p *prober) http2025(t *HTTPTarget) {
	l := &httpLink{t: t, tap: p.tap}
	r := p.begin("http-notification-202", Rev2025, "A session opened by hand; notifications/initialized must be accepted with 202 and no body.")
	ctx, cancel := p.timed()
	defer cancel()
	if err := l.Send(ctx, initBody(Rev2025)); err == nil {
		_, err = l.Recv(ctx)
		if err != nil {
			p.broken(r, lessonTransport, err)
			return
		}
	}
	defer l.Close()
	x, err := t.do(ctx, p.tap, http.MethodPost, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), l.headersFor(frameFacts{}), "")
	switch {
	case err != nil:
		p.broken(r, lessonTransport, err)
		return
	case x.status != http.StatusAccepted:
		p.end(r, Fail, &ruleAccepted, lessonTransport, fmt.Sprintf("a notification got %d, not 202", x.status))
	case len(x.body) > 0 || len(x.msgs) > 0:
		p.end(r, Fail, &ruleAccepted, lessonTransport, "202, with a body")
	default:
		p.end(r, Pass, &ruleAccepted, lessonTransport, "202 with no body")
	}
	ping := []byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)

	r = p.begin("http-protocol-version-400", Rev2025, "A request in the session, with MCP-Protocol-Version: "+unknownVersion+".")
	h := l.headersFor(frameFacts{})
	h["Mcp-Protocol-Version"] = unknownVersion
	if x, err := t.do(ctx, p.tap, http.MethodPost, ping, h, ""); err != nil {
		p.broken(r, lessonTransport, err)
	} else if x.status != http.StatusBadRequest {
		p.end(r, Fail, &ruleVersionHeader, lessonTransport, fmt.Sprintf("MCP-Protocol-Version %s got %d, not 400", unknownVersion, x.status))
	} else {
		p.end(r, Pass, &ruleVersionHeader, lessonTransport, "an unsupported MCP-Protocol-Version got 400")
	}

	p.sessionGone(t, l, ping)
}

// sessionGone ends the session with DELETE and uses its id again: the
// server MUST answer 404 for a session it terminated. A server that
// refuses DELETE (which 2025-11-25 lets it do, with 405) is asked with an
// id it never issued: the text does not cover that, so it is only noted,
// but a client meets it after a server restart.
func (p *prober) sessionGone(t *HTTPTarget, l *httpLink, ping []byte) {
	r := p.begin("http-session-unknown-404", Rev2025, "")
	if l.session == "" {
		p.end(r, Skip, &ruleSession404, lessonExpiry, "the server assigns no Mcp-Session-Id")
		return
	}
	ctx, cancel := p.timed()
	defer cancel()
	h := l.headersFor(frameFacts{})
	d, err := t.do(ctx, p.tap, http.MethodDelete, nil, h, "The probe ends its session with DELETE.")
	if err != nil {
		p.broken(r, lessonExpiry, err)
		return
	}
	ended := d.status >= 200 && d.status < 300
	what, verdict := "its own ended session", Fail
	if ended {
		l.session = "" // nothing left for Close to end
	} else {
		h["Mcp-Session-Id"] = "mcp-playground-probe-unknown-session"
		what, verdict = "a session id it never issued (DELETE got "+fmt.Sprint(d.status)+")", Note
	}
	x, err := t.do(ctx, p.tap, http.MethodPost, ping, h, "A request naming "+what+".")
	switch {
	case err != nil:
		p.broken(r, lessonExpiry, err)
	case x.status != http.StatusNotFound:
		p.end(r, verdict, &ruleSession404, lessonExpiry, fmt.Sprintf("%s got %d, not 404: a client cannot tell that its session is gone", what, x.status))
	default:
		p.end(r, Pass, &ruleSession404, lessonExpiry, what+" got 404")
	}
}

// http2026 tests the 2026-07-28 header rules: a Mcp-Method that disagrees
// with the body, and GET and DELETE, which a server speaking only
// 2026-07-28 refuses.
func (p *prober) http2026(t *HTTPTarget, only bool) {
	r := p.begin("http-mcp-method-mismatch", Rev2026, "tools/list whose Mcp-Method header says tools/call.")
	ctx, cancel := p.timed()
	defer cancel()
	s := &session{rev: Rev2026, version: Rev2026}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": s.params(nil)})
	l := &httpLink{t: t, tap: p.tap}
	var f frameFacts
	_ = json.Unmarshal(body, &f)
	h := l.headersFor(f)
	h["Mcp-Method"] = "tools/call"
	x, err := t.do(ctx, p.tap, http.MethodPost, body, h, "")
	var code int
	if err == nil && len(x.msgs) > 0 {
		var m struct {
			Error *rpcError `json:"error"`
		}
		if json.Unmarshal(x.msgs[0], &m) == nil && m.Error != nil {
			code = m.Error.Code
		}
	}
	switch {
	case err != nil:
		p.broken(r, lessonMismatch, err)
	case x.status == http.StatusBadRequest && code == -32020:
		p.end(r, Pass, &ruleMismatch, lessonMismatch, "400 with -32020")
	default:
		p.end(r, Fail, &ruleMismatch, lessonMismatch, fmt.Sprintf("a disagreeing Mcp-Method got %d, error code %d; want 400 and -32020", x.status, code))
	}
	for _, m := range []string{http.MethodGet, http.MethodDelete} {
		r := p.begin("http-"+m+"-405", Rev2026, "")
		x, err := t.do(ctx, p.tap, m, nil, map[string]string{"Mcp-Protocol-Version": Rev2026}, m+" with no session: 2026-07-28 has no stream to open and no session to end.")
		switch {
		case err != nil:
			p.broken(r, lessonHTTP2026, err)
		case x.status == http.StatusMethodNotAllowed:
			p.end(r, Pass, &ruleNoGet, lessonHTTP2026, m+" got 405")
		case !only:
			p.end(r, Note, &ruleNoGet, lessonHTTP2026, fmt.Sprintf("%s got %d; the server speaks 2025-11-25 too, where %s has a use", m, x.status, m))
		default:
			p.end(r, Warn, &ruleNoGet, lessonHTTP2026, fmt.Sprintf("%s got %d, not 405", m, x.status))
		}
	}
}
