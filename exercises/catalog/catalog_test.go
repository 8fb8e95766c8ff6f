package catalog

import (
	"context"
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

// TestCatalog grades catalog.go: one subtest per check. Under the
// classroom grader (remote.OutOfProcess) catalog.go runs in a process of
// its own and the checks call it through a pipe.
func TestCatalog(t *testing.T) {
	grade := func(c grading.Check[GradeEnumerate]) grading.Result {
		return grading.Run(context.Background(), c, GradeEnumerate(learnerEnumerate))
	}
	if remote.OutOfProcess() {
		l, err := remote.Build(remote.Spec{Exercise: "catalog", Dir: ".", File: "catalog.go", Allow: importrule.ForExercise("catalog"), Driver: catalogDriver})
		if err != nil {
			grade = func(grading.Check[GradeEnumerate]) grading.Result { return grading.Failf("%v", err) }
		} else {
			defer l.Remove()
			grade = func(c grading.Check[GradeEnumerate]) grading.Result {
				return remote.Run(context.Background(), l, c, catalogErrors, nil)
			}
		}
	}
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grade(c); !r.Pass {
				t.Error(r)
			}
		})
	}
}

// catalogErrors are Enumerate's errors, by the names the driver gives its
// own copies.
var catalogErrors = remote.Errors{
	"ErrInvalidLimits": ErrInvalidLimits, "ErrDuplicateName": ErrDuplicateName, "ErrCursorRepeated": ErrCursorRepeated,
	"ErrPageLimit": ErrPageLimit, "ErrToolLimit": ErrToolLimit,
}

// catalogDriver is the learner process's main: it serves Enumerate, and
// makes a Lister of the grader's.
const catalogDriver = `package main

import (
	"context"
	"reflect"

	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

type lister struct{ o *remote.Object }

func (l lister) ListTools(ctx context.Context, cursor *string) (learner.Page, error) {
	var p learner.Page
	var err error
	l.o.Call("ListTools", []any{ctx, cursor}, &p, &err)
	return p, err
}

func main() {
	remote.Serve(learner.Enumerate, remote.Errors{
		"ErrInvalidLimits": learner.ErrInvalidLimits, "ErrDuplicateName": learner.ErrDuplicateName, "ErrCursorRepeated": learner.ErrCursorRepeated,
		"ErrPageLimit": learner.ErrPageLimit, "ErrToolLimit": learner.ErrToolLimit,
	}, remote.Adapters{reflect.TypeFor[learner.Lister](): func(o *remote.Object) any { return lister{o} }})
}
`
