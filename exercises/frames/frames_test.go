package frames

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestFrames", grading.Names(GradeChecks())) }

// TestFrames grades frames.go: one subtest per check (see gradetest.Run).
func TestFrames(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeFuncs]{ID: "frames", File: "frames.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
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

type funcs struct {
	Line   func(line []byte) error
	Stream func(data []byte) (lines []int, texts []string, errs []error)
	SSE    func() func(chunk []byte) (types, data []string)
}

func main() {
	remote.Serve(funcs{
		Line: learner.CheckLine,
		Stream: func(data []byte) (lines []int, texts []string, errs []error) {
			for _, v := range learner.CheckStream(data) {
				lines, texts, errs = append(lines, v.Line), append(texts, v.Text), append(errs, v.Err)
			}
			return lines, texts, errs
		},
		SSE: func() func(chunk []byte) (types, data []string) {
			d := &learner.Decoder{}
			return func(chunk []byte) (types, data []string) {
				for _, e := range d.Feed(chunk) {
					types, data = append(types, e.Type), append(data, e.Data)
				}
				return types, data
			}
		},
	}, errs, nil)
}
`
