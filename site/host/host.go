// Package host serves a built course site the way a static host such as
// GitHub Pages does, so that what a learner sees from
// `go run ./cmd/buildsite -serve`, and what the e2e suite drives, is what
// the published site does:
//
//   - the site lives under a base path (/ or /repo-name/); the base without
//     its slash redirects to it;
//   - a directory is served by its index.html; a directory named without
//     its trailing slash gets one redirect, to the slash form; index.html
//     itself is served as it is, never redirected;
//   - anything missing, at any depth, gets the top 404.html with status 404;
//   - .wasm is application/wasm, which streaming compilation requires;
//   - text and wasm are gzip-compressed when the browser accepts it.
//
// Local serving differs from Pages in one way on purpose: responses are
// Cache-Control: no-cache (revalidated by ETag), so a rebuilt site is seen
// at once.
package host

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Handler serves one built site. The zero value is not usable: use New.
type Handler struct {
	dir  string
	base string

	mu    sync.Mutex
	cache map[string]entry // by path in the site, for files unchanged since
}

// entry is a file as last read, compressed when that pays.
type entry struct {
	mod  time.Time
	size int64
	etag string
	raw  []byte
	gz   []byte // nil when the type is not compressed
}

// New returns a handler for the site built into dir, published under base
// ("" means "/"; otherwise it starts and ends with a slash).
func New(dir, base string) *Handler {
	if base == "" {
		base = "/"
	}
	return &Handler{dir: dir, base: base, cache: map[string]entry{}}
}

// ServeHTTP answers GET and HEAD as the static host would.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if h.base != "/" && r.URL.Path == strings.TrimSuffix(h.base, "/") {
		redirect(w, r, h.base)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, h.base)
	if !ok {
		h.notFound(w, r)
		return
	}
	name, ok := siteName(rest)
	if !ok {
		h.notFound(w, r)
		return
	}
	fi, err := h.stat(name)
	switch {
	case err != nil:
		h.notFound(w, r)
		return
	case fi.IsDir() && rest != "" && !strings.HasSuffix(rest, "/"):
		// /zh → /zh/: one redirect, to the slash form, as Pages does.
		if _, err := h.stat(path.Join(name, "index.html")); err != nil {
			h.notFound(w, r)
			return
		}
		redirect(w, r, h.base+rest+"/")
		return
	case fi.IsDir():
		name = path.Join(name, "index.html")
	}
	e, err := h.load(name)
	if err != nil {
		h.notFound(w, r)
		return
	}
	h.write(w, r, name, e, http.StatusOK)
}

// siteName turns the part of a URL path below the base into a file name in
// the site ("." for the top), refusing names that climb out of it.
func siteName(rest string) (string, bool) {
	if rest == "" {
		return ".", true
	}
	name := strings.TrimSuffix(rest, "/")
	if name == "" {
		return ".", true
	}
	if !fs.ValidPath(name) || strings.Contains(name, "\\") {
		return "", false
	}
	return name, true
}

func redirect(w http.ResponseWriter, r *http.Request, to string) {
	if q := r.URL.RawQuery; q != "" {
		to += "?" + q
	}
	http.Redirect(w, r, to, http.StatusMovedPermanently)
}

// notFound serves the site's top 404.html, whatever the depth asked for.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) {
	e, err := h.load("404.html")
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	h.write(w, r, "404.html", e, http.StatusNotFound)
}

// write sends e, compressed when the browser accepts it.
func (h *Handler) write(w http.ResponseWriter, r *http.Request, name string, e entry, status int) {
	hdr := w.Header()
	hdr.Set("Content-Type", ContentType(name))
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	body := e.raw
	etag := e.etag
	if e.gz != nil {
		hdr.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body = e.gz
			etag = strings.TrimSuffix(etag, `"`) + `-gz"`
			hdr.Set("Content-Encoding", "gzip")
		}
	}
	if status == http.StatusOK {
		hdr.Set("ETag", etag)
		hdr.Set("Last-Modified", e.mod.UTC().Format(http.TimeFormat))
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (a "gzip;q=0" refuses it).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(coding) != "gzip" && strings.TrimSpace(coding) != "*" {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !ok {
			return true
		}
		v, err := strconv.ParseFloat(q, 64)
		return err == nil && v > 0
	}
	return false
}

// compressed says which files are worth compressing: text and wasm, as
// Pages compresses them.
func compressed(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".mjs", ".css", ".json", ".jsonl", ".wasm", ".svg", ".txt", ".md", ".xml", ".webmanifest":
		return true
	}
	return false
}

// ContentType is the file's type by its extension; .wasm and .jsonl are
// set here because not every system's MIME table knows them.
func ContentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".jsonl":
		return "application/x-ndjson"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	case ".svg":
		return "image/svg+xml"
	case ".webmanifest":
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (h *Handler) stat(name string) (fs.FileInfo, error) {
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.Stat(name)
}

// load returns the file, read and compressed once per version on disk.
func (h *Handler) load(name string) (entry, error) {
	// os.Root keeps every open inside the site, links included.
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		return entry{}, err
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		return entry{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return entry{}, err
	}
	if fi.IsDir() {
		return entry{}, errors.New("a directory")
	}
	h.mu.Lock()
	e, ok := h.cache[name]
	h.mu.Unlock()
	if ok && e.mod.Equal(fi.ModTime()) && e.size == fi.Size() {
		return e, nil
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		return entry{}, err
	}
	sum := sha256.Sum256(raw)
	e = entry{mod: fi.ModTime(), size: fi.Size(), raw: raw, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if compressed(name) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
		zw.Write(raw)
		zw.Close()
		e.gz = buf.Bytes()
	}
	h.mu.Lock()
	h.cache[name] = e
	h.mu.Unlock()
	return e, nil
}
