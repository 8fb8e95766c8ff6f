package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// siteHandler serves a built site the way GitHub Pages does: under its
// base path, .wasm as application/wasm (which streaming compilation
// requires), and 404.html for anything missing.
func siteHandler(dir, base string) http.Handler {
	if base == "" {
		base = "/"
	}
	files := http.FileServer(http.Dir(dir))
	notFound := func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		if b, err := os.ReadFile(filepath.Join(dir, "404.html")); err == nil {
			w.Write(b)
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == strings.TrimSuffix(base, "/") {
			http.Redirect(w, r, base, http.StatusFound)
			return
		}
		rest, ok := strings.CutPrefix(r.URL.Path, base)
		if !ok {
			notFound(w)
			return
		}
		clean := path.Clean("/" + rest)
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(clean)))
		if err != nil || (fi.IsDir() && !exists(filepath.Join(dir, filepath.FromSlash(clean), "index.html"))) {
			notFound(w)
			return
		}
		if path.Ext(clean) == ".wasm" {
			w.Header().Set("Content-Type", "application/wasm")
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = clean
		files.ServeHTTP(w, r2)
	})
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// serveDir serves dir until ctx ends, printing the URL to open.
func serveDir(ctx context.Context, dir, base, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if base == "" {
		base = "/"
	}
	fmt.Printf("serving %s at http://%s%s\n", dir, ln.Addr(), base)
	srv := &http.Server{Handler: siteHandler(dir, base)}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
