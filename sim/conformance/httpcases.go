package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
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

// origin sends a request from a foreign page's Origin, in a revision the
// server speaks: an initialize at 2025-11-25, or, to a server that speaks
// only 2026-07-28, a server/discover with that revision's headers, so that
// the Origin is all that is wrong with it (a 2026-07-28 server may refuse
// an initialize with 400 before it looks at the Origin). The row is that
// revision's, and quotes its page. Which Origins are invalid is the
// server's own choice: the text asks it to validate the header, not to
// refuse any list. So the probe fails a server only where the refusal is
// beyond doubt: a server on a loopback address, which no page on another
// site should reach, answering an Origin under the reserved .invalid
// domain. Elsewhere (a public server may serve pages of any site) a
// foreign Origin accepted is a warning, and the message says why.
func (p *prober) origin(t *HTTPTarget) {
	rev, note, wire := Rev2025, "An initialize POST carrying the Origin of another site, as a browser page would send it in a DNS rebinding attack.", ""
	body, hdr := initBody(Rev2025), map[string]string{}
	if !slices.Contains(p.rep.Revisions, Rev2025) && slices.Contains(p.rep.Revisions, Rev2026) {
		s := &session{rev: Rev2026, version: Rev2026}
		body, _ = json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": s.params(nil)})
		var f frameFacts
		_ = json.Unmarshal(body, &f)
		rev, note, wire, hdr = Rev2026, "", "server/discover at "+Rev2026+".", (&httpLink{}).headersFor(f)
	}
	hdr["Origin"] = foreignOrigin
	rule := ruleOrigin[rev]
	r := p.begin("http-origin-403", rev, note)
	ctx, cancel := p.timed()
	defer cancel()
	x, err := t.do(ctx, p.tap, http.MethodPost, body, hdr, wire)
	host, loopback := loopbackTarget(t.URL)
	switch {
	case err != nil:
		p.broken(r, lessonTransport, err, rule, false)
		return
	case x.status == http.StatusForbidden:
		p.end(r, Pass, rule, lessonTransport, "a foreign Origin got 403")
	case loopback:
		p.end(r, Fail, rule, lessonTransport, fmt.Sprintf("a foreign Origin %q got %d, not 403, from a server on loopback address %q: any web page the user opens could reach it", quoted(foreignOrigin), x.status, quoted(host)))
	default:
		p.end(r, Warn, rule, lessonTransport, fmt.Sprintf("a foreign Origin %q got %d, not 403; the server at %q is not on a loopback address, and which Origins are invalid is its own choice, so the probe cannot tell that it had to refuse this one", quoted(foreignOrigin), x.status, quoted(host)))
	}
	if s := x.header.Get("Mcp-Session-Id"); s != "" && x.status != http.StatusForbidden {
		(&httpLink{t: t, tap: p.tap, session: s}).Close()
	}
}

// loopbackTarget returns the host of rawURL and whether it is a loopback
// address (127.0.0.0/8, ::1) or localhost.
func loopbackTarget(rawURL string) (string, bool) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL, false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return host, true
	}
	ip := net.ParseIP(host)
	return host, ip != nil && ip.IsLoopback()
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
			p.broken(r, lessonTransport, err, &ruleAccepted, false)
			return
		}
	}
	defer l.Close()
	x, err := t.do(ctx, p.tap, http.MethodPost, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), l.headersFor(frameFacts{}), "")
	switch {
	case err != nil:
		p.broken(r, lessonTransport, err, &ruleAccepted, true)
		return
	case x.status >= 400:
		// The text's other branch: input the server cannot accept gets
		// an HTTP error status, which the probe cannot call wrong.
		p.end(r, Note, &ruleAccepted, lessonTransport, fmt.Sprintf("a notification got %d: the text lets a server that cannot accept the input answer with an HTTP error status, though this one refused the handshake's last message", x.status))
	case x.status != http.StatusAccepted:
		p.end(r, Fail, &ruleAccepted, lessonTransport, fmt.Sprintf("a notification got %d, neither 202 nor an error status", x.status))
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
		p.broken(r, lessonTransport, err, &ruleVersionHeader, true)
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
		p.broken(r, lessonExpiry, err, &ruleSession404, false)
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
		p.broken(r, lessonExpiry, err, &ruleSession404, ended)
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
		p.broken(r, lessonMismatch, err, &ruleMismatch, true)
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
			p.broken(r, lessonHTTP2026, err, &ruleNoGet, false)
		case x.status == http.StatusMethodNotAllowed:
			p.end(r, Pass, &ruleNoGet, lessonHTTP2026, m+" got 405")
		case !only:
			p.end(r, Note, &ruleNoGet, lessonHTTP2026, fmt.Sprintf("%s got %d; the server speaks 2025-11-25 too, where %s has a use", m, x.status, m))
		default:
			p.end(r, Warn, &ruleNoGet, lessonHTTP2026, fmt.Sprintf("%s got %d, not 405", m, x.status))
		}
	}
}
