package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuildManifestPrecachesWhatTheLessonsNeed: the worker precaches
// scripts, styles and the traces a lesson fetches for every reader and
// each edition's index and lessons for its readers; exercise pages, the
// playground and the scenario index wait until opened, the other traces
// until a playground is, the wasm until used; never the worker itself.
func TestBuildManifestPrecachesWhatTheLessonsNeed(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"index.html": "i", "01-a.html": "a", "exercises/x.html": "x", "playground.html": "p", "404.html": "both", "hero.svg": "s",
		"zh/index.html": "i", "zh/01-a.html": "a", "zh/exercises/x.html": "x", "zh/playground.html": "p", "zh/notes.json": "{}",
		"assets/app.js": "js", "assets/sim.wasm": "w", "scenarios.json": "[]",
		"assets/grader-x.wasm": "g", "traces/x.jsonl": "{}", "traces/cp.jsonl": "{}", "sw.js": "old worker", ".nojekyll": "",
	})
	r := reading{pages: map[string]bool{"index.html": true, "01-a.html": true}, traces: map[string]bool{"traces/cp.jsonl": true}}
	b, err := buildManifest(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what      string
		got, want []string
	}{
		{"files", b.Files, []string{"404.html", "assets/app.js", "hero.svg", "traces/cp.jsonl"}},
		{"English edition", b.Editions["en"], []string{"01-a.html", "index.html"}},
		{"Chinese edition", b.Editions["zh"], []string{"zh/01-a.html", "zh/index.html", "zh/notes.json"}},
		{"opened", b.Opened, []string{"exercises/x.html", "playground.html", "scenarios.json", "zh/exercises/x.html", "zh/playground.html"}},
		{"playground", b.Playground, []string{"playground.html", "zh/playground.html"}},
		{"traces", b.Traces, []string{"traces/x.jsonl"}},
		{"wasm", b.Wasm, []string{"assets/grader-x.wasm", "assets/sim.wasm"}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.what, tc.got, tc.want)
		}
	}
}

// TestBuildVersionFollowsEveryFile: any change to the build, a wasm
// included, is a new version (a new cache); the worker itself and a
// rebuild of the same files are not.
func TestBuildVersionFollowsEveryFile(t *testing.T) {
	base := map[string]string{"index.html": "i", "assets/sim.wasm": "w", "traces/x.jsonl": "{}"}
	version := func(change map[string]string) string {
		dir := t.TempDir()
		writeTree(t, dir, base)
		writeTree(t, dir, change)
		b, err := buildManifest(dir, reading{})
		if err != nil {
			t.Fatal(err)
		}
		return b.Version
	}
	v0 := version(nil)
	for _, tc := range []struct {
		name   string
		change map[string]string
		same   bool
	}{
		{"same files", nil, true},
		{"the worker itself", map[string]string{"sw.js": "anything"}, true},
		{"a page", map[string]string{"index.html": "j"}, false},
		{"a wasm build", map[string]string{"assets/sim.wasm": "x"}, false},
		{"a new trace", map[string]string{"traces/y.jsonl": "{}"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := version(tc.change); (got == v0) != tc.same {
				t.Errorf("version %s, first build %s: same = %v, want %v", got, v0, got == v0, tc.same)
			}
		})
	}
}

// TestReadingListsLessonsAndTheCounterpartsTheyFetch: a lesson's page
// bakes the traces its players show; a counterpart it offers but does
// not play is fetched on an era switch, so it is precached too.
func TestReadingListsLessonsAndTheCounterpartsTheyFetch(t *testing.T) {
	s := &site{
		infos: []scenario.Info{{ID: "a", Counterpart: "b"}, {ID: "b", Counterpart: "a"}, {ID: "c", Counterpart: "d"}, {ID: "d", Counterpart: "c"}, {ID: "e"}},
		lessons: []*lesson{
			{Slug: "01-x", Sims: []string{"a", "b", "c"}},
			{Slug: "02-y", Sims: []string{"e"}},
		},
	}
	r := s.reading()
	if want := []string{"01-x.html", "02-y.html", "index.html"}; !slices.Equal(slices.Sorted(maps.Keys(r.pages)), want) {
		t.Errorf("pages = %v, want %v", slices.Sorted(maps.Keys(r.pages)), want)
	}
	if want := []string{"traces/d.jsonl"}; !slices.Equal(slices.Sorted(maps.Keys(r.traces)), want) {
		t.Errorf("traces = %v, want %v", slices.Sorted(maps.Keys(r.traces)), want)
	}
}
