package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunnerDataCarriesStarterHashSolutionHintsAndChecks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	starter := "package x\n\n// </script><b>not markup</b>\nfunc F() {}\n"
	write("x.go", starter)
	write(".meta/solution.go", "package x\n\nfunc F() { println() }\n")
	write(".meta/config.json", `{"title":"X","file":"x.go","test":"TestX","hints":["one","two"],
		"checks":[{"name":"a","points":2,"summary":"A."},{"name":"b","points":1,"summary":"B."}]}`)

	file, gotStarter, html, err := readRunnerData(dir, "x", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if file != "x.go" || gotStarter != starter {
		t.Errorf("readRunnerData = %q, %q; want x.go and the starter", file, gotStarter)
	}
	s := string(html)
	const open, end = `<script type="application/json" id="exercise-data">`, `</script>`
	if !strings.HasPrefix(s, open) || !strings.HasSuffix(s, end) || strings.Count(s, "</script>") != 1 {
		t.Fatalf("data element = %s, want one script element that the starter's text cannot end early", s)
	}
	var d runnerData
	if err := json.Unmarshal([]byte(s[len(open):len(s)-len(end)]), &d); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(starter))
	if d.ID != "x" || d.Starter != starter || d.StarterHash != hex.EncodeToString(sum[:]) || !strings.Contains(d.Solution, "println") ||
		len(d.Hints) != 2 || len(d.Checks) != 2 || d.Checks[0].Points != 2 {
		t.Errorf("runner data = %+v", d)
	}
}

func TestExerciseWithoutLearnerFileHasNoRunner(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".meta"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".meta", "config.json"), []byte(`{"title":"only a title"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	file, _, html, err := readRunnerData(dir, "x", nil, nil)
	if err != nil || file != "" || html != "" {
		t.Errorf("readRunnerData = %q, %q, %v; want no runner and no error", file, html, err)
	}
}

// TestStarterInThePagePointsToTheStatement: the starter's "See README.md"
// reads, on the exercise page, as a pointer to the statement above the
// editor; the saved-code key stays the file's hash.
func TestStarterInThePagePointsToTheStatement(t *testing.T) {
	dir := t.TempDir()
	starter := "// Package x does X. See README.md for the rules.\npackage x\n"
	for name, s := range map[string]string{"x.go": starter, ".meta/solution.go": "package x\n", ".meta/config.json": `{"title":"X","file":"x.go"}`} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, got, html, err := readRunnerData(dir, "x", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "// Package x does X. See the statement above for the rules.\npackage x\n"
	if got != want {
		t.Errorf("starter in the page = %q, want %q", got, want)
	}
	sum := sha256.Sum256([]byte(starter))
	if s := string(html); strings.Contains(s, "README.md") || !strings.Contains(s, hex.EncodeToString(sum[:])) {
		t.Errorf("runner data %s: want the page's starter keyed by the file's hash", s)
	}
}
