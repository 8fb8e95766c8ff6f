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
// names its cache. What a reader needs to read the lessons offline is
// precached at install: files, what every page uses (scripts, styles,
// pictures, the traces a lesson page fetches), with the index and lessons
// of the edition the learner is reading (editions, by language); another
// edition's join the cache when the learner first opens one of its pages.
// The rest is cached when first fetched: opened, the pages a learner may
// never open (exercises, the playground) and the scenario index; traces,
// every other recorded trace, when a page of playground is first opened
// (the playground shows any scenario); wasm, each build on first use.
type swBuild struct {
	Version    string              `json:"version"`
	Files      []string            `json:"files"`
	Editions   map[string][]string `json:"editions"`
	Opened     []string            `json:"opened"`
	Playground []string            `json:"playground"`
	Traces     []string            `json:"traces"`
	Wasm       []string            `json:"wasm"`
}

// A reading is what the lessons need offline, named as the build writes
// them: pages, the index and the lessons of an edition, relative to its
// top ("index.html", "01-handshake.html"); traces, the trace files a
// lesson page fetches (a counterpart none of its players bakes).
type reading struct {
	pages  map[string]bool
	traces map[string]bool
}

// playgroundPage is the playground's page in each edition.
const playgroundPage = "playground.html"

// reading lists the index and the lessons, and the traces of the
// counterparts a lesson offers but does not play (the page fetches those
// when the learner switches era). Both editions have the same lessons and
// players (the build fails otherwise).
func (s *site) reading() reading {
	r := reading{pages: map[string]bool{"index.html": true}, traces: map[string]bool{}}
	for _, l := range s.lessons {
		r.pages[l.Slug+".html"] = true
		for _, id := range l.Sims {
			if in, ok := s.scenarioInfo(id); ok && in.Counterpart != "" && !slices.Contains(l.Sims, in.Counterpart) {
				r.traces[traceFile(in.Counterpart)] = true
			}
		}
	}
	return r
}

// traceFile is where the build writes scenario id's recorded trace.
func traceFile(id string) string { return path.Join("traces", id+".jsonl") }

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
	b, err := buildManifest(s.cfg.Out, s.reading())
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
// worker itself and .nojekyll, in path order, each where r says a reader
// of the lessons needs it.
func buildManifest(out string, r reading) (swBuild, error) {
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
	b := swBuild{Files: []string{}, Editions: map[string][]string{"en": {}, "zh": {}}, Opened: []string{}, Playground: []string{}, Traces: []string{}, Wasm: []string{}}
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
		ed, rel := editionOf(name), strings.TrimPrefix(name, "zh/")
		switch {
		case path.Ext(name) == ".wasm":
			b.Wasm = append(b.Wasm, name)
		case strings.HasPrefix(path.Base(name), "."):
		case strings.HasPrefix(name, "traces/") && !r.traces[name]:
			b.Traces = append(b.Traces, name)
		case name == scenarioIndexFile:
			b.Opened = append(b.Opened, name)
		case ed != "" && path.Ext(name) == ".html" && !r.pages[rel]:
			b.Opened = append(b.Opened, name)
			if rel == playgroundPage {
				b.Playground = append(b.Playground, name)
			}
		case ed != "":
			b.Editions[ed] = append(b.Editions[ed], name)
		default:
			b.Files = append(b.Files, name)
		}
	}
	b.Version = hex.EncodeToString(h.Sum(nil))[:16]
	return b, nil
}
