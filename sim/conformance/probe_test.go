package conformance_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
)

func courseCatalog() fixture.Catalog {
	return fixture.Catalog{Pages: [][]string{{"alpha", "beta"}, {"gamma"}, {"delta"}}, EmptyCursorAfter: 1}
}

func TestFixtureServerPassesInBothRevisions(t *testing.T) {
	s := fixture.NewCatalogServer(courseCatalog(), 1)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rep, err := conformance.Probe(ctx, conformance.ServerDialer(s, fixture.PreserveCursor), conformance.Options{Transport: "in-memory"})
	if err != nil {
		t.Fatal(err)
	}
	rep.WriteTable(os.Stdout)
}
