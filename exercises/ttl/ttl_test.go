package ttl

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestTTL", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestTTL grades ttl.go: one subtest per check. Under the classroom
// grader (remote.OutOfProcess) ttl.go runs in a process of its own and
// the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func TestTTL(t *testing.T) {
	spec := remote.Spec{Exercise: "ttl", Dir: ".", File: "ttl.go", Allow: importrule.ForExercise("ttl"), Driver: learnerDriver}
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
