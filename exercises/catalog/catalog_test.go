package catalog

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
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestCatalog", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestCatalog grades catalog.go: one subtest per check.
func TestCatalog(t *testing.T) {
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grading.Run(context.Background(), c, GradeEnumerate(Enumerate)); !r.Pass {
				t.Error(r)
			}
		})
	}
}
