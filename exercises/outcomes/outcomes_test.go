package outcomes

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestOutcomes", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestOutcomes grades outcomes.go: one subtest per check.
func TestOutcomes(t *testing.T) {
	learner := GradeFuncs{Classify: Classify, Reconcile: Reconcile, Match: Match}
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grading.Run(context.Background(), c, learner); !r.Pass {
				t.Error(r)
			}
		})
	}
}
