package ttl

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestTTL", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestTTL grades ttl.go: one subtest per check.
func TestTTL(t *testing.T) {
	learner := func() GradeSessions {
		s := New()
		return GradeSessions{Touch: s.Touch, Expire: s.Expire, Live: s.Live, Tickets: s.Tickets}
	}
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grading.Run(context.Background(), c, GradeNew(learner)); !r.Pass {
				t.Error(r)
			}
		})
	}
}
