package host

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSite lays out a small site with both editions, as cmd/buildsite does.
func writeSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":         "home",
		"404.html":           "not here",
		"zh/index.html":      "zh home",
		"zh/lesson.html":     "zh lesson",
		"assets/sim.wasm":    "\x00asm" + strings.Repeat("\x00", 4096),
		"assets/app.js":      "x",
		"sw.js":              "self.BUILD = {};",
		"exercises/a.html":   "a",
		"traces/t.jsonl":     "{}\n",
		"static/picture.png": "\x89PNG",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A link out of the site must not serve what it points at.
	outside := filepath.Join(t.TempDir(), "secret.html")
	os.WriteFile(outside, []byte("secret"), 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "leak.html")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestHandlerServesLikePages(t *testing.T) {
	dir := writeSite(t)
	for _, tc := range []struct {
		base, method, path, gzip string
		wantStatus               int
		wantType, wantBody       string
		wantLocation             string
		wantGzip                 bool
	}{
		{base: "/", path: "/", wantStatus: 200, wantType: "text/html", wantBody: "home"},
		{base: "/", path: "/index.html", wantStatus: 200, wantType: "text/html", wantBody: "home"},
		{base: "/", path: "/zh", wantStatus: 301, wantLocation: "/zh/"},
		{base: "/", path: "/zh/", wantStatus: 200, wantType: "text/html", wantBody: "zh home"},
		{base: "/", path: "/zh/index.html", wantStatus: 200, wantType: "text/html", wantBody: "zh home"},
		{base: "/", path: "/zh/lesson.html", wantStatus: 200, wantBody: "zh lesson"},
		{base: "/", path: "/zh/?lang=zh", wantStatus: 200, wantBody: "zh home"},
		{base: "/", path: "/assets/sim.wasm", wantStatus: 200, wantType: "application/wasm", wantBody: "\x00asm"},
		{base: "/", path: "/assets/sim.wasm", gzip: "gzip, deflate, br", wantStatus: 200, wantType: "application/wasm", wantBody: "\x00asm", wantGzip: true},
		{base: "/", path: "/assets/sim.wasm", gzip: "gzip;q=0, br", wantStatus: 200, wantType: "application/wasm", wantBody: "\x00asm"},
		{base: "/", path: "/assets/app.js", gzip: "gzip", wantStatus: 200, wantType: "text/javascript", wantBody: "x", wantGzip: true},
		{base: "/", path: "/traces/t.jsonl", wantStatus: 200, wantType: "application/x-ndjson"},
		{base: "/", path: "/static/picture.png", gzip: "gzip", wantStatus: 200, wantType: "image/png"},
		{base: "/", path: "/exercises/nope.html", wantStatus: 404, wantType: "text/html", wantBody: "not here"},
		{base: "/", path: "/exercises/deeper/still/nope.html", gzip: "gzip", wantStatus: 404, wantBody: "not here", wantGzip: true},
		{base: "/", path: "/exercises/", wantStatus: 404, wantBody: "not here"},
		{base: "/", path: "/exercises", wantStatus: 404, wantBody: "not here"},
		{base: "/", path: "/zh/zh/", wantStatus: 404, wantBody: "not here"},
		{base: "/", path: "/leak.html", wantStatus: 404, wantBody: "not here"},
		{base: "/", path: "/%2e%2e/%2e%2e/etc/passwd", wantStatus: 404},
		{base: "/", path: "/assets/..%5c..%5csw.js", wantStatus: 404},
		{base: "/", method: "HEAD", path: "/zh/", wantStatus: 200, wantType: "text/html"},
		{base: "/", method: "POST", path: "/", wantStatus: 405},
		{base: "/repo/", path: "/repo", wantStatus: 301, wantLocation: "/repo/"},
		{base: "/repo/", path: "/repo/", wantStatus: 200, wantBody: "home"},
		{base: "/repo/", path: "/repo/zh", wantStatus: 301, wantLocation: "/repo/zh/"},
		{base: "/repo/", path: "/repo/zh/", wantStatus: 200, wantBody: "zh home"},
		{base: "/repo/", path: "/repo/sw.js", wantStatus: 200, wantType: "javascript", wantBody: "self.BUILD = {};"},
		{base: "/repo/", path: "/index.html", wantStatus: 404, wantBody: "not here"},
		{base: "/repo/", path: "/repo/exercises/nope.html", wantStatus: 404, wantBody: "not here"},
	} {
		method := tc.method
		if method == "" {
			method = "GET"
		}
		t.Run(tc.base+" "+method+" "+tc.path+" "+tc.gzip, func(t *testing.T) {
			r := httptest.NewRequest(method, tc.path, nil)
			if tc.gzip != "" {
				r.Header.Set("Accept-Encoding", tc.gzip)
			}
			w := httptest.NewRecorder()
			New(dir, tc.base).ServeHTTP(w, r)
			resp := w.Result()
			if resp.StatusCode != tc.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.wantStatus)
			}
			if got := resp.Header.Get("Location"); got != tc.wantLocation {
				t.Errorf("Location %q, want %q", got, tc.wantLocation)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, tc.wantType) {
				t.Errorf("Content-Type %q, want %q", ct, tc.wantType)
			}
			gotGzip := resp.Header.Get("Content-Encoding") == "gzip"
			if gotGzip != tc.wantGzip {
				t.Errorf("Content-Encoding %q, want gzip: %v", resp.Header.Get("Content-Encoding"), tc.wantGzip)
			}
			body := resp.Body
			if gotGzip {
				zr, err := gzip.NewReader(body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			b, _ := io.ReadAll(body)
			if method == "HEAD" && len(b) != 0 {
				t.Errorf("HEAD sent a body of %d bytes", len(b))
			}
			if !strings.HasPrefix(string(b), tc.wantBody) {
				t.Errorf("body %q, want it to start with %q", b, tc.wantBody)
			}
			if strings.Contains(string(b), "secret") {
				t.Errorf("served a file from outside the site")
			}
		})
	}
}

func TestHandlerRevalidatesByETag(t *testing.T) {
	dir := writeSite(t)
	h := New(dir, "/")
	get := func(etag string) *http.Response {
		r := httptest.NewRequest("GET", "/assets/app.js", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		if etag != "" {
			r.Header.Set("If-None-Match", etag)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	first := get("")
	etag := first.Header.Get("ETag")
	if etag == "" || first.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("ETag %q, Cache-Control %q: want a tag and no-cache", etag, first.Header.Get("Cache-Control"))
	}
	if got := get(etag).StatusCode; got != http.StatusNotModified {
		t.Errorf("unchanged file with its ETag: status %d, want 304", got)
	}
	// A rebuilt file is a new version at once.
	if err := os.WriteFile(filepath.Join(dir, "assets", "app.js"), []byte("changed!"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := get(etag).StatusCode; got != http.StatusOK {
		t.Errorf("changed file with the old ETag: status %d, want 200", got)
	}
}
