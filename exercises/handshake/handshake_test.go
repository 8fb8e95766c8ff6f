package handshake

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestHandshake", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestHandshake grades handshake.go: one subtest per check. Under the classroom
// grader (remote.OutOfProcess) handshake.go runs in a process of its own and
// the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func TestHandshake(t *testing.T) {
	spec := remote.Spec{Exercise: "handshake", Dir: ".", File: "handshake.go", Allow: importrule.ForExercise("handshake"), Driver: learnerDriver}
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
var learnerErrors = remote.Errors{}

// learnerDriver is the learner process's main: it serves the learner's
// functions in the shape the checks take them.
const learnerDriver = `package main

import (
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

var errs = remote.Errors{}

type client struct {
	State   func() string
	Version func() string
	Offer   func() string
	Send    func(method string, id int64) error
	Receive func(frame []byte) (string, error)
	Close   func()
}

func main() {
	remote.Serve(func(version string, supported []string) client {
		c := learner.NewClient(version, supported)
		return client{State: c.State, Version: c.Version, Offer: c.Offer, Send: c.Send, Receive: c.Receive, Close: c.Close}
	}, errs, nil)
}
`
