package conformance_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// probeFixture probes the paging-empty-token fixture in memory or over
// HTTP.
func probeFixture(tb testing.TB, overHTTP bool) *conformance.Report {
	tb.Helper()
	f, err := conformance.NewFixture("paging-empty-token")
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	opts := conformance.Options{Transport: "in-memory"}
	dial := conformance.ServerDialer(f.Server(), f.Transport)
	if overHTTP {
		srv := httptest.NewServer(f.Handler())
		defer srv.Close()
		target := &conformance.HTTPTarget{URL: srv.URL + "/mcp"}
		dial, opts.HTTP, opts.Transport = conformance.HTTPDialer(target), target, "streamable-http"
	}
	rep, err := conformance.Probe(ctx, dial, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return rep
}

func TestFixtureServerPassesInBothRevisions(t *testing.T) {
	for _, overHTTP := range []bool{false, true} {
		rep := probeFixture(t, overHTTP)
		if !slices.Equal(rep.Revisions, []string{"2025-11-25", "2026-07-28"}) {
			t.Errorf("http=%v: revisions = %v, want both", overHTTP, rep.Revisions)
		}
		for _, c := range rep.Cases {
			if c.Verdict == conformance.Fail || c.Verdict == conformance.Warn {
				t.Errorf("http=%v: %s (%s) %s: %s", overHTTP, c.ID, c.Revision, c.Verdict, c.Message)
			}
		}
		for _, rev := range rep.Revisions {
			walk := rep.Find("list-walk:tools", rev)
			if walk == nil || !slices.Equal(walk.Items, []string{"alpha", "beta", "gamma"}) {
				t.Errorf("http=%v %s: walk = %+v, want alpha, beta, gamma", overHTTP, rev, walk)
			}
		}
		want := "stdio-framing"
		if overHTTP {
			want = "http-origin-403"
		}
		if c := rep.Find(want, ""); c == nil || c.Verdict != conformance.Pass {
			t.Errorf("http=%v: %s = %+v, want pass", overHTTP, want, c)
		}
	}
}

func TestEveryCaseLeavesATrace(t *testing.T) {
	rep := probeFixture(t, true)
	for _, c := range rep.Cases {
		if c.Verdict != conformance.Skip && len(c.Events) < 2 {
			t.Errorf("%s (%s): %d events, want the wire and the verdict", c.ID, c.Revision, len(c.Events))
		}
	}
}

// The whole probe against the fixture; the issue asks for under 5 s.
func BenchmarkProbeFixture(b *testing.B) {
	for _, overHTTP := range []bool{false, true} {
		name := map[bool]string{false: "stdio-pipes", true: "http"}[overHTTP]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				probeFixture(b, overHTTP)
			}
		})
	}
}

// TransportDialer probes through any mcp.Transport: here go-sdk's
// in-memory pair, a fresh one per connection.
func TestTransportDialerProbesAnyTransport(t *testing.T) {
	f, err := conformance.NewFixture("paging-normal")
	if err != nil {
		t.Fatal(err)
	}
	dial := conformance.TransportDialer(func(ctx context.Context) (mcp.Transport, error) {
		ct, st := mcp.NewInMemoryTransports()
		if _, err := f.Server().Connect(ctx, f.Transport(st), nil); err != nil {
			return nil, err
		}
		return ct, nil
	})
	rep, err := conformance.Probe(context.Background(), dial, conformance.Options{Transport: "in-memory"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() || len(rep.Revisions) != 2 {
		t.Errorf("revisions %v, failed %v", rep.Revisions, rep.Failed())
	}
	if rep.Find("stdio-framing", "") != nil {
		t.Error("stdio-framing judged on decoded messages, which have no bytes to judge")
	}
	if w := rep.Find("list-walk:tools", "2025-11-25"); w == nil || !slices.Equal(w.Items, []string{"alpha", "beta", "gamma"}) {
		t.Errorf("walk %+v", w)
	}
}
