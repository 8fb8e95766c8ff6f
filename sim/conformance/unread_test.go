package conformance_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
)

// deafLink is a server that reads nothing: every write blocks until the
// probe gives up on it, as a stdio write does once the pipe is full.
type deafLink struct{}

func (deafLink) Send(ctx context.Context, _ []byte) error {
	<-ctx.Done()
	return ctx.Err()
}

func (deafLink) Recv(ctx context.Context) ([]byte, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (deafLink) Close() string { return "" }

// TestAWriteTheServerNeverReadsNamesTheBoundThatApplied: a request the
// server never reads warns, as one it never answers does, naming the
// bound that applied to it: -start-timeout on a connection's first.
func TestAWriteTheServerNeverReadsNamesTheBoundThatApplied(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	dial := func(context.Context, *conformance.Tap) (conformance.Link, error) { return deafLink{}, nil }
	rep, err := conformance.Probe(ctx, dial, conformance.Options{RequestTimeout: 100 * time.Millisecond, StartTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Find("lifecycle-initialize", "2025-11-25")
	if c == nil {
		t.Fatalf("no lifecycle-initialize row")
	}
	for _, want := range []string{"read no more of its input", `"-start-timeout 300ms", the probe's own bound`} {
		if c.Verdict != conformance.Warn || !strings.Contains(c.Message, want) {
			t.Errorf("lifecycle-initialize = %s: %s; want a warning saying %q", c.Verdict, c.Message, want)
		}
	}
}
