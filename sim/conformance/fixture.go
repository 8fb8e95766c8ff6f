package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FixtureScenarios are the scenarios [NewFixture] serves, by the course's
// scenario ids. The paging ones serve the course's preset catalog.
var FixtureScenarios = []string{
	"paging-normal", "paging-empty", "paging-empty-token", "paging-repeat", "paging-cycle", "paging-endless",
	"handshake-version-counteroffer", "discover-legacy-list", "ttl-session-expired",
}

// maxListRequests is where a fixture stops serving a walk that never
// stops: the client has no page budget.
const maxListRequests = 500

// A Fixture is a server that behaves as one of the course's scenarios and
// records what the client sends, to judge it when the client is done.
type Fixture struct {
	Scenario string
	// HTTPOnly is set for a scenario that exists only over HTTP.
	HTTPOnly bool

	server  *mcp.Server
	catalog *fixture.Catalog

	mu    sync.Mutex
	rec   *trace.Recorder
	wire  []wireMsg
	lists int
	// expired is the session the HTTP fixture has forgotten, once it has.
	expired string
}

// A wireMsg is one JSON-RPC message as the fixture saw it.
type wireMsg struct {
	fromClient bool
	method     string
	id         string
	params     json.RawMessage
	result     json.RawMessage
	err        *jsonrpc.Error
	status     int // an HTTP status the fixture answered instead of a message
}

// A FixtureReport is the fixture's verdict on the client.
type FixtureReport struct {
	Scenario string `json:"scenario"`
	Verdict  string `json:"verdict"`
	// Rule is the text the verdict rests on, in the revision the client
	// spoke, when there is one.
	Rule    *Rule    `json:"rule,omitempty"`
	Message string   `json:"message"`
	Items   []string `json:"items,omitempty"`
}

// NewFixture returns the fixture for scenario, one of [FixtureScenarios].
func NewFixture(id string) (*Fixture, error) {
	f := &Fixture{Scenario: id, rec: trace.NewRecorder(trace.Stdio, trace.State{})}
	switch id {
	case "handshake-version-counteroffer":
		// A server that speaks only an older revision than any current
		// client asks for: every client meets a counteroffer.
		f.server = mcp.NewServer(&mcp.Implementation{Name: "fixture-2025-06-18", Version: "1.0.0"},
			&mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-06-18"}})
		return f, nil
	case "discover-legacy-list":
		f.server = mcp.NewServer(&mcp.Implementation{Name: "fixture-2025-11-25", Version: "1.0.0"},
			&mcp.ServerOptions{SupportedProtocolVersions: []string{Rev2025}})
		return f, nil
	case "ttl-session-expired":
		f.HTTPOnly = true
		f.server = fixture.NewServer(fixture.Options{})
		return f, nil
	}
	p, ok := paging.Preset(id)
	if !ok || !slices.Contains(FixtureScenarios, id) {
		return nil, fmt.Errorf("no fixture for scenario %q; there are %v", id, FixtureScenarios)
	}
	f.catalog = &p.Catalog
	f.server = fixture.NewCatalogServer(p.Catalog, p.Seed)
	f.server.AddReceivingMiddleware(f.budget)
	return f, nil
}

// budget stops serving tools/list once a client has walked too far.
func (f *Fixture) budget(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			f.mu.Lock()
			f.lists++
			n := f.lists
			f.mu.Unlock()
			if n > maxListRequests {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("fixture: over %d tools/list requests; the client has no page budget", maxListRequests)}
			}
		}
		return next(ctx, method, req)
	}
}

// Server returns the go-sdk server behind the fixture. Connect it through
// [Fixture.Transport] so that the fixture sees the wire.
func (f *Fixture) Server() *mcp.Server { return f.server }

// Transport wraps the server's side of a connection so that the fixture
// records and judges what crosses it.
func (f *Fixture) Transport(t mcp.Transport) mcp.Transport {
	return fixture.PreserveCursor(watchTransport{t, f})
}

// Events returns the wire the fixture recorded, as a trace.
func (f *Fixture) Events() []trace.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.rec.Events())
}

// observe records one message.
func (f *Fixture) observe(fromClient bool, msg jsonrpc.Message) {
	raw, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return
	}
	w := wireMsg{fromClient: fromClient}
	switch m := msg.(type) {
	case *jsonrpc.Request:
		w.method, w.params = m.Method, m.Params
		if m.ID.IsValid() {
			w.id = fmt.Sprint(m.ID.Raw())
		}
	case *jsonrpc.Response:
		w.id, w.result = fmt.Sprint(m.ID.Raw()), m.Result
		if e, ok := m.Error.(*jsonrpc.Error); ok {
			w.err = e
		} else if m.Error != nil {
			w.err = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: m.Error.Error()}
		}
	}
	dir := trace.ServerToClient
	if fromClient {
		dir = trace.ClientToServer
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.wire = append(f.wire, w)
	f.rec.Add(trace.Event{Kind: trace.KindMessage, Direction: dir, Payload: raw, Raw: string(raw)})
}

type watchTransport struct {
	mcp.Transport
	f *Fixture
}

func (t watchTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return watchConn{c, t.f}, nil
}

type watchConn struct {
	mcp.Connection
	f *Fixture
}

func (c watchConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		c.f.observe(true, msg)
	}
	return msg, err
}

func (c watchConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	c.f.observe(false, msg)
	return c.Connection.Write(ctx, msg)
}
