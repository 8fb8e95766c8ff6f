package main

import (
	"context"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden site in testdata/golden")

// smallConfig builds testdata/small with the real templates and the fake
// catalog into a temp dir.
func smallConfig(t *testing.T) Config {
	t.Helper()
	return Config{
		Lessons:   "testdata/small/lessons",
		Exercises: "testdata/small/exercises",
		Templates: "../../site/templates",
		CSS:       "testdata/small/css",
		JS:        "testdata/small/js",
		Static:    "testdata/small/static",
		Out:       filepath.Join(t.TempDir(), "dist"),
		NoWasm:    true,
		Catalog:   fakeCatalog{},
	}
}

func mustBuild(t *testing.T, cfg Config) map[string]string {
	t.Helper()
	if err := Build(context.Background(), cfg); err != nil {
		t.Fatalf("Build: %v", err)
	}
	return readTree(t, cfg.Out)
}

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestBuildMatchesGolden(t *testing.T) {
	got := mustBuild(t, smallConfig(t))
	golden := "testdata/golden"
	if *update {
		os.RemoveAll(golden)
		for name, body := range got {
			p := filepath.Join(golden, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := readTree(t, golden)
	if diff := cmp.Diff(keys(want), keys(got)); diff != "" {
		t.Errorf("files differ from %s (-want +got):\n%s", golden, diff)
	}
	for name, w := range want {
		if g, ok := got[name]; ok && g != w {
			// Minified pages are one line; split at tags so the diff is readable.
			t.Errorf("%s differs from golden (-want +got):\n%s\n(run go test ./cmd/buildsite -update after checking the change)",
				name, cmp.Diff(strings.Split(w, "><"), strings.Split(g, "><")))
		}
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestBuildIsDeterministic(t *testing.T) {
	cfg := smallConfig(t)
	first := mustBuild(t, cfg)
	cfg.Out = filepath.Join(t.TempDir(), "again")
	second := mustBuild(t, cfg)
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("two builds differ (-first +second):\n%s", diff)
	}
}

var bakedTrace = regexp.MustCompile(`(?s)<script type="application/jsonl" class="baked-trace">(.*?)</script>`)

var urlAttr = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)

func TestBasePrefixesEveryLink(t *testing.T) {
	for _, tc := range []struct {
		name, base string
		ok         func(page, url string) bool
	}{
		{"base", "/repo-name/", func(_, u string) bool { return strings.HasPrefix(u, "/repo-name/") }},
		{"relative", "", func(page, u string) bool {
			if page == "404.html" {
				// Served at any depth: it links from the host's top.
				return strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//")
			}
			if strings.HasPrefix(u, "/") || strings.Contains(u, "://") {
				return false
			}
			// pages one level down must climb out
			return !strings.HasPrefix(page, "exercises/") || strings.HasPrefix(u, "../")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := smallConfig(t)
			cfg.Base = tc.base
			files := mustBuild(t, cfg)
			n := 0
			for name, body := range files {
				if !strings.HasSuffix(name, ".html") {
					continue
				}
				if !strings.Contains(body, `data-base="`+tc.base+`"`) && !(tc.base == "" && strings.Contains(body, "data-base")) {
					t.Errorf("%s: no data-base=%q", name, tc.base)
				}
				for _, m := range urlAttr.FindAllStringSubmatch(body, -1) {
					u := m[1]
					if strings.HasPrefix(u, "#") {
						continue
					}
					n++
					if !tc.ok(name, u) {
						t.Errorf("%s: link %q does not work under base %q", name, u, tc.base)
					}
				}
			}
			if n < 20 {
				t.Errorf("checked only %d links; the pattern is broken", n)
			}
		})
	}
}

func TestRejectsBadBase(t *testing.T) {
	cfg := smallConfig(t)
	cfg.Base = "repo"
	if err := Build(context.Background(), cfg); err == nil {
		t.Error("Build with -base repo succeeded, want an error")
	}
}

func TestOutputDirIsNotClobbered(t *testing.T) {
	cfg := smallConfig(t)
	os.MkdirAll(cfg.Out, 0o755)
	keep := filepath.Join(cfg.Out, "precious.go")
	os.WriteFile(keep, []byte("package x"), 0o644)
	if err := Build(context.Background(), cfg); err == nil {
		t.Error("Build into a non-empty directory that is not an earlier build succeeded")
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the existing file is gone: %v", err)
	}
	// An earlier build is replaced, stale files and all.
	cfg.Out = filepath.Join(t.TempDir(), "dist")
	mustBuild(t, cfg)
	stale := filepath.Join(cfg.Out, "stale.html")
	os.WriteFile(stale, nil, 0o644)
	mustBuild(t, cfg)
	if _, err := os.Stat(stale); err == nil {
		t.Error("a stale file survived a rebuild")
	}
}

// Every page carries the CSP and nothing it would block: no inline style
// attribute, no inline script (data scripts have a non-JS type).
func TestPagesObeyTheirCSP(t *testing.T) {
	files := mustBuild(t, smallConfig(t))
	script := regexp.MustCompile(`<script([^>]*)>`)
	for name, body := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		if !strings.Contains(body, `<meta http-equiv="Content-Security-Policy" content="`+csp+`">`) {
			t.Errorf("%s: no CSP meta", name)
		}
		if strings.Contains(body, " style=") || strings.Contains(body, "<style") {
			t.Errorf("%s: inline style", name)
		}
		// A baked trace may hold "<script>" as data; only tags outside it count.
		body = bakedTrace.ReplaceAllString(body, "")
		for _, m := range script.FindAllStringSubmatch(body, -1) {
			a := m[1]
			if !strings.Contains(a, "src=") && !strings.Contains(a, `type="application/jsonl"`) && !strings.Contains(a, `type="application/json"`) {
				t.Errorf("%s: inline script <script%s>", name, a)
			}
		}
		if !strings.Contains(body, `<script type="module" src="`) {
			t.Errorf("%s: no app.js module script", name)
		}
	}
}
