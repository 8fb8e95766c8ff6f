package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// validateC50Tests checks a --tests file against Classroom 50's published
// rules, written from them here rather than vendored: the tests-v1
// envelope (schemas/tests-v1.schema.json), the rules that schema leaves to
// code (unique names of at most 100 bytes: cli/gh-teacher/internal/
// assignment/tests.go), the keys the runner workflow accepts
// (autograde-runner.yaml's _TEST_KEYS: it refuses the schema's
// failure-details, show-output and show-command), and this export's own
// stricter choice: run tests only, with an explicit timeout of 1–600 s.
func validateC50Tests(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return fmt.Errorf("not an object (a bare array is the hand-written form, not the envelope)")
	}
	for k := range top {
		if k != "schema" && k != "tests" && k != "defaults" {
			return fmt.Errorf("unknown key %q", k)
		}
	}
	if top["schema"] != c50Schema {
		return fmt.Errorf("schema = %v, want %q", top["schema"], c50Schema)
	}
	tests, ok := top["tests"].([]any)
	switch {
	case !ok:
		return fmt.Errorf("tests is not an array")
	case len(tests) == 0:
		return fmt.Errorf("no tests (the runner refuses an empty list)")
	case len(tests) > 100:
		return fmt.Errorf("%d tests, at most 100", len(tests))
	}
	allowed := []string{"name", "type", "setup", "run", "timeout", "points"}
	seen := map[string]bool{}
	for i, raw := range tests {
		tc, ok := raw.(map[string]any)
		if !ok {
			return fmt.Errorf("tests[%d] is not an object", i)
		}
		for k := range tc {
			if !slices.Contains(allowed, k) {
				return fmt.Errorf("tests[%d]: key %q is not one the runner accepts", i, k)
			}
		}
		for _, k := range []string{"name", "type", "setup", "run"} {
			if v, present := tc[k]; present {
				if _, isString := v.(string); !isString {
					return fmt.Errorf("tests[%d].%s is not a string", i, k)
				}
			}
		}
		name, _ := tc["name"].(string)
		switch {
		case name == "":
			return fmt.Errorf("tests[%d]: no name", i)
		case len(name) > 100:
			return fmt.Errorf("tests[%d]: name %q is %d bytes, at most 100", i, name, len(name))
		case strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
			return fmt.Errorf("tests[%d]: name %q holds a control character", i, name)
		case seen[name]:
			return fmt.Errorf("tests[%d]: name %q is not unique", i, name)
		}
		seen[name] = true
		if tc["type"] != "run" {
			return fmt.Errorf("%s: type %v, want run", name, tc["type"])
		}
		if run, _ := tc["run"].(string); run == "" {
			return fmt.Errorf("%s: no run command", name)
		}
		for _, bound := range []struct {
			key      string
			min, max int64
			required bool
		}{{"timeout", 1, 600, true}, {"points", 0, 1000, true}} {
			v, present := tc[bound.key]
			if !present {
				return fmt.Errorf("%s: no %s", name, bound.key)
			}
			n, ok := v.(json.Number)
			if !ok {
				return fmt.Errorf("%s: %s %v is not a number", name, bound.key, v)
			}
			k, err := n.Int64()
			if err != nil {
				return fmt.Errorf("%s: %s %v is not an integer", name, bound.key, n)
			}
			if k < bound.min || k > bound.max {
				return fmt.Errorf("%s: %s %d is outside %d–%d", name, bound.key, k, bound.min, bound.max)
			}
		}
	}
	return nil
}

// validateC50Runtime checks a --runtime file: the RuntimeRef keys only
// (cli/gh-teacher/internal/assignment/runtime.go, decoded with
// DisallowUnknownFields), a go version matching LanguageVersionPattern.
func validateC50Runtime(b []byte) error {
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	for k := range doc {
		if !slices.Contains([]string{"runs-on", "container", "python", "node", "java", "go", "rust", "apt"}, k) {
			return fmt.Errorf("unknown runtime key %q", k)
		}
	}
	v, _ := doc["go"].(string)
	if v == "" || len(v) > 32 || strings.ContainsFunc(v, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._+-", r))
	}) {
		return fmt.Errorf("go %q does not match ^[A-Za-z0-9._+-]{1,32}$", v)
	}
	return nil
}

func TestClassroom50ValidatorRefuses(t *testing.T) {
	good := `{"name": "x/a", "type": "run", "setup": "true", "run": "true", "timeout": 10, "points": 1}`
	doc := func(tests ...string) string {
		return `{"schema": "classroom50/tests/v1", "tests": [` + strings.Join(tests, ",") + `]}`
	}
	with := func(field string) string { return strings.Replace(good, `"points": 1`, `"points": 1, `+field, 1) }
	many := make([]string, 101)
	for i := range many {
		many[i] = strings.Replace(good, "x/a", fmt.Sprintf("x/%d", i), 1)
	}
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"a bare array", "[" + good + "]", "not an object"},
		{"another schema", strings.Replace(doc(good), "tests/v1", "tests/v2", 1), "schema"},
		{"an unknown envelope key", strings.Replace(doc(good), `"tests"`, `"extra": 1, "tests"`, 1), "unknown key"},
		{"no tests", doc(), "no tests"},
		{"more than 100 tests", doc(many...), "at most 100"},
		{"a key the runner refuses", doc(with(`"show-output": true`)), "runner accepts"},
		{"an io key on a run test", doc(with(`"expected": "x"`)), "runner accepts"},
		{"a name of 101 bytes", doc(strings.Replace(good, "x/a", strings.Repeat("é", 50)+"x", 1)), "at most 100"},
		{"a control character in a name", doc(strings.Replace(good, "x/a", `x\ta`, 1)), "control character"},
		{"a repeated name", doc(good, good), "not unique"},
		{"another type", doc(strings.Replace(good, `"run", "setup"`, `"shell", "setup"`, 1)), "want run"},
		{"an empty run", doc(strings.Replace(good, `"run": "true"`, `"run": ""`, 1)), "no run"},
		{"a setup that is not a string", doc(strings.Replace(good, `"setup": "true"`, `"setup": 1`, 1)), "not a string"},
		{"no timeout", doc(strings.Replace(good, `"timeout": 10, `, "", 1)), "no timeout"},
		{"a timeout of 0", doc(strings.Replace(good, `"timeout": 10`, `"timeout": 0`, 1)), "outside 1–600"},
		{"a timeout over 600", doc(strings.Replace(good, `"timeout": 10`, `"timeout": 601`, 1)), "outside 1–600"},
		{"a fractional timeout", doc(strings.Replace(good, `"timeout": 10`, `"timeout": 1.5`, 1)), "not an integer"},
		{"negative points", doc(strings.Replace(good, `"points": 1`, `"points": -1`, 1)), "outside 0–1000"},
		{"points over 1000", doc(strings.Replace(good, `"points": 1`, `"points": 1001`, 1)), "outside 0–1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := validateC50Tests([]byte(tc.doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("validateC50Tests = %v, want an error about %q", err, tc.want)
			}
		})
	}
	if err := validateC50Tests([]byte(doc(good))); err != nil {
		t.Errorf("validateC50Tests(a good file) = %v", err)
	}
	for _, tc := range []struct{ name, doc string }{
		{"an unknown runtime key", `{"go": "1.26.8", "golang": "1.26"}`},
		{"a go version with a space", `{"go": "1.26 8"}`},
		{"no go version", `{"python": "3.14"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := validateC50Runtime([]byte(tc.doc)); err == nil {
				t.Errorf("validateC50Runtime(%s) = nil, want an error", tc.doc)
			}
		})
	}
}

// readC50Tests reads and validates a tests file.
func readC50Tests(t *testing.T, path string) []c50Test {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := validateC50Tests(b); err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	var f c50Tests
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f.Tests
}

func TestClassroom50FilesFollowTheSchema(t *testing.T) {
	root, dir, exs := writeExport(t, "classroom50")
	var all []c50Test
	for _, ex := range exs {
		tests := readC50Tests(t, filepath.Join(dir, "tests", ex.ID+".json"))
		all = append(all, tests...)
		// The pointed tests are the page's checks with the page's points.
		var want, got []string
		for _, c := range ex.Config.Checks {
			want = append(want, fmt.Sprintf("%s/%s=%d", ex.ID, c.Name, c.Points))
		}
		for _, tc := range tests {
			if tc.Points > 0 {
				got = append(got, fmt.Sprintf("%s=%d", tc.Name, tc.Points))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s.json pointed tests = %v, want %v", ex.ID, got, want)
		}
	}
	gotAll := readC50Tests(t, filepath.Join(dir, "tests", "all.json"))
	if len(gotAll) != len(all) {
		t.Errorf("all.json has %d tests, want the %d of the exercises' files", len(gotAll), len(all))
	}
	b, err := os.ReadFile(filepath.Join(dir, "runtime.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := validateC50Runtime(b); err != nil {
		t.Errorf("runtime.json: %v", err)
	}
	gomod, _ := os.ReadFile(filepath.Join(root, "go.mod"))
	if want := `"go": "` + goVersion(string(gomod)) + `"`; !strings.Contains(string(b), want) {
		t.Errorf("runtime.json = %s, want %s", b, want)
	}
	// Classroom 50 adds its own autograde.yaml; a template workflow would
	// grade a second time (or be clobbered by submit's .github/ re-fetch).
	if _, err := os.Stat(filepath.Join(dir, "template", ".github")); err == nil {
		t.Errorf("the template has a .github folder")
	}
	for _, ex := range exs {
		if _, err := os.Stat(filepath.Join(dir, "graders", "exercises", ex.ID, ex.Config.File)); err == nil {
			t.Errorf("graders/ holds %s's starter: the student's file must come from the checkout", ex.ID)
		}
		if _, err := os.Stat(filepath.Join(dir, "graders", "exercises", ex.ID, "grade.go")); err != nil {
			t.Errorf("graders/ lacks %s's grade.go", ex.ID)
		}
	}
}

// runC50Test runs one test the way Classroom 50's runner does
// (runner.py's execute_test): setup, then run, each with `/bin/sh -c` in
// the checkout and bounded by the test's timeout, with the bundle's path
// in CLASSROOM50_BUNDLE_DIR. A run test passes when run exits 0.
func runC50Test(checkout, bundle string, tc c50Test) (pass bool, output string) {
	sh := func(command string) (string, bool) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(tc.Timeout)*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
		cmd.Dir, cmd.WaitDelay = checkout, 5*time.Second
		cmd.Env = goEnv()
		if bundle != "" {
			cmd.Env = append(cmd.Env, "CLASSROOM50_BUNDLE_DIR="+bundle)
		}
		out, err := cmd.CombinedOutput()
		if ctx.Err() != nil {
			return string(out) + fmt.Sprintf("\ntimed out after %ds", tc.Timeout), false
		}
		return string(out), err == nil
	}
	if tc.Setup != "" {
		if out, ok := sh(tc.Setup); !ok {
			return false, "setup failed:\n" + out
		}
	}
	out, ok := sh(tc.Run)
	return ok, out
}

// c50Checkout is a fresh copy of the template with v's file in place, as
// a student's repository holds it.
func c50Checkout(t *testing.T, template string, v variantFile) string {
	t.Helper()
	checkout := t.TempDir()
	copyTree(t, template, checkout)
	if err := os.WriteFile(filepath.Join(checkout, "exercises", v.ex.ID, v.ex.Config.File), v.source(t), 0o644); err != nil {
		t.Fatal(err)
	}
	return checkout
}

func TestClassroom50GradesAsTheRunnerDoes(t *testing.T) {
	dir, exs := gradingExport(t, "classroom50", "runs go test per check")
	// The runner starts one go test per check, seconds each: every check of
	// every variant would take most of an hour. Here each exercise's
	// solution passes its first and last checks (the compile test and a
	// check that calls the learner's code) and its first mutant fails the
	// check that catches it, and one starter fails its first check, each
	// run as the runner runs it; Gradescope grades every starter.
	for _, v := range variants(exs) {
		if v.kind == "starter" && v.ex.ID != sampleExercise {
			continue
		}
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel()
			tests := readC50Tests(t, filepath.Join(dir, "tests", v.ex.ID+".json"))
			// What to run, and whether each must pass.
			want := map[string]bool{}
			switch v.kind {
			case "starter":
				for _, tc := range tests {
					if tc.Points > 0 && len(want) == 0 {
						want[tc.Name] = false // the starter compiles and fails every check
					}
				}
			case "solution", "everyday":
				for i, tc := range tests {
					if i == 0 || i == len(tests)-1 {
						want[tc.Name] = true
					}
				}
			case "mutant":
				want[checkName(v.ex, v.catcher())] = false
			}
			checkout := c50Checkout(t, filepath.Join(dir, "template"), v)
			timed(t, fmt.Sprintf("classroom50 %s, %d tests", v, len(want)), func() {
				for _, tc := range tests {
					wantPass, ok := want[tc.Name]
					if !ok {
						continue
					}
					if pass, out := runC50Test(checkout, dir, tc); pass != wantPass {
						t.Errorf("%s on the %s: pass = %v, want %v\n%s", tc.Name, v, pass, wantPass, out)
					}
				}
			})
		})
	}
}

func TestClassroom50WithoutGradersFails(t *testing.T) {
	_, dir, exs := writeExport(t, "classroom50")
	ex := exs[0]
	tc := readC50Tests(t, filepath.Join(dir, "tests", ex.ID+".json"))[1]
	checkout := c50Checkout(t, filepath.Join(dir, "template"), variantFile{ex: ex, kind: "solution"})
	for _, bc := range []struct{ name, bundle, want string }{
		{"no bundle", "", "CLASSROOM50_BUNDLE_DIR"},
		{"a bundle without graders/", t.TempDir(), "no graders/ folder"},
	} {
		t.Run(bc.name, func(t *testing.T) {
			// Setup fails before run, so this runs no go command.
			pass, out := runC50Test(checkout, bc.bundle, tc)
			if pass || !strings.Contains(out, "setup failed") || !strings.Contains(out, bc.want) {
				t.Errorf("%s with %s: pass = %v, output %q; want a failed setup naming %q", tc.Name, bc.name, pass, out, bc.want)
			}
		})
	}
}
