package conformance_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goClient connects go-sdk v1.8.0's client to f in memory, lists the tools
// with ClientSession.Tools and hangs up.
func goClient(t *testing.T, f *conformance.Fixture) { goClientAt(t, f, "") }

// goClientAt is goClient pinned to protocol version (go-sdk's own when "").
func goClientAt(t *testing.T, f *conformance.Fixture, version string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.Server().Connect(ctx, f.Transport(st), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	var opts *mcp.ClientSessionOptions
	if version != "" {
		opts = &mcp.ClientSessionOptions{ProtocolVersion: version}
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-client", Version: "1"}, nil).Connect(ctx, ct, opts)
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

// Stopping at nextCursor "" breaks the 2026-07-28 text's MUST NOT; for a
// client speaking 2025-11-25, which says nothing of "", the verdict is the
// course's own rule and says so.
func TestStoppingAtAnEmptyCursorCitesTheClientsRevision(t *testing.T) {
	for _, tt := range []struct{ version, level, revision string }{
		{"", "MUST NOT", "2026-07-28"},
		{"2025-11-25", "course", "2025-11-25"},
	} {
		t.Run("version="+tt.version, func(t *testing.T) {
			f, err := conformance.NewFixture("paging-empty-token")
			if err != nil {
				t.Fatal(err)
			}
			goClientAt(t, f, tt.version)
			got := f.Judge()
			if got.Verdict != conformance.Fail || got.Rule == nil || got.Rule.Level != tt.level || got.Rule.Revision != tt.revision {
				t.Errorf("Judge() = %s under %+v (%s), want fail under a %s rule of %s", got.Verdict, got.Rule, got.Message, tt.level, tt.revision)
			}
		})
	}
}

// A client that speaks only 2026-07-28 and meets -32022 listing only
// 2025-11-25 may surface an error instead of falling back: the 2026-07-28
// versioning text allows either. This one sends server/discover, reads
// the error and hangs up.
func TestA2026OnlyClientMaySurfaceTheVersionError(t *testing.T) {
	f, err := conformance.NewFixture("discover-legacy-list")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := f.Server().Connect(ctx, f.Transport(st), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := jsonrpc.MakeID(float64(1))
	meta := `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"only-2026","version":"1"}}}`
	if err := conn.Write(ctx, &jsonrpc.Request{ID: id, Method: "server/discover", Params: json.RawMessage(meta)}); err != nil {
		t.Fatal(err)
	}
	msg, err := conn.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := msg.(*jsonrpc.Response); !ok || r.Error == nil {
		t.Fatalf("server/discover at 2026-07-28 answered %+v, want -32022", msg)
	}
	conn.Close()
	got := f.Judge()
	if got.Verdict != conformance.Pass || got.Rule == nil || got.Rule.Level != "SHOULD" {
		t.Errorf("Judge() = %s under %+v (%s), want pass under the versioning page's retry-or-surface SHOULD", got.Verdict, got.Rule, got.Message)
	}
}

// A client that meets -32022 listing only 2025-11-25 and falls back to
// initialize passes by the course's reading, and the verdict says so: the
// 2026-07-28 text has a client that meets -32022 retry "rather than
// falling back", and says nothing of a list of handshake-era versions
// only. go-sdk v1.8.0's client falls back.
func TestFallingBackAfterALegacyListPassesByTheCoursesReading(t *testing.T) {
	f, err := conformance.NewFixture("discover-legacy-list")
	if err != nil {
		t.Fatal(err)
	}
	goClient(t, f)
	got := f.Judge()
	if got.Verdict != conformance.Pass || got.Rule == nil || got.Rule.Level != "course" || got.Rule.Revision != "2026-07-28" {
		t.Fatalf("Judge() = %s under %+v (%s), want pass under a course rule of 2026-07-28", got.Verdict, got.Rule, got.Message)
	}
	for _, want := range []string{"fell back to initialize at 2025-11-25", "the course's reading, not the text's"} {
		if !strings.Contains(got.Message, want) {
			t.Errorf("Judge() says %q, want it to say %q", got.Message, want)
		}
	}
	if !strings.Contains(got.Rule.Text, "the client retries with a supported version rather than falling back") {
		t.Errorf("the course rule quotes %q, want the text's sentence against falling back", got.Rule.Text)
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
