package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The classroom exports are what a teacher receives. These tests write
// each one and grade with it the way its platform does, offline: the
// starters score nothing, the solutions score everything, and a mutant
// fails the check that catches it. Every go command shares the caller's
// build cache; -trimpath (in the grader) makes its entries valid in every
// temporary copy.
//
// Grading every mutant of every exercise through every target would run go
// test a few hundred times, each linking go-sdk programs. Which check
// catches which mutant is the proof's to show (go run ./cmd/exercises
// check), in process; here each exercise's starter, solution and first
// mutant are graded out of process by Gradescope (one go test per
// submission), and Classroom 50 (one go test per check) samples checks. A
// solution's full marks already carry every check's calls, errors
// included, across the pipe.

// sampleExercise is the exercise the tests of one platform's own cases
// use: small, and quick to grade.
const sampleExercise = "frames"

// goEnv is the environment of every go command the tests run: offline
// (the module cache must already hold everything), with the local
// toolchain.
func goEnv(extra ...string) []string {
	return append(os.Environ(), append([]string{"GOPROXY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly"}, extra...)...)
}

func testRoot(t *testing.T) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// writeExport writes target's export into a fresh directory.
func writeExport(t *testing.T, target string) (root, dir string, exs []exercise) {
	t.Helper()
	root = testRoot(t)
	dir = t.TempDir()
	if err := WriteClassroom(root, target, dir); err != nil {
		t.Fatalf("WriteClassroom(%s): %v", target, err)
	}
	exs, err := loadExercises(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	return root, dir, exs
}

// copyTree copies the files under src to dst, keeping their modes.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return writeFileMode(filepath.Join(dst, rel), string(b), fi.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// warmOnce compiles every exercise's graders once before the targets'
// tests run side by side: two go commands compiling the same package into
// an empty cache at the same time both do all the work.
var warmOnce sync.Once

func warmBuildCache(t *testing.T) {
	t.Helper()
	warmOnce.Do(func() {
		_, dir, _ := writeExport(t, "github")
		dir = filepath.Join(dir, "template")
		start := time.Now()
		// One go build compiles every package the graders import, in
		// parallel, with the grader's -trimpath.
		if out, ok := run(dir, goEnv(), "go", "build", "-trimpath", "./..."); !ok {
			t.Logf("warming the build cache: go build failed\n%s", out)
		}
		t.Logf("build cache warmed in %s", time.Since(start).Round(100*time.Millisecond))
	})
}

// run runs a command and returns its combined output and whether it
// exited 0.
func run(dir string, env []string, name string, args ...string) (string, bool) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

func TestClassroomCommand(t *testing.T) {
	root := testRoot(t)
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		want   string // in stdout or stderr
	}{
		{"no -for lists the targets", nil, 0, "classroom50"},
		{"a DIR without -for is refused with the targets", []string{filepath.Join(t.TempDir(), "x")}, 2, "gradescope"},
		{"an unknown target names the known ones", []string{"-for", "moodle", filepath.Join(t.TempDir(), "x")}, 1, "classroom50, gradescope, github"},
		{"a DIR that is not empty is refused", []string{"-for", "github", full}, 1, "is not empty"},
		{"two DIRs are refused", []string{"-for", "github", "a", "b"}, 2, "usage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := classroomCommand(root, tc.args, &stdout, &stderr)
			if status != tc.status {
				t.Errorf("classroom %v: status %d, want %d\n%s%s", tc.args, status, tc.status, &stdout, &stderr)
			}
			if out := stdout.String() + stderr.String(); !strings.Contains(out, tc.want) {
				t.Errorf("classroom %v said %q, want it to mention %q", tc.args, out, tc.want)
			}
		})
	}
}

func TestGoVersion(t *testing.T) {
	for _, tc := range []struct{ name, gomod, want string }{
		{"the toolchain line wins", "module m\n\ngo 1.26.0\n\ntoolchain go1.26.8\n", "1.26.8"},
		{"the go line without a toolchain", "module m\n\ngo 1.25.3\n", "1.25.3"},
		{"a comment after the version", "module m\n\ngo 1.26.0 // the language\n", "1.26.0"},
		{"no version", "module m\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := goVersion(tc.gomod); got != tc.want {
				t.Errorf("goVersion(%q) = %q, want %q", tc.gomod, got, tc.want)
			}
		})
	}
}

// exportFiles lists an export's files, relative to dir, with the files of
// each zip listed as zip/entry.
func exportFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = b
		if strings.HasSuffix(p, ".zip") {
			for name, data := range zipFiles(t, p) {
				files[filepath.ToSlash(rel)+"/"+name] = data
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestExportsHoldNoAnswers(t *testing.T) {
	for _, target := range targetNames() {
		t.Run(target, func(t *testing.T) {
			_, dir, exs := writeExport(t, target)
			var solutions [][]byte
			for _, ex := range exs {
				solutions = append(solutions, variantFile{ex: ex, kind: "solution"}.source(t))
				for _, m := range ex.Mutants {
					solutions = append(solutions, variantFile{ex: ex, kind: "mutant", mutant: m}.source(t))
				}
			}
			for name, b := range exportFiles(t, dir) {
				if strings.Contains(name, ".meta/") {
					t.Errorf("%s: the export holds .meta", name)
				}
				if slices.ContainsFunc(solutions, func(s []byte) bool { return bytes.Equal(s, b) }) {
					t.Errorf("%s is a solution or a mutant", name)
				}
				// GitHub Classroom is gone: nothing may still use its actions.
				if bytes.Contains(b, []byte("classroom-resources/")) {
					t.Errorf("%s still uses GitHub Classroom's actions", name)
				}
			}
		})
	}
}

func TestExportsAreReproducible(t *testing.T) {
	for _, target := range targetNames() {
		t.Run(target, func(t *testing.T) {
			_, a, _ := writeExport(t, target)
			_, b, _ := writeExport(t, target)
			fa, fb := exportFiles(t, a), exportFiles(t, b)
			for name, data := range fa {
				if !bytes.Equal(data, fb[name]) {
					t.Errorf("%s differs between two runs", name)
				}
			}
			if len(fa) != len(fb) {
				t.Errorf("two runs wrote %d and %d files", len(fa), len(fb))
			}
		})
	}
}

// TestGraderChecksMatchConfigs: every export's grader/checks.json holds
// the page's checks and points, from .meta/config.json.
func TestGraderChecksMatchConfigs(t *testing.T) {
	_, dir, exs := writeExport(t, "github")
	var got struct {
		Exercises []struct {
			ID, File, Test string
			Checks         []struct {
				Name   string
				Points int
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "template", "grader", "checks.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Exercises) != len(exs) {
		t.Fatalf("checks.json has %d exercises, want %d", len(got.Exercises), len(exs))
	}
	for i, ex := range exs {
		g := got.Exercises[i]
		if g.ID != ex.ID || g.File != ex.Config.File || g.Test != ex.Config.Test {
			t.Errorf("checks.json exercise %d = %s %s %s, want %s %s %s", i, g.ID, g.File, g.Test, ex.ID, ex.Config.File, ex.Config.Test)
		}
		var want, have []string
		for _, c := range ex.Config.Checks {
			want = append(want, fmt.Sprintf("%s=%d", c.Name, c.Points))
		}
		for _, c := range g.Checks {
			have = append(have, fmt.Sprintf("%s=%d", c.Name, c.Points))
		}
		if !slices.Equal(want, have) {
			t.Errorf("%s checks = %v, want %v (config.json)", ex.ID, have, want)
		}
	}
}

// gradingExport is the start of a test that grades with target's export:
// skipped with -short (why says what it would run), parallel with the
// others, on a build cache warmed once.
func gradingExport(t *testing.T, target, why string) (string, []exercise) {
	t.Helper()
	if testing.Short() {
		t.Skip(why)
	}
	t.Parallel()
	_, dir, exs := writeExport(t, target)
	warmBuildCache(t)
	return dir, exs
}

// TestStudentREADMEsComeInBothLanguages: the repository a student gets
// opens with a README in English and one in Chinese, each linking to the
// other, and every statement either links to is in the export.
func TestStudentREADMEsComeInBothLanguages(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)#]+)\)`)
	for _, tt := range []struct{ target, top string }{{"classroom50", "template/"}, {"github", "template/"}} {
		t.Run(tt.target, func(t *testing.T) {
			_, dir, exs := writeExport(t, tt.target)
			files := exportFiles(t, dir)
			for _, pair := range [][2]string{{"README.md", "README.zh.md"}, {"README.zh.md", "README.md"}} {
				readme := string(files[tt.top+pair[0]])
				if readme == "" {
					t.Fatalf("%s%s missing", tt.top, pair[0])
				}
				if !strings.Contains(readme, "]("+pair[1]+")") {
					t.Errorf("%s does not link to %s", pair[0], pair[1])
				}
				for _, m := range link.FindAllStringSubmatch(readme, -1) {
					if _, ok := files[tt.top+m[1]]; !ok && !strings.Contains(m[1], "://") {
						t.Errorf("%s links to %s, which the export does not hold", pair[0], m[1])
					}
				}
			}
			zh := string(files[tt.top+"README.zh.md"])
			for _, ex := range exs {
				if !strings.Contains(zh, "exercises/"+ex.ID+"/README.zh.md") {
					t.Errorf("README.zh.md does not list %s", ex.ID)
				}
			}
		})
	}
}
