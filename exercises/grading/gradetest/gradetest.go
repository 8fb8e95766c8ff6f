// Package gradetest is what every exercise's _test.go does: refuse a -run
// pattern that grades nothing, and run each check as a subtest, against
// the learner's code compiled in or in a process of its own.
package gradetest

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

// Main is an exercise's TestMain: it refuses a -run pattern that selects
// no check of test (go test would otherwise pass without grading anything).
func Main(m *testing.M, test string, checks []string) {
	flag.Parse()
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), test, checks); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// An Exercise is what grading one exercise's learner file takes.
type Exercise[F any] struct {
	ID, File string
	// Driver is the learner process's main (see remote.Spec.Driver).
	Driver string
	// Errors are the errors whose identity the checks test, by the names
	// the driver gives the learner package's own copies.
	Errors   remote.Errors
	Adapters remote.Adapters
	// InProcess is the learner's code compiled into the test.
	InProcess F
}

// Run grades every check as a subtest. Under the classroom grader
// (remote.OutOfProcess) the learner's file runs in a process of its own
// and the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func Run[F any](t *testing.T, ex Exercise[F], checks []grading.Check[F]) {
	spec := remote.Spec{Exercise: ex.ID, Dir: ".", File: ex.File, Imports: importrule.ForExercise(ex.ID), Driver: ex.Driver}
	grade, done := remote.Grader(spec, ex.Errors, ex.Adapters, ex.InProcess)
	defer done()
	for _, c := range checks {
		t.Run(c.Name, func(t *testing.T) {
			if r := grade(c); !r.Pass {
				t.Error(r)
			}
		})
	}
}
