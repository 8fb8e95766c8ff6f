package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
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

// TestBuildManifestPrecachesAllButWasm: the worker precaches scripts,
// styles and traces for every reader and each edition's pages for its
// readers, never the wasm, and not itself.
func TestBuildManifestPrecachesAllButWasm(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"index.html": "i", "01-a.html": "a", "exercises/x.html": "x", "404.html": "both", "hero.svg": "s",
		"zh/index.html": "i", "zh/01-a.html": "a", "zh/exercises/x.html": "x", "zh/notes.json": "{}",
		"assets/app.js": "js", "assets/sim.wasm": "w",
		"assets/grader-x.wasm": "g", "traces/x.jsonl": "{}", "sw.js": "old worker", ".nojekyll": "",
	})
	b, err := buildManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"404.html", "assets/app.js", "hero.svg", "traces/x.jsonl"}; !slices.Equal(b.Files, want) {
		t.Errorf("files = %v, want %v", b.Files, want)
	}
	if want := []string{"01-a.html", "exercises/x.html", "index.html"}; !slices.Equal(b.Editions["en"], want) {
		t.Errorf("English pages = %v, want %v", b.Editions["en"], want)
	}
	if want := []string{"zh/01-a.html", "zh/exercises/x.html", "zh/index.html", "zh/notes.json"}; !slices.Equal(b.Editions["zh"], want) {
		t.Errorf("Chinese edition = %v, want %v", b.Editions["zh"], want)
	}
	if want := []string{"assets/grader-x.wasm", "assets/sim.wasm"}; !slices.Equal(b.Wasm, want) {
		t.Errorf("wasm = %v, want %v", b.Wasm, want)
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
		b, err := buildManifest(dir)
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
