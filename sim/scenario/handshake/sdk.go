package handshake

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handshakeSDK runs the real go-sdk client against the real fixture server.
func handshakeSDK(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()

	rec.Note(fmt.Sprintf("The go-sdk client connects, pinned to protocol %s. Its first frame must be initialize.", p.ClientVersion))
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := l.W.Await(ctx, play.Request(play.C2s, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	l.W.Deliver(f, fmt.Sprintf("initialize is a request (it has an id): protocolVersion %s, the client's capabilities and clientInfo.", p.ClientVersion))

	f, err = l.W.Await(ctx, play.Response(play.S2c, "initialize"))
	if err != nil {
		return err
	}
	agreed := play.ResultField(f, "protocolVersion")
	rec.Update(func(s *trace.State) { s.Protocol = agreed })
	note := "The server supports the requested version and answers with the same one, plus its capabilities and serverInfo."
	if agreed != p.ClientVersion {
		note = fmt.Sprintf("The server does not support %s, so it counter-offers %s, a version it does support.", p.ClientVersion, agreed)
	}
	l.W.Deliver(f, note)

	f, err = l.W.Await(ctx, play.Request(play.C2s, "notifications/initialized"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	note = "A notification (no id, so no response): the client accepted the version and is ready. Normal requests may flow now."
	if agreed != p.ClientVersion {
		note = fmt.Sprintf("The client knows %s, so it accepts the counter-offer and sends initialized.", agreed)
	}
	l.W.Deliver(f, note)
	if l.Cs, err = play.Wait(ctx, connected); err != nil {
		return err
	}

	return ListThenClose(ctx, l,
		"The first ordinary request: list the server's tools.",
		"One page, no nextCursor: the catalog is complete.",
		"The client closes the session. Closing the transport is how an MCP session ends; there is no shutdown message.")
}

// discover2026 runs the default go-sdk v1.8.0 client: protocol 2026-07-28.
// Its state is STATELESS from the start: 2026-07-28 has no lifecycle, so
// server/discover is an ordinary request, not a phase the client is in.
func discover2026(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("Era 2026-07-28: there is no initialize handshake and no client lifecycle. The client is STATELESS from the start: every request it sends carries its own protocol version and capabilities.")
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := l.W.Await(ctx, play.Request(play.C2s, "server/discover"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Protocol = p.ClientVersion })
	l.W.Deliver(f, "server/discover: _meta carries the protocol version, clientInfo and client capabilities. Specification 2026-07-28: clients may call it first, and need not. go-sdk v1.8.0 behaviour: Connect always does, to choose a version.")
	f, err = l.W.Await(ctx, play.Response(play.S2c, "server/discover"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "The server lists the versions it supports and its capabilities. The protocol needs no session for this (go-sdk v1.8.0 behaviour: its server still keeps the client's parameters on its side).")
	if l.Cs, err = play.Wait(ctx, connected); err != nil {
		return err
	}
	agreed := l.Cs.InitializeResult().ProtocolVersion
	rec.Changed("The client keeps "+agreed+", which the server listed, and Connect returns. There is no notifications/initialized in this era, and the client's state does not change: 2026-07-28 keeps no state from this exchange.", func(s *trace.State) {
		s.Protocol = agreed
	})
	return ListThenClose(ctx, l,
		"Each request carries its own _meta: io.modelcontextprotocol/protocolVersion and clientCapabilities (required by 2026-07-28) and clientInfo (which clients SHOULD send).",
		"The answer, with resultType \"complete\" (2026-07-28: every result carries one; \"input_required\" is the other core value) and the server's serverInfo in _meta.",
		"The client closes the connection. Specification 2026-07-28: a connection is not a session, so nothing else ends with it.")
}

// ListThenClose lists the tools once on l's ready client session and
// closes the session, with a note for the request, the response and the
// close.
func ListThenClose(ctx context.Context, l *play.Link, reqNote, respNote, closeNote string) error {
	cs := l.Cs
	listed := play.GoDo(func() (*mcp.ListToolsResult, error) { return cs.ListTools(ctx, nil) })
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/list"), reqNote); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return err
	}
	l.Rec.Update(func(s *trace.State) { s.Catalog = play.ToolNames(f) })
	l.W.Deliver(f, respNote+cacheHints(f.Raw, l.Rec.State().Protocol))
	if _, err := play.Wait(ctx, listed); err != nil {
		return err
	}
	err = cs.Close()
	l.Rec.Changed(closeNote, func(s *trace.State) { s.Client = trace.ClientClosed })
	return err
}

// cacheHints explains the ttlMs and cacheScope of a list result, if raw
// has them, for a session speaking protocol: go-sdk v1.8.0 sends these
// 2026-07-28 fields on every tools/list result, 2025-11-25 sessions
// included, and the first trace a learner sees (handshake-ok) shows them
// long before the catalog lesson.
func cacheHints(raw []byte, protocol string) string {
	if !bytes.Contains(raw, []byte(`"ttlMs"`)) {
		return ""
	}
	const what = " ttlMs is how long, in milliseconds, the client may treat the list as fresh (0: stale at once, fetch again when needed); cacheScope \"public\" says the list is the same for every user, so a shared cache may keep it."
	if protocol == play.V20251125 {
		return " The result also carries ttlMs and cacheScope, cache hints that 2026-07-28 requires on list results. go-sdk v1.8.0 sends these 2026-07-28 fields on a 2025-11-25 session too, where the specification does not define them." + what
	}
	return " ttlMs and cacheScope are cache hints that 2026-07-28 requires on list results." + what
}
