package handshake

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestHandshake", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestHandshake grades handshake.go: one subtest per check.
func TestHandshake(t *testing.T) {
	learner := func(version string, supported []string) GradeClient {
		c := NewClient(version, supported)
		return GradeClient{State: c.State, Version: c.Version, Offer: c.Offer, Send: c.Send, Receive: c.Receive, Close: c.Close}
	}
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grading.Run(context.Background(), c, GradeNew(learner)); !r.Pass {
				t.Error(r)
			}
		})
	}
}
