package conformance_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
)

// flawedHTTP wraps the fixture's handler with one HTTP flaw.
func flawedHTTP(t *testing.T, flaw string) http.Handler {
	h, _ := flawedFixture(t, flaw)
	return h
}

// flawedFixture is flawedHTTP, with the fixture behind the handler.
func flawedFixture(t *testing.T, flaw string) (http.Handler, *conformance.Fixture) {
	t.Helper()
	f, err := conformance.NewFixture("paging-normal")
	if err != nil {
		t.Fatal(err)
	}
	h := f.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Meta struct {
					Version string `json:"io.modelcontextprotocol/protocolVersion"`
				} `json:"_meta"`
			} `json:"params"`
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		_ = json.Unmarshal(body, &m)
		notification := len(m.ID) == 0 && strings.HasPrefix(m.Method, "notifications/")
		// flaw is one flaw or several joined by "+".
		for _, flaw := range strings.Split(flaw, "+") {
			switch {
			case flaw == "accepts-foreign-origin":
				r.Header.Del("Origin")
			case flaw == "refuses-notifications-in-json" && notification:
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprint(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"no notifications here"}}`)
				return
			case flaw == "refuses-notifications" && notification:
				http.Error(w, "this server takes no notifications", http.StatusBadRequest)
				return
			case flaw == "hangs-on-notifications" && notification:
				<-r.Context().Done()
				return
			case flaw == "hangs-on-unknown-version" && r.Header.Get("Mcp-Protocol-Version") == "2099-01-01":
				<-r.Context().Done()
				return
			case flaw == "modern-only" && r.Method == http.MethodPost && m.Params.Meta.Version == "":
				// A server that speaks only 2026-07-28 refuses a request
				// without the 2026-07-28 headers before it reads the
				// Origin (the versioning page's compatibility matrix: 400).
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32020,"message":"missing MCP-Protocol-Version and Mcp-Method"}}`, cmp.Or(string(m.ID), "null"))
				return
			}
		}
		h.ServeHTTP(w, r)
	}), f
}

// probeHTTP probes handler at url, whose host every connection reaches
// whatever it names, so that a test can give a loopback server a public
// name.
func probeHTTP(t *testing.T, handler http.Handler, url string) *conformance.Report {
	t.Helper()
	return probeHTTPWithin(t, handler, url, 0)
}

// probeHTTPWithin is probeHTTP with the per-request timeout (0 for the
// default).
func probeHTTPWithin(t *testing.T, handler http.Handler, url string, timeout time.Duration) *conformance.Report {
	t.Helper()
	srv := httptest.NewServer(handler)
	defer srv.Close()
	if url == "" {
		url = srv.URL + "/mcp"
	}
	addr := srv.Listener.Addr().String()
	client := &http.Client{
		Transport: &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	target := &conformance.HTTPTarget{URL: url, Client: client}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rep, err := conformance.Probe(ctx, conformance.HTTPDialer(target), conformance.Options{Transport: "streamable-http", HTTP: target, RequestTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Each HTTP row is the revision the probe spoke in it, and quotes that
// revision's page: a server that speaks only 2026-07-28 is asked for its
// Origin check in 2026-07-28, headers and all, so that the Origin is all
// that is wrong with the request.
func TestHTTPVerdictsFollowWhatTheTextLeavesToTheServer(t *testing.T) {
	tests := []struct {
		name, flaw, url string
		caseID, rev     string
		verdict, says   string
		// section and quote, when set, are the rule's section and the
		// start of its text.
		section, quote string
	}{
		{"a foreign Origin accepted on loopback fails", "accepts-foreign-origin", "", "http-origin-403", "2025-11-25", conformance.Fail, "loopback address", "Transports › Streamable HTTP › Security Warning", ""},
		{"a foreign Origin accepted off loopback warns", "accepts-foreign-origin", "http://mcp.example.test/mcp", "http-origin-403", "2025-11-25", conformance.Warn, "its own choice", "", ""},
		{"a foreign Origin refused passes anywhere", "none", "http://mcp.example.test/mcp", "http-origin-403", "2025-11-25", conformance.Pass, "403", "", ""},
		{"a 2026-07-28-only server refusing a foreign Origin passes under 2026-07-28", "modern-only", "", "http-origin-403", "2026-07-28", conformance.Pass, "403",
			"Transports › Streamable HTTP › Security & Endpoint", "Servers MUST validate the Origin header on all incoming connections"},
		{"a 2026-07-28-only server accepting a foreign Origin fails under 2026-07-28", "modern-only+accepts-foreign-origin", "", "http-origin-403", "2026-07-28", conformance.Fail, "loopback address",
			"Transports › Streamable HTTP › Security & Endpoint", ""},
		// The refusal's null-id error answers the notification, not the
		// request after it: it was read as ping's reply.
		{"a notification refused in JSON leaves the next request its own reply", "refuses-notifications-in-json", "", "lifecycle-ping", "2025-11-25", conformance.Pass, "ping answered with an empty result", "", ""},
		{"a notification refused with 400 is allowed", "refuses-notifications", "", "http-notification-202", "2025-11-25", conformance.Note, "HTTP error status",
			"", "If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body."},
		// The handshake's notification waits for its status no longer
		// than a request waits for its response: it waited -start-timeout
		// and held the run until -budget, every later case skipped.
		{"a notification left hanging past -timeout warns", "hangs-on-notifications", "", "http-notification-202", "2025-11-25", conformance.Warn, `no response within "-timeout 500ms", the probe's own bound`, "", ""},
		{"a request left unanswered past -timeout warns", "hangs-on-unknown-version", "", "http-protocol-version-400", "2025-11-25", conformance.Warn, `no response within "-timeout 500ms", the probe's own bound`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var timeout time.Duration
			if strings.Contains(tt.flaw, "hangs") {
				timeout = 500 * time.Millisecond
			}
			rep := probeHTTPWithin(t, flawedHTTP(t, tt.flaw), tt.url, timeout)
			c := rep.Find(tt.caseID, tt.rev)
			if c == nil {
				t.Fatalf("no %s row in %s (rows: %v)", tt.caseID, tt.rev, rowsOf(rep))
			}
			if c.Verdict != tt.verdict || !strings.Contains(c.Message, tt.says) {
				t.Errorf("%s = %s: %s; want %s, saying %q", tt.caseID, c.Verdict, c.Message, tt.verdict, tt.says)
			}
			if c.Rule == nil || c.Rule.Level != "MUST" || c.Rule.Revision != tt.rev {
				t.Fatalf("%s rests on %+v, want the %s transport page's MUST", tt.caseID, c.Rule, tt.rev)
			}
			if tt.section != "" && c.Rule.Section != tt.section {
				t.Errorf("%s cites %q, want %q", tt.caseID, c.Rule.Section, tt.section)
			}
			if !strings.HasPrefix(c.Rule.Text, tt.quote) {
				t.Errorf("%s quotes %q, want it to start %q", tt.caseID, c.Rule.Text, tt.quote)
			}
		})
	}
}

// rowsOf lists a report's rows as id@revision.
func rowsOf(rep *conformance.Report) []string {
	var rows []string
	for _, c := range rep.Cases {
		rows = append(rows, c.ID+"@"+c.Revision)
	}
	return rows
}
