package outcomes

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestOutcomes", grading.Names(GradeChecks())) }

// TestOutcomes grades outcomes.go: one subtest per check (see gradetest.Run).
func TestOutcomes(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeFuncs]{ID: "outcomes", File: "outcomes.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
}

// learnerErrors are the errors whose identity the checks test, by the names
// the driver gives the learner package's own copies.
var learnerErrors = remote.Errors{}

// learnerDriver is the learner process's main: it serves the learner's
// functions in the shape the checks take them.
const learnerDriver = `package main

import (
	"context"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

var errs = remote.Errors{}

type funcs struct {
	Classify  func(learner.Call) string
	Reconcile func(ctx context.Context, calls []learner.Call, s learner.Server) []string
	Match     func(pending []learner.Pending, r learner.Response) int
}

func main() {
	remote.Serve(funcs{Classify: learner.Classify, Reconcile: learner.Reconcile, Match: learner.Match}, errs, nil)
}
`
