package tablesum

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSumFollowsWhatTheTablesAreMadeFrom builds a small module with one
// exercise and changes one file at a time: every input of the generator
// and every table changes the sum; a statement does not.
func TestSumFollowsWhatTheTablesAreMadeFrom(t *testing.T) {
	files := map[string]string{
		"go.mod":                                      "module example.com/m\n\ngo 1.26\n",
		"go.sum":                                      "",
		"exercises/ttl/ttl.go":                        "package ttl\n\nfunc New() int { return 0 }\n",
		"exercises/ttl/README.md":                     "# ttl\n",
		"exercises/ttl/.meta/solution.go":             "package ttl\n",
		"exercises/ttl/.meta/mutants/a.diff":          "--- a\n",
		"exercises/grading/grading.go":                "package grading\n",
		"exercises/interp/symbols/gen.go":             "//go:build ignore\n\npackage main\n",
		"exercises/interp/symbols/gen_rewrite.go":     "//go:build ignore\n\npackage main\n",
		"exercises/interp/symbols/z_Fmt.go":           "package symbols\n",
		"exercises/interp/symbols/z_exports_ttl.go":   "package symbols\n",
		"exercises/interp/symbols/exports.go":         "package symbols\n",
		"exercises/interp/symbols/tablesum/x_test.go": "package tablesum\n",
	}
	root := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		write(name, body)
	}
	dir := filepath.Join(root, "exercises", "interp", "symbols")
	sum := func() string {
		t.Helper()
		s, err := Sum(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := sum()
	if again := sum(); again != base {
		t.Fatalf("two sums of the same files differ: %s, %s", base, again)
	}
	for _, tc := range []struct {
		file    string
		changes bool
	}{
		{"exercises/interp/symbols/z_Fmt.go", true},  // a table edited by hand
		{"exercises/ttl/.meta/solution.go", true},    // a new import in the solution
		{"exercises/ttl/.meta/mutants/a.diff", true}, // or in a mutant
		{"exercises/ttl/ttl.go", true},               // the exercise's API
		{"go.sum", true},                             // a go-sdk upgrade
		{"exercises/interp/symbols/gen.go", true},    // the generator
		{"exercises/ttl/README.md", false},           // the statement
		{"exercises/interp/symbols/exports.go", false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			write(tc.file, files[tc.file]+"// changed\n")
			defer write(tc.file, files[tc.file])
			if got := sum() != base; got != tc.changes {
				t.Errorf("changing %s changed the sum: %v, want %v", tc.file, got, tc.changes)
			}
		})
	}
}
