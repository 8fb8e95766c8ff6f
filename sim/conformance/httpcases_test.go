package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
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
		switch flaw {
		case "accepts-foreign-origin":
			r.Header.Del("Origin")
		case "refuses-notifications":
			body, _ := io.ReadAll(r.Body)
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if json.Unmarshal(body, &m) == nil && len(m.ID) == 0 && strings.HasPrefix(m.Method, "notifications/") {
				http.Error(w, "this server takes no notifications", http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	}), f
}

// probeHTTP probes handler at url, whose host every connection reaches
// whatever it names, so that a test can give a loopback server a public
// name.
func probeHTTP(t *testing.T, handler http.Handler, url string) *conformance.Report {
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
	rep, err := conformance.Probe(ctx, conformance.HTTPDialer(target), conformance.Options{Transport: "streamable-http", HTTP: target})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestHTTPVerdictsFollowWhatTheTextLeavesToTheServer(t *testing.T) {
	tests := []struct {
		name, flaw, url string
		caseID, rev     string
		verdict, says   string
	}{
		{"a foreign Origin accepted on loopback fails", "accepts-foreign-origin", "", "http-origin-403", "", conformance.Fail, "loopback address"},
		{"a foreign Origin accepted off loopback warns", "accepts-foreign-origin", "http://mcp.example.test/mcp", "http-origin-403", "", conformance.Warn, "its own choice"},
		{"a foreign Origin refused passes anywhere", "none", "http://mcp.example.test/mcp", "http-origin-403", "", conformance.Pass, "403"},
		{"a notification refused with 400 is allowed", "refuses-notifications", "", "http-notification-202", "2025-11-25", conformance.Note, "HTTP error status"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := probeHTTP(t, flawedHTTP(t, tt.flaw), tt.url)
			c := rep.Find(tt.caseID, tt.rev)
			if c == nil {
				t.Fatalf("no %s row", tt.caseID)
			}
			if c.Verdict != tt.verdict || !strings.Contains(c.Message, tt.says) {
				t.Errorf("%s = %s: %s; want %s, saying %q", tt.caseID, c.Verdict, c.Message, tt.verdict, tt.says)
			}
			if c.Rule == nil || c.Rule.Level != "MUST" {
				t.Errorf("%s rests on %+v, want the transport page's MUST", tt.caseID, c.Rule)
			}
		})
	}
}
