package frames

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestFrames", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestFrames grades frames.go: one subtest per check. Under the classroom
// grader (remote.OutOfProcess) frames.go runs in a process of its own and
// the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func TestFrames(t *testing.T) {
	spec := remote.Spec{Exercise: "frames", Dir: ".", File: "frames.go", Allow: importrule.ForExercise("frames"), Driver: learnerDriver}
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
