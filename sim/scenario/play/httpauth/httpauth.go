// Package httpauth holds the Bearer-token parts the families that
// authenticate share: a tap that records who asks and why they were
// refused, a token table on the virtual clock, and the client's Bearer.
package httpauth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpexchange"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"golang.org/x/oauth2"
)

// The families of lessons 6 and 7 that put authentication in front of a
// streamable HTTP session share what is in this file: a tap that records
// the headers authentication adds, a token table on the virtual clock,
// and the client's side of re-authenticating.

// resourceMetadataURL is what go-sdk's Bearer-token middleware names in
// WWW-Authenticate, so that a client can find the authorization server.
const resourceMetadataURL = "http://fixture.invalid/.well-known/oauth-protected-resource"

// A Tap is an in-process http.RoundTripper like the http-session family's that also
// records Authorization, WWW-Authenticate and plain-text bodies: the parts
// of an exchange that say who is asking and why they were refused. The
// client makes one request at a time here (JSON responses, no standalone
// SSE stream), so the record order is the call order. h may be replaced
// between requests, as a restart replaces a server process.
type Tap struct {
	mu  sync.Mutex
	H   http.Handler
	Rec *trace.Recorder
	// OnReply, if set, sees each response before it is recorded, so that
	// the scenario can put what it means into the state recorded with it.
	OnReply func(req *http.Request, status int, sid string)
	// NoteFor returns the note of a response.
	NoteFor func(req *http.Request, status int, body string) string
}

func (t *Tap) RoundTrip(req *http.Request) (*http.Response, error) {
	body := httpexchange.TakeBody(req)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Rec.Advance(1)
	t.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.C2s, Raw: string(body), Note: authRequestNote(req),
		Payload: trace.MustJSON(trace.HTTPPayload{Method: req.Method, SessionID: req.Header.Get("Mcp-Session-Id"), Headers: authHeaders(req.Header), Body: httpexchange.JSONOrNil(body)})})
	res, out := httpexchange.ServeBuffered(t.H, req, body)
	sid := res.Header.Get("Mcp-Session-Id")
	if t.OnReply != nil {
		t.OnReply(req, res.StatusCode, sid)
	}
	text := string(bytes.TrimSpace(out))
	note := fmt.Sprintf("HTTP %d.", res.StatusCode)
	if t.NoteFor != nil {
		note = t.NoteFor(req, res.StatusCode, text)
	}
	t.Rec.Advance(1)
	t.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: text, Note: note,
		Payload: trace.MustJSON(trace.HTTPPayload{Status: res.StatusCode, SessionID: sid, Headers: authHeaders(res.Header), Body: httpexchange.JSONOrNil([]byte(text))})})
	return res, nil
}

// SetHandler replaces the server behind the tap.
func (t *Tap) SetHandler(h http.Handler) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.H = h
}

// authHeaders are [httpexchange.ProtocolHeaders] plus the two headers of Bearer-token
// authentication.
func authHeaders(h http.Header) map[string]string {
	out := httpexchange.ProtocolHeaders(h)
	for _, name := range []string{"Authorization", "Www-Authenticate"} {
		if v := h.Get(name); v != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[http.CanonicalHeaderKey(name)] = v
		}
	}
	return out
}

func authRequestNote(req *http.Request) string {
	sid := req.Header.Get("Mcp-Session-Id")
	who := "no Authorization header"
	if a := req.Header.Get("Authorization"); a != "" {
		who = a
	}
	switch {
	case req.Method == http.MethodDelete:
		return "DELETE ends the session (" + who + ")."
	case sid == "":
		return "POST with no Mcp-Session-Id (" + who + "): a new session begins with initialize."
	default:
		return "POST carrying Mcp-Session-Id " + sid + " (" + who + ")."
	}
}

// A TokenTable is the authorization server and the resource server's
// verifier in one: it issues Bearer tokens for users and says, on the
// virtual clock, whether one is still valid.
type TokenTable struct {
	rec    *trace.Recorder
	mu     sync.Mutex
	n      map[string]int // tokens issued per user
	tokens map[string]issued
}

type issued struct {
	user      string
	expiresAt int64 // virtual ms; 0 for never
}

// Issued returns how many tokens the table has issued to user.
func (tt *TokenTable) Issued(user string) int {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return tt.n[user]
}

// NewTokenTable returns an empty table on rec's virtual clock.
func NewTokenTable(rec *trace.Recorder) *TokenTable {
	return &TokenTable{rec: rec, n: map[string]int{}, tokens: map[string]issued{}}
}

// Issue returns a new token for user that expires ttl ms from now, or
// never when ttl is 0. Tokens are numbered so that traces replay; a real
// authorization server issues unguessable ones.
func (tt *TokenTable) Issue(user string, ttl int64) string {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	tt.n[user]++
	tok := fmt.Sprintf("%s-token-%d", user, tt.n[user])
	exp := int64(0)
	if ttl > 0 {
		exp = tt.rec.Now() + ttl
	}
	tt.tokens[tok] = issued{user: user, expiresAt: exp}
	return tok
}

// verify is an [auth.TokenVerifier]: the application's half of go-sdk's
// RequireBearerToken middleware.
func (tt *TokenTable) verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	it, ok := tt.tokens[token]
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: unknown token", auth.ErrInvalidToken)
	case it.expiresAt != 0 && tt.rec.Now() >= it.expiresAt:
		return nil, fmt.Errorf("%w: token expired", auth.ErrInvalidToken)
	}
	return &auth.TokenInfo{UserID: it.user}, nil
}

// Protect wraps h in go-sdk's Bearer-token middleware with the table as
// its verifier. The middleware would compare TokenInfo.Expiration with the
// wall clock; the table decides expiry itself, on the virtual clock, so
// that the trace replays, and reports no Expiration.
func (tt *TokenTable) Protect(h http.Handler) http.Handler {
	return auth.RequireBearerToken(tt.verify, &auth.RequireBearerTokenOptions{ResourceMetadataURL: resourceMetadataURL, AllowMissingExpiration: true})(h)
}

// Bearer is the client's [auth.OAuthHandler]: go-sdk asks it for a token
// before every request and calls Authorize on a 401 or 403, then retries
// the request once. Reauth, when set, is the application signing the user
// in again; a real one would run an OAuth flow or use a refresh token.
type Bearer struct {
	mu     sync.Mutex
	Token  string
	Reauth func() string
}

func (b *Bearer) TokenSource(context.Context) (oauth2.TokenSource, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: b.Token}), nil
}

func (b *Bearer) Authorize(_ context.Context, _ *http.Request, res *http.Response) error {
	res.Body.Close()
	if b.Reauth == nil {
		return errors.New("cannot re-authenticate")
	}
	tok := b.Reauth()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.Token = tok
	return nil
}
