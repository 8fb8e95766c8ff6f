package ttl

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestTTL", grading.Names(GradeChecks())) }

// TestTTL grades ttl.go: one subtest per check (see gradetest.Run).
func TestTTL(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeNew]{ID: "ttl", File: "ttl.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
}

// learnerErrors are the errors whose identity the checks test, by the names
// the driver gives the learner package's own copies.
var learnerErrors = remote.Errors{"ErrInvalidInput": ErrInvalidInput, "ErrTimeReversed": ErrTimeReversed, "ErrOverflow": ErrOverflow}

// learnerDriver is the learner process's main: it serves the learner's
// functions in the shape the checks take them.
const learnerDriver = `package main

import (
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

var errs = remote.Errors{"ErrInvalidInput": learner.ErrInvalidInput, "ErrTimeReversed": learner.ErrTimeReversed, "ErrOverflow": learner.ErrOverflow}

type sessions struct {
	Touch   func(id string, now, ttl int64) error
	Expire  func(now int64) ([]string, error)
	Live    func() int
	Tickets func() int
}

func main() {
	remote.Serve(func() sessions {
		s := learner.New()
		return sessions{Touch: s.Touch, Expire: s.Expire, Live: s.Live, Tickets: s.Tickets}
	}, errs, nil)
}
`
