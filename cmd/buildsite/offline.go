package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// serviceWorker is the service worker's source in site/js; the build writes
// it to the top of the site (its scope is the directory it is served
// from), never to assets/.
const serviceWorker = "sw.js"

// A swBuild is what the service worker learns of its build: the version
// names its cache; files are precached; wasm is cached on first use.
type swBuild struct {
	Version string   `json:"version"`
	Files   []string `json:"files"`
	Wasm    []string `json:"wasm"`
}

// writeServiceWorker writes sw.js at the top of the site once everything
// else is written: its version is a hash of every other file of the build,
// wasm included, so any change to the site makes a new worker and a new
// cache, and an unchanged build keeps the learner's cache.
func (s *site) writeServiceWorker(w *writer) error {
	src, err := os.ReadFile(filepath.Join(s.cfg.JS, serviceWorker))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	b, err := buildManifest(s.cfg.Out)
	if err != nil {
		return err
	}
	head, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return w.file(serviceWorker, append([]byte("self.BUILD = "+string(head)+";\n"), src...))
}

// buildManifest hashes and lists every file under out but the service
// worker itself and .nojekyll, in path order.
func buildManifest(out string) (swBuild, error) {
	var names []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(out, p)
		if err != nil {
			return err
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return swBuild{}, err
	}
	slices.Sort(names)
	h := sha256.New()
	b := swBuild{Files: []string{}, Wasm: []string{}}
	for _, name := range names {
		if name == serviceWorker || name == ".nojekyll" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil {
			return swBuild{}, err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
		if path.Ext(name) == ".wasm" {
			b.Wasm = append(b.Wasm, name)
		} else if !strings.HasPrefix(path.Base(name), ".") {
			b.Files = append(b.Files, name)
		}
	}
	b.Version = hex.EncodeToString(h.Sum(nil))[:16]
	return b, nil
}
