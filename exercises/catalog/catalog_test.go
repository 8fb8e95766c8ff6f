package catalog

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

// TestMain refuses a -run pattern that selects no check: go test would
// otherwise pass without grading anything.
func TestMain(m *testing.M) {
	flag.Parse()
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestCatalog", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestCatalog grades catalog.go: one subtest per check. Under the classroom
// grader (remote.OutOfProcess) catalog.go runs in a process of its own and
// the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func TestCatalog(t *testing.T) {
	spec := remote.Spec{Exercise: "catalog", Dir: ".", File: "catalog.go", Allow: importrule.ForExercise("catalog"), Driver: learnerDriver}
	grade, done := remote.Grader(spec, learnerErrors, nil, inProcess())
	defer done()
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grade(c); !r.Pass {
				t.Error(r)
			}
		})
	}
}

// learnerErrors are the errors whose identity the checks test, by the names
// the driver gives the learner package's own copies.
var learnerErrors = remote.Errors{"ErrInvalidLimits": ErrInvalidLimits, "ErrDuplicateName": ErrDuplicateName, "ErrCursorRepeated": ErrCursorRepeated, "ErrPageLimit": ErrPageLimit, "ErrToolLimit": ErrToolLimit}

// learnerDriver is the learner process's main: it serves the learner's
// functions in the shape the checks take them.
const learnerDriver = `package main

import (
	"context"
	"reflect"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

var errs = remote.Errors{"ErrInvalidLimits": learner.ErrInvalidLimits, "ErrDuplicateName": learner.ErrDuplicateName, "ErrCursorRepeated": learner.ErrCursorRepeated, "ErrPageLimit": learner.ErrPageLimit, "ErrToolLimit": learner.ErrToolLimit}

type lister struct{ o *remote.Object }

func (l lister) ListTools(ctx context.Context, cursor *string) (learner.Page, error) {
	var p learner.Page
	var err error
	l.o.Call("ListTools", []any{ctx, cursor}, &p, &err)
	return p, err
}

func main() {
	remote.Serve(learner.Enumerate, errs, remote.Adapters{reflect.TypeFor[learner.Lister](): func(o *remote.Object) any { return lister{o} }})
}
`
