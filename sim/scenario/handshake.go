package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HandshakeParams choose how the connection starts.
type HandshakeParams struct {
	// Shape is one of ok, request-before-init, counteroffer, unsupported,
	// no-initialized, discover.
	Shape string `json:"shape"`
	// ClientVersion is the protocolVersion the client asks for.
	ClientVersion string `json:"client_version"`
	// ServerVersion is what a scripted server answers (shape unsupported).
	ServerVersion string `json:"server_version,omitempty"`
}

func (p *HandshakeParams) validate() error {
	switch p.Shape {
	case "ok", "request-before-init", "counteroffer", "unsupported", "no-initialized", "discover":
	default:
		return fmt.Errorf("shape %q: want ok, request-before-init, counteroffer, unsupported, no-initialized or discover", p.Shape)
	}
	if !isVersion(p.ClientVersion) {
		return fmt.Errorf("client_version %q: want a date like 2025-11-25", p.ClientVersion)
	}
	// The go-sdk client sends server/discover instead of initialize for
	// any version from 2026-07-28 on and retries discovery on a version
	// the server refuses, so each shape that uses it needs a version whose
	// frames the scenario expects.
	supported := slices.Contains(mcp.SupportedProtocolVersions(), p.ClientVersion)
	modern := p.ClientVersion >= v20260728
	switch p.Shape {
	case "discover":
		if !supported || !modern {
			return fmt.Errorf("client_version %s: shape discover needs a version go-sdk supports from %s on", p.ClientVersion, v20260728)
		}
	case "ok", "unsupported":
		if !supported || modern {
			return fmt.Errorf("client_version %s: shape %s needs a version go-sdk supports before %s (%s)", p.ClientVersion, p.Shape, v20260728, strings.Join(mcp.SupportedProtocolVersions(), ", "))
		}
	case "counteroffer":
		if supported || modern {
			return fmt.Errorf("client_version %s: a counter-offer needs a version the server does not know, before %s (from then on the client sends server/discover)", p.ClientVersion, v20260728)
		}
	}
	if p.Shape == "unsupported" {
		if !isVersion(p.ServerVersion) {
			return fmt.Errorf("server_version %q: want a date like 1999-01-01", p.ServerVersion)
		}
		if slices.Contains(mcp.SupportedProtocolVersions(), p.ServerVersion) {
			return fmt.Errorf("server_version %s: go-sdk supports it; pick one it does not know", p.ServerVersion)
		}
	}
	return nil
}

// isVersion reports whether v looks like an MCP protocol version (YYYY-MM-DD).
func isVersion(v string) bool {
	if len(v) != 10 || v[4] != '-' || v[7] != '-' {
		return false
	}
	for i, c := range v {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

var handshakeFamily = &family{
	name:    "handshake",
	params:  func() validator { return &HandshakeParams{} },
	choices: map[string][]string{"shape": {"ok", "request-before-init", "counteroffer", "unsupported", "no-initialized", "discover"}},
	run: func(ctx context.Context, rec *trace.Recorder, p validator) error {
		hp := p.(*HandshakeParams)
		switch hp.Shape {
		case "ok", "counteroffer":
			return handshakeSDK(ctx, rec, hp)
		case "request-before-init":
			return handshakeRequestBeforeInit(ctx, rec, hp)
		case "unsupported":
			return handshakeUnsupported(ctx, rec, hp)
		case "no-initialized":
			return handshakeNoInitialized(ctx, rec, hp)
		default:
			return discover2026(ctx, rec, hp)
		}
	},
}

func handshakePresets() []preset {
	return []preset{
		{info: Info{ID: "handshake-ok", Title: "The handshake", Lesson: "handshake", Era: v20251125,
			Summary: "initialize, its result, notifications/initialized, then tools/list: the client goes NEW → INITIALIZING → READY → CLOSED."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "ok", ClientVersion: v20251125}},
		{info: Info{ID: "handshake-request-before-init", Title: "A request before initialize", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted client sends tools/list first. The specification says not to; go-sdk answers with an error whose code is 0."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "request-before-init", ClientVersion: v20251125}},
		{info: Info{ID: "handshake-version-counteroffer", Title: "Version counter-offer", Lesson: "handshake", Era: v20251125,
			Summary: "The client asks for a version the server does not know; the server answers with one it supports and the client accepts it."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "counteroffer", ClientVersion: "2024-10-01"}},
		{info: Info{ID: "handshake-version-unsupported", Title: "A version the client cannot use", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted server answers a protocol version the go-sdk client does not know; the client disconnects."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "unsupported", ClientVersion: v20251125, ServerVersion: "1999-01-01"}},
		{info: Info{ID: "handshake-no-initialized", Title: "Skipping notifications/initialized", Lesson: "handshake", Era: v20251125,
			Summary: "A scripted client never sends notifications/initialized and calls a tool anyway; go-sdk's server accepts the call."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "no-initialized", ClientVersion: v20251125}},
		{info: Info{ID: "discover-2026", Title: "No handshake: server/discover", Lesson: "handshake", Era: v20260728,
			Summary: "The 2026-07-28 flow go-sdk v1.8.0 uses by default: server/discover, then requests that each carry their protocol version in _meta."},
			family: handshakeFamily, params: &HandshakeParams{Shape: "discover", ClientVersion: v20260728}},
	}
}

// handshakeSDK runs the real go-sdk client against the real fixture server.
func handshakeSDK(ctx context.Context, rec *trace.Recorder, p *HandshakeParams) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := connectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	var cs *mcp.ClientSession
	defer func() { l.close(cs) }()

	rec.Note(fmt.Sprintf("The go-sdk client connects, pinned to protocol %s. Its first frame must be initialize.", p.ClientVersion))
	connected := goDo(func() (*mcp.ClientSession, error) {
		return newClient().Connect(ctx, l.w.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := l.w.Await(ctx, request(c2s, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	l.w.Deliver(f, fmt.Sprintf("initialize is a request (it has an id): protocolVersion %s, the client's capabilities and clientInfo.", p.ClientVersion))

	f, err = l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	agreed := resultField(f, "protocolVersion")
	rec.Update(func(s *trace.State) { s.Protocol = agreed })
	note := "The server supports the requested version and answers with the same one, plus its capabilities and serverInfo."
	if agreed != p.ClientVersion {
		note = fmt.Sprintf("The server does not support %s, so it counter-offers %s, a version it does support.", p.ClientVersion, agreed)
	}
	l.w.Deliver(f, note)

	f, err = l.w.Await(ctx, request(c2s, "notifications/initialized"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	note = "A notification (no id, so no response): the client accepted the version and is ready. Normal requests may flow now."
	if agreed != p.ClientVersion {
		note = fmt.Sprintf("The client knows %s, so it accepts the counter-offer and sends initialized.", agreed)
	}
	l.w.Deliver(f, note)
	if cs, err = wait(ctx, connected); err != nil {
		return err
	}

	err = listThenClose(ctx, rec, l, cs,
		"The first ordinary request: list the server's tools.",
		"One page, no nextCursor: the catalog is complete.",
		"The client closes the session. Closing the transport is how an MCP session ends; there is no shutdown message.")
	cs = nil
	return err
}

// listThenClose lists the tools once on a ready session and closes it,
// with a note for the request, the response and the close. It closes cs
// whatever happens.
func listThenClose(ctx context.Context, rec *trace.Recorder, l *link, cs *mcp.ClientSession, reqNote, respNote, closeNote string) error {
	defer cs.Close()
	listed := goDo(func() (*mcp.ListToolsResult, error) { return cs.ListTools(ctx, nil) })
	if _, err := l.w.Step(ctx, request(c2s, "tools/list"), reqNote); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "tools/list"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Catalog = toolNames(f) })
	l.w.Deliver(f, respNote)
	if _, err := wait(ctx, listed); err != nil {
		return err
	}
	err = cs.Close()
	rec.Changed(closeNote, func(s *trace.State) { s.Client = trace.ClientClosed })
	return err
}

// handshakeRequestBeforeInit sends tools/list from a scripted client before
// any initialize.
func handshakeRequestBeforeInit(ctx context.Context, rec *trace.Recorder, p *HandshakeParams) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := connectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.close(nil)
	rec.Note("A scripted client (not the SDK, which would never do this) skips the handshake.")
	if _, err := l.w.Inject(c2s, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`),
		"tools/list before initialize. Specification 2025-11-25: the client should not send requests other than ping before the server answered initialize."); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "tools/list"))
	if err != nil {
		return err
	}
	code := errorCode(f)
	rec.Update(func(s *trace.State) { s.Error = fmt.Sprintf("error code %d: %s", code, errorMessage(f)) })
	l.w.Deliver(f, fmt.Sprintf("go-sdk v1.8.0 behaviour: the server refuses with an error whose code is %d, not a standard JSON-RPC code. The session is still usable.", code))

	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing; s.Error = "" })
	if _, err := l.w.Inject(c2s, initializeFrame(2, p.ClientVersion), "Now the client does it properly: initialize."); err != nil {
		return err
	}
	f, err = l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Protocol = resultField(f, "protocolVersion") })
	l.w.Deliver(f, "The same server session now answers initialize normally.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	if _, err := l.w.Inject(c2s, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`), "The client confirms with notifications/initialized and is READY."); err != nil {
		return err
	}
	if _, err := l.w.Inject(c2s, []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}`), "The same request as before, after the handshake."); err != nil {
		return err
	}
	f, err = l.w.Await(ctx, response(s2c, "tools/list"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Catalog = toolNames(f) })
	l.w.Deliver(f, "This time it succeeds.")
	return nil
}

// handshakeUnsupported answers the SDK client's initialize from a scripted
// server with a version the client does not know.
func handshakeUnsupported(ctx context.Context, rec *trace.Recorder, p *HandshakeParams) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	w := wire.New(rec)
	rec.Note("The server here is scripted: the go-sdk server would never answer a version it cannot speak.")
	connected := goDo(func() (*mcp.ClientSession, error) {
		return newClient().Connect(ctx, w.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := w.Await(ctx, request(c2s, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	w.Deliver(f, "The go-sdk client asks for "+p.ClientVersion+".")
	reply := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"scripted-server","version":"0.0.1"}}}`, f.ID, p.ServerVersion)
	if _, err := w.Inject(s2c, []byte(reply), "The server answers "+p.ServerVersion+", which the client does not support."); err != nil {
		return err
	}
	cs, err := wait(ctx, connected)
	if err == nil {
		cs.Close()
		return errors.New("the client accepted a version it does not support")
	}
	rec.Changed("go-sdk v1.8.0 behaviour: Connect fails and the client closes the connection without sending initialized. Specification 2025-11-25: a client that cannot use the server's version should disconnect.", func(s *trace.State) {
		s.Client = trace.ClientClosed
		s.Error = err.Error()
	})
	return nil
}

// handshakeNoInitialized calls a tool between the initialize result and
// notifications/initialized.
func handshakeNoInitialized(ctx context.Context, rec *trace.Recorder, p *HandshakeParams) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := connectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.close(nil)
	rec.Note("A scripted client initializes but never sends notifications/initialized.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := l.w.Inject(c2s, initializeFrame(1, p.ClientVersion), "initialize, as usual."); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Protocol = resultField(f, "protocolVersion") })
	l.w.Deliver(f, "The server answers. A correct client would now send notifications/initialized.")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_stock","arguments":{"query":{"sku":"PEN-01"}}}}`
	if _, err := l.w.Inject(c2s, []byte(call), "Instead it calls get_stock straight away."); err != nil {
		return err
	}
	f, err = l.w.Await(ctx, response(s2c, "tools/call"))
	if err != nil {
		return err
	}
	l.w.Deliver(f, "go-sdk v1.8.0 behaviour: the server accepts the call and answers it. Specification 2025-11-25: after a successful initialize the client MUST send notifications/initialized; this client broke that rule, and another server could refuse it. Do not rely on the leniency.")
	return nil
}

// discover2026 runs the default go-sdk v1.8.0 client: protocol 2026-07-28.
func discover2026(ctx context.Context, rec *trace.Recorder, p *HandshakeParams) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := connectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	var cs *mcp.ClientSession
	defer func() { l.close(cs) }()
	rec.Note("Era 2026-07-28: there is no initialize handshake. The client asks what the server supports, then every request carries its own protocol version.")
	connected := goDo(func() (*mcp.ClientSession, error) {
		return newClient().Connect(ctx, l.w.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := l.w.Await(ctx, request(c2s, "server/discover"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	l.w.Deliver(f, "server/discover: _meta carries the protocol version, clientInfo and client capabilities.")
	f, err = l.w.Await(ctx, response(s2c, "server/discover"))
	if err != nil {
		return err
	}
	l.w.Deliver(f, "The server lists the versions it supports and its capabilities. The protocol needs no session for this (go-sdk still keeps the client's parameters on its side).")
	if cs, err = wait(ctx, connected); err != nil {
		return err
	}
	rec.Changed("The client picked "+cs.InitializeResult().ProtocolVersion+". There is no notifications/initialized in this era.", func(s *trace.State) {
		s.Client = trace.ClientReady
		s.Protocol = cs.InitializeResult().ProtocolVersion
	})
	err = listThenClose(ctx, rec, l, cs,
		"Each request names its protocol version (and client capabilities) in _meta.",
		"The answer, as before.",
		"The client closes the connection.")
	cs = nil
	return err
}

func initializeFrame(id int, version string) []byte {
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"scripted-client","version":"0.0.1"}}}`, id, version)
}

// resultField returns a string field of a response's result.
func resultField(f *wire.Frame, name string) string {
	var m struct {
		Result map[string]json.RawMessage `json:"result"`
	}
	json.Unmarshal(f.Raw, &m)
	var s string
	json.Unmarshal(m.Result[name], &s)
	return s
}

func errorCode(f *wire.Frame) int64 {
	var m struct {
		Error struct {
			Code int64 `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Error.Code
}

func errorMessage(f *wire.Frame) string {
	var m struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Error.Message
}

// toolNames returns the tool names in a tools/list response, in order.
func toolNames(f *wire.Frame) []string {
	var m struct {
		Result struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"result"`
	}
	json.Unmarshal(f.Raw, &m)
	names := []string{}
	for _, t := range m.Result.Tools {
		names = append(names, t.Name)
	}
	return names
}
