package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeActsLikePages(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":       "home",
		"404.html":         "not here",
		"assets/sim.wasm":  "\x00asm",
		"assets/app.js":    "x",
		"sw.js":            "self.BUILD = {};",
		"exercises/a.html": "a",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	srv := httptest.NewServer(siteHandler(dir, "/repo/"))
	defer srv.Close()
	client := srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, tc := range []struct {
		path, wantType, wantBody string
		wantStatus               int
	}{
		{"/repo/", "text/html", "home", 200},
		{"/repo/index.html", "", "", 301}, // FileServer's canonical redirect to the directory
		{"/repo/assets/sim.wasm", "application/wasm", "\x00asm", 200},
		{"/repo/assets/app.js", "javascript", "x", 200},
		{"/repo/sw.js", "javascript", "self.BUILD = {};", 200}, // the service worker, scoped to /repo/
		{"/repo/exercises/a.html", "text/html", "a", 200},
		{"/repo/missing.html", "text/html", "not here", 404},
		{"/repo/exercises/", "text/html", "not here", 404},
		{"/index.html", "text/html", "not here", 404},
		{"/repo", "", "", 302},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := client.Get(srv.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.wantStatus {
				t.Errorf("GET %s: status %d, want %d", tc.path, resp.StatusCode, tc.wantStatus)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, tc.wantType) {
				t.Errorf("GET %s: Content-Type %q, want %q", tc.path, ct, tc.wantType)
			}
			if tc.wantBody != "" && string(body) != tc.wantBody {
				t.Errorf("GET %s: body %q, want %q", tc.path, body, tc.wantBody)
			}
		})
	}
}
