package catalog

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestCatalog", grading.Names(GradeChecks())) }

// TestCatalog grades catalog.go: one subtest per check (see gradetest.Run).
func TestCatalog(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeEnumerate]{ID: "catalog", File: "catalog.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
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
