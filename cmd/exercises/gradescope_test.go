package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

func zipFiles(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = b
	}
	return files
}

// gsResult is results.json as the tests read it.
type gsResult struct {
	Score  float64
	Output string
	Tests  []gsTestResult
}

type gsTestResult struct {
	Name     string
	Score    float64
	MaxScore float64 `json:"max_score"`
	Status   string
	Output   string
}

// validateGradescopeResults checks results.json against Gradescope's
// format (gradescope/autograder_samples, docs/specs.md): only its keys, a
// top-level score that is the tests' total, and for each test a name, a
// score between 0 and max_score and a status that agrees with them.
func validateGradescopeResults(b []byte) (*gsResult, error) {
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	for k := range doc {
		if !slices.Contains([]string{"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}, k) {
			return nil, fmt.Errorf("key %q is not in Gradescope's format", k)
		}
	}
	tests, _ := doc["tests"].([]any)
	for i, raw := range tests {
		tc, _ := raw.(map[string]any)
		for k := range tc {
			if !slices.Contains([]string{"score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data"}, k) {
				return nil, fmt.Errorf("tests[%d]: key %q is not in Gradescope's format", i, k)
			}
		}
	}
	var r gsResult
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	if _, ok := doc["score"].(float64); !ok {
		return nil, fmt.Errorf("no top-level score")
	}
	sum := 0.0
	for _, tc := range r.Tests {
		if tc.Name == "" {
			return nil, fmt.Errorf("a test without a name")
		}
		if tc.Score < 0 || tc.Score > tc.MaxScore {
			return nil, fmt.Errorf("%s: score %v outside 0–%v", tc.Name, tc.Score, tc.MaxScore)
		}
		if want := map[bool]string{true: "passed", false: "failed"}[tc.Score == tc.MaxScore]; tc.Status != want {
			return nil, fmt.Errorf("%s: status %q with %v/%v points", tc.Name, tc.Status, tc.Score, tc.MaxScore)
		}
		sum += tc.Score
	}
	if sum != r.Score {
		return nil, fmt.Errorf("score %v, but the tests add up to %v", r.Score, sum)
	}
	return &r, nil
}

func TestGradescopeZipHasTheScriptsAtItsRoot(t *testing.T) {
	_, dir, exs := writeExport(t, "gradescope")
	for _, ex := range exs {
		path := filepath.Join(dir, ex.ID, "autograder.zip")
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		modes := map[string]os.FileMode{}
		for _, f := range zr.File {
			modes[f.Name] = f.Mode()
			if strings.HasPrefix(f.Name, "exercises/") && !strings.HasPrefix(f.Name, "exercises/"+ex.ID+"/") && !strings.HasPrefix(f.Name, "exercises/grading/") && !strings.HasPrefix(f.Name, "exercises/importrule/") {
				t.Errorf("%s's zip holds %s, another exercise's file", ex.ID, f.Name)
			}
		}
		zr.Close()
		for _, script := range []string{"setup.sh", "run_autograder"} {
			if m, ok := modes[script]; !ok || m&0o111 == 0 {
				t.Errorf("%s's zip: %s mode %v, want an executable at the root", ex.ID, script, m)
			}
		}
		for _, f := range []string{"go.mod", "grader/main.go", "grader/checks.json", "exercises/" + ex.ID + "/grade.go"} {
			if _, ok := modes[f]; !ok {
				t.Errorf("%s's zip lacks %s", ex.ID, f)
			}
		}
	}
}

// gradescopeRoot builds an autograder's image as Gradescope does: the zip
// unpacked into ROOT/source, run_autograder copied to ROOT, and setup.sh
// run as root. This machine's Go is the one go.mod names, so setup.sh must
// keep it: apt-get and curl are tripwires that fail the build if called.
func gradescopeRoot(t *testing.T, zipPath string) string {
	t.Helper()
	root := t.TempDir()
	for name, b := range zipFiles(t, zipPath) {
		mode := os.FileMode(0o644)
		if name == "setup.sh" || name == "run_autograder" {
			mode = 0o755
		}
		if err := writeFileMode(filepath.Join(root, "source", name), string(b), mode); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(root, "source", "run_autograder"))
	if err != nil {
		t.Fatal(err)
	}
	if err := writeFileMode(filepath.Join(root, "run_autograder"), string(b), 0o755); err != nil {
		t.Fatal(err)
	}
	trip := t.TempDir()
	for _, cmd := range []string{"apt-get", "curl"} {
		if err := writeFileMode(filepath.Join(trip, cmd), "#!/bin/sh\necho \"setup.sh ran $0 although Go $(go env GOVERSION) is here\" >&2\nexit 1\n", 0o755); err != nil {
			t.Fatal(err)
		}
	}
	setup := exec.Command(filepath.Join(root, "source", "setup.sh"))
	setup.Env = goEnv("AUTOGRADER_ROOT="+root, "PATH="+trip+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := setup.CombinedOutput(); err != nil {
		t.Fatalf("setup.sh: %v\n%s", err, out)
	}
	return root
}

// learnerUsers numbers the learner users of the grades run so far.
var learnerUsers atomic.Int32

// runAutograder grades one submission as Gradescope does: a fresh
// ROOT/submission and ROOT/results, ROOT/run_autograder run from ROOT, and
// results.json read back and checked against Gradescope's format.
func runAutograder(t *testing.T, root string, submission map[string][]byte) *gsResult {
	t.Helper()
	for _, d := range []string{"submission", "results"} {
		if err := os.RemoveAll(filepath.Join(root, d)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "submission"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range submission {
		if err := writeFile(filepath.Join(root, "submission", name), string(b)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(filepath.Join(root, "run_autograder"))
	// A learner user of its own: run_autograder ends every process of its
	// learner user when it is done, and other grades run beside this one.
	uid := fmt.Sprint(61000 + learnerUsers.Add(1))
	cmd.Dir, cmd.Env = root, goEnv("AUTOGRADER_ROOT="+root, "MCP_PLAYGROUND_LEARNER="+uid)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run_autograder: %v (a failing submission must still exit 0)\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
	if err != nil {
		t.Fatalf("run_autograder left no results.json: %v", err)
	}
	r, err := validateGradescopeResults(b)
	if err != nil {
		t.Fatalf("results.json: %v\n%s", err, b)
	}
	return r
}

// failedTests lists r's failed tests with what each printed.
func failedTests(r *gsResult) string {
	var b strings.Builder
	for _, tc := range r.Tests {
		if tc.Status == "failed" {
			fmt.Fprintf(&b, "\n%s: %s", tc.Name, tc.Output)
		}
	}
	return b.String()
}

// wantAllChecks fails unless r lists every check of ex, in order, with its
// points as max_score.
func wantAllChecks(t *testing.T, ex exercise, r *gsResult) {
	t.Helper()
	var got, want []string
	for _, tc := range r.Tests {
		got = append(got, fmt.Sprintf("%s=%v", tc.Name, tc.MaxScore))
	}
	for _, c := range ex.Config.Checks {
		want = append(want, fmt.Sprintf("%s=%d", checkName(ex, c.Name), c.Points))
	}
	if !slices.Equal(got, want) {
		t.Errorf("tests = %v, want %v (config.json)", got, want)
	}
}

func TestGradescopeGradesSubmissions(t *testing.T) {
	dir, exs := gradingExport(t, "gradescope", "runs go test per submission")
	all := variants(exs)
	for _, ex := range exs {
		t.Run(ex.ID, func(t *testing.T) {
			t.Parallel()
			// One image per exercise; each submission grades in it afresh.
			root := gradescopeRoot(t, filepath.Join(dir, ex.ID, "autograder.zip"))
			for _, v := range all {
				if v.ex.ID != ex.ID {
					continue
				}
				var r *gsResult
				timed(t, "gradescope "+v.String(), func() {
					r = runAutograder(t, root, map[string][]byte{ex.Config.File: v.source(t)})
				})
				wantAllChecks(t, ex, r)
				switch v.kind {
				case "starter":
					if r.Score != 0 {
						t.Errorf("the starter scores %v, want 0", r.Score)
					}
				case "solution", "everyday":
					if r.Score != float64(ex.Config.MaxScore()) {
						t.Errorf("the %s scores %v, want %d\n%s%s", v, r.Score, ex.Config.MaxScore(), r.Output, failedTests(r))
					}
				case "mutant":
					i := slices.IndexFunc(r.Tests, func(tc gsTestResult) bool { return tc.Name == checkName(ex, v.catcher()) })
					if i < 0 || r.Tests[i].Status != "failed" {
						t.Errorf("%s: %s did not fail", v, checkName(ex, v.catcher()))
					}
				}
			}
			if ex.ID != sampleExercise {
				return
			}
			solution := variantFile{ex: ex, kind: "solution"}.source(t)
			for _, tc := range []struct {
				name       string
				submission map[string][]byte
				score      float64
				output     string // in the top-level output
			}{
				{"a submission without the file scores 0 and says so", map[string][]byte{"notes.txt": []byte("hi")}, 0, "has no " + ex.Config.File},
				{"a file that does not compile scores 0 with the compiler's message", map[string][]byte{ex.Config.File: []byte("package " + ex.ID + "\n\nfunc broken( {\n")}, 0, "syntax error"},
				{"a repository submission is graded from exercises/<id>/", map[string][]byte{"exercises/" + ex.ID + "/" + ex.Config.File: solution, "README.md": []byte("mine")}, float64(ex.Config.MaxScore()), "points"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := runAutograder(t, root, tc.submission)
					wantAllChecks(t, ex, r)
					if r.Score != tc.score || !strings.Contains(r.Output, tc.output) {
						t.Errorf("score %v, output %q; want %v and an output mentioning %q", r.Score, r.Output, tc.score, tc.output)
					}
				})
			}
		})
	}
}
