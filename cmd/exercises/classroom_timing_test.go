package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

var timings = flag.Bool("classroom.timings", false, "also time grading catalog's solution with a cold build cache, per target")

// timed runs f and logs how long it took, for the closing report.
func timed(t *testing.T, what string, f func()) time.Duration {
	t.Helper()
	start := time.Now()
	f()
	d := time.Since(start)
	t.Logf("timing: %s: %s", what, d.Round(10*time.Millisecond))
	return d
}

// TestClassroomGradingTime times each target grading catalog's solution,
// first with an empty build cache, then with the cache that run left and
// the file changed by a comment, as a resubmission is: the learner's
// package recompiles, the rest comes from the cache. The module cache
// stays (runners restore it; Gradescope's image holds it). It takes
// minutes, so it runs only when asked:
//
//	go test -run TestClassroomGradingTime -v -timeout 30m ./cmd/exercises -args -classroom.timings
func TestClassroomGradingTime(t *testing.T) {
	if !*timings {
		t.Skip("run with -classroom.timings")
	}
	const id = "catalog"
	for _, target := range targetNames() {
		t.Run(target, func(t *testing.T) {
			_, dir, exs := writeExport(t, target)
			ex := exerciseByID(t, exs, id)
			solution := variantFile{ex: ex, kind: "solution"}.source(t)
			// grade grades the solution with a comment appended.
			var grade func(comment string) bool
			switch target {
			case "classroom50":
				checkout := t.TempDir()
				copyTree(t, filepath.Join(dir, "template"), checkout)
				tests := readC50Tests(t, filepath.Join(dir, "tests", id+".json"))
				grade = func(comment string) bool {
					if err := os.WriteFile(filepath.Join(checkout, "exercises", id, ex.Config.File), slices.Concat(solution, []byte(comment)), 0o644); err != nil {
						t.Fatal(err)
					}
					for _, tc := range tests {
						if pass, out := runC50Test(checkout, dir, tc); !pass {
							t.Errorf("%s: %s", tc.Name, out)
							return false
						}
					}
					return true
				}
			case "gradescope":
				root := gradescopeRoot(t, filepath.Join(dir, id, "autograder.zip"))
				grade = func(comment string) bool {
					r := runAutograder(t, root, map[string][]byte{ex.Config.File: slices.Concat(solution, []byte(comment))})
					return r.Score == float64(ex.Config.MaxScore())
				}
			case "github":
				checkout := t.TempDir()
				copyTree(t, filepath.Join(dir, "template"), checkout)
				for _, e := range exs {
					if err := os.WriteFile(filepath.Join(checkout, "exercises", e.ID, e.Config.File), variantFile{ex: e, kind: "solution"}.source(t), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				grade = func(comment string) bool {
					if err := os.WriteFile(filepath.Join(checkout, "exercises", id, ex.Config.File), slices.Concat(solution, []byte(comment)), 0o644); err != nil {
						t.Fatal(err)
					}
					pass, _, _, out := runGradingStep(t, checkout, "")
					if !pass {
						t.Log(out)
					}
					return pass
				}
			}
			what := id + "'s solution"
			if target == "github" {
				what = "every exercise's solution (the workflow grades all six)"
			}
			t.Setenv("GOCACHE", t.TempDir())
			for i, temp := range []string{"cold", "warm"} {
				cpu := childCPU()
				timed(t, fmt.Sprintf("%s grades %s, %s build cache", target, what, temp), func() {
					if !grade(fmt.Sprintf("\n// submission %d\n", i)) {
						t.Errorf("%s did not give the solution every point", target)
					}
				})
				t.Logf("timing: ... of which CPU time (user+system, every process): %s", (childCPU() - cpu).Round(10*time.Millisecond))
			}
		})
	}
}
