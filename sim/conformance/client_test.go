package conformance_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goClient connects go-sdk v1.8.0's client to f in memory, lists the tools
// with ClientSession.Tools and hangs up.
func goClient(t *testing.T, f *conformance.Fixture) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.Server().Connect(ctx, f.Transport(st), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			break
		}
	}
	cs.Close()
}

// The fixture's verdicts on go-sdk v1.8.0's client, as the course tells
// them: it stops at nextCursor "" and follows a repeated cursor.
func TestFixtureJudgesGoSDKClient(t *testing.T) {
	tests := []struct{ scenario, verdict string }{
		{"paging-normal", conformance.Pass},
		{"paging-empty", conformance.Pass},
		{"paging-empty-token", conformance.Fail},
		{"paging-repeat", conformance.Fail},
		{"paging-cycle", conformance.Fail},
		{"paging-endless", conformance.Fail},
		{"handshake-version-counteroffer", conformance.Pass},
		{"discover-legacy-list", conformance.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			f, err := conformance.NewFixture(tt.scenario)
			if err != nil {
				t.Fatal(err)
			}
			goClient(t, f)
			if got := f.Judge(); got.Verdict != tt.verdict {
				t.Errorf("verdict %s (%s), want %s", got.Verdict, got.Message, tt.verdict)
			}
		})
	}
}

// Over HTTP the session expires after tools/list; go-sdk's client, asked
// for the tools again on the dead session, gets 404 and errors; the
// application then connects again, as lesson 6 says it must.
func TestFixtureJudgesSessionExpiryOverHTTP(t *testing.T) {
	f, err := conformance.NewFixture("ttl-session-expired")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f.Handler())
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	connect := func() *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-client", Version: "1"}, nil).Connect(ctx,
			&mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp", DisableStandaloneSSE: true}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	cs := connect()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListTools(ctx, nil); err == nil {
		t.Fatal("the second ListTools on an expired session succeeded")
	}
	cs.Close()
	if got := f.Judge(); got.Verdict != conformance.Fail {
		t.Errorf("before reconnecting: %s (%s), want fail", got.Verdict, got.Message)
	}
	cs = connect()
	defer cs.Close()
	if got := f.Judge(); got.Verdict != conformance.Pass {
		t.Errorf("after reconnecting: %s (%s), want pass", got.Verdict, got.Message)
	}
}
