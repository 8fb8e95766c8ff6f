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
// names its cache; files, what every page uses (scripts, styles, traces),
// are precached with the pages of the edition the learner is reading
// (editions, by language); another edition's pages are cached when the
// learner first opens one of them; wasm is cached on first use.
type swBuild struct {
	Version  string              `json:"version"`
	Files    []string            `json:"files"`
	Editions map[string][]string `json:"editions"`
	Wasm     []string            `json:"wasm"`
}

// editionOf returns the edition a file of the build belongs to, or "" for
// one that both use: everything under zh/ is the Chinese edition's, and a
// page elsewhere, but the 404 page that offers both, the English one's.
// The service worker tells the editions apart by the same rule (zh/).
func editionOf(name string) string {
	switch {
	case strings.HasPrefix(name, "zh/"):
		return "zh"
	case path.Ext(name) == ".html" && name != "404.html":
		return "en"
	}
	return ""
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
	b := swBuild{Files: []string{}, Editions: map[string][]string{"en": {}, "zh": {}}, Wasm: []string{}}
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
		switch ed := editionOf(name); {
		case path.Ext(name) == ".wasm":
			b.Wasm = append(b.Wasm, name)
		case strings.HasPrefix(path.Base(name), "."):
		case ed != "":
			b.Editions[ed] = append(b.Editions[ed], name)
		default:
			b.Files = append(b.Files, name)
		}
	}
	b.Version = hex.EncodeToString(h.Sum(nil))[:16]
	return b, nil
}
