package handshake

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestHandshake", grading.Names(GradeChecks())) }

// TestHandshake grades handshake.go: one subtest per check (see gradetest.Run).
func TestHandshake(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeNew]{ID: "handshake", File: "handshake.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
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
