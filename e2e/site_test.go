package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcp-playground/mcp-playground/site/host"
)

// gzipServer serves dir through the handler `buildsite -serve` uses
// (site/host: Pages' paths, types and gzip), and counts what it sends,
// so the transfer figures match what a learner's browser receives.
type gzipServer struct {
	dir  string
	host *host.Handler
	sent atomic.Int64 // body bytes written, as the network carried them
	// paths lists every path requested, in order, for tests of what a
	// page fetches.
	pathsMu sync.Mutex
	paths   []string
	// overlay serves extra pages by path, set before serving starts.
	overlay map[string][]byte
	// down makes the server drop every connection unanswered, as a
	// network that is gone does (requests are still listed in paths).
	down atomic.Bool
	// heldSuffix, when set, holds every request for a path that ends with
	// it until release closes: a fetch that stalls (see hold).
	heldMu     sync.Mutex
	heldSuffix string
	release    chan struct{}
}

// hold makes requests for paths ending in suffix wait until the returned
// function is called (or the request ends).
func (g *gzipServer) hold(suffix string) (release func()) {
	g.heldMu.Lock()
	defer g.heldMu.Unlock()
	g.heldSuffix, g.release = suffix, make(chan struct{})
	var once sync.Once
	ch := g.release
	return func() { once.Do(func() { close(ch) }) }
}

// held returns the suffix held and its release channel, if any.
func (g *gzipServer) held() (string, chan struct{}) {
	g.heldMu.Lock()
	defer g.heldMu.Unlock()
	return g.heldSuffix, g.release
}

// countingWriter counts the body bytes a response carries.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n.Add(int64(n))
	return n, err
}

func newGzipServer(dir string) *gzipServer {
	return newGzipServerAt(dir, "/")
}

// newGzipServerAt serves dir under the URL path base ("/repo-name/").
func newGzipServerAt(dir, base string) *gzipServer {
	return &gzipServer{dir: dir, host: host.New(dir, base)}
}

func (g *gzipServer) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w := countingWriter{rw, &g.sent}
	p := r.URL.Path
	g.pathsMu.Lock()
	g.paths = append(g.paths, p)
	g.pathsMu.Unlock()
	if suffix, release := g.held(); suffix != "" && strings.HasSuffix(p, suffix) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
	}
	if g.down.Load() {
		if hj, ok := rw.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		http.Error(rw, "the network is down", http.StatusServiceUnavailable)
		return
	}
	if b, ok := g.overlay[p]; ok {
		w.Header().Set("Content-Type", host.ContentType(p))
		w.Write(b)
		return
	}
	g.host.ServeHTTP(w, r)
}

// requested returns the paths requested since the first n requests.
func (g *gzipServer) requested(n int) (paths []string, total int) {
	g.pathsMu.Lock()
	defer g.pathsMu.Unlock()
	return append([]string(nil), g.paths[min(n, len(g.paths)):]...), len(g.paths)
}

// sitePages lists the HTML pages of the built site, sorted.
func sitePages(t testing.TB) []string {
	t.Helper()
	return editionPages(t, false)
}

// editionPages lists the English edition's pages, or with chinese the
// Chinese edition's (under zh/). The suite's other tests walk the English
// pages; zh_test.go walks the Chinese ones.
func editionPages(t testing.TB, chinese bool) []string {
	t.Helper()
	if shared.skip != "" {
		t.Skip(shared.skip) // no browser, so no site was built
	}
	var pages []string
	err := filepath.WalkDir(shared.dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".html") {
			rel, _ := filepath.Rel(shared.dir, path)
			if rel = filepath.ToSlash(rel); strings.HasPrefix(rel, "zh/") == chinese {
				pages = append(pages, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	return pages
}

var playerScenario = regexp.MustCompile(`data-scenario="?([a-z0-9-]+)`)

// lessonPages maps each page with baked players to their scenario ids.
func lessonPages(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, p := range sitePages(t) {
		b, err := os.ReadFile(filepath.Join(shared.dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range playerScenario.FindAllSubmatch(b, -1) {
			out[p] = append(out[p], string(m[1]))
		}
	}
	return out
}
