package frames

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
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

// TestFrames grades frames.go: one subtest per check.
func TestFrames(t *testing.T) {
	learner := GradeFuncs{
		Line: CheckLine,
		Stream: func(data []byte) (lines []int, texts []string, errs []error) {
			for _, v := range CheckStream(data) {
				lines, texts, errs = append(lines, v.Line), append(texts, v.Text), append(errs, v.Err)
			}
			return lines, texts, errs
		},
		SSE: func() func(chunk []byte) (types, data []string) {
			d := &Decoder{}
			return func(chunk []byte) (types, data []string) {
				for _, e := range d.Feed(chunk) {
					types, data = append(types, e.Type), append(data, e.Data)
				}
				return types, data
			}
		},
	}
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grading.Run(context.Background(), c, learner); !r.Pass {
				t.Error(r)
			}
		})
	}
}
