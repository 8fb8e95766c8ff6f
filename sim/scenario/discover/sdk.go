package discover

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// discoverVersionRetry runs the go-sdk client, asking for a version newer
// than any go-sdk v1.8.0 implements, against the go-sdk fixture server: the
// one case in which go-sdk v1.8.0 retries server/discover after -32022.
func discoverVersionRetry(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note(fmt.Sprintf("Era 2026-07-28. The go-sdk client is set to ask for %s, standing in for a client newer than the server: the go-sdk v1.8.0 server implements 2026-07-28 and older versions only.", p.ClientVersion))
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	rec.Update(func(s *trace.State) { s.Protocol = p.ClientVersion })
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "server/discover"), "server/discover names "+p.ClientVersion+" in _meta io.modelcontextprotocol/protocolVersion, with clientCapabilities and clientInfo beside it."); err != nil {
		return err
	}
	if _, err := l.DeliverUnsupported(ctx, "server/discover", "Error %d, UnsupportedProtocolVersion. Specification 2026-07-28: a server that does not implement the requested version MUST answer this way, with the versions it does support in data.supported (here %s) and the one asked for in data.requested."); err != nil {
		return err
	}

	g, err := l.W.Await(ctx, play.Request(play.C2s, "server/discover"))
	if err != nil {
		return err
	}
	retried := play.MetaVersion(g)
	rec.Update(func(s *trace.State) { s.Protocol = retried; s.Error = "" })
	l.W.Deliver(g, fmt.Sprintf("The client retries with a new id and %s, the newest version in the list that it supports too. go-sdk v1.8.0 behaviour: Connect retries server/discover once, and only when that version is 2026-07-28 or later; specification 2026-07-28: the client SHOULD pick a mutually supported version and retry.", retried))
	if _, err := l.W.Step(ctx, play.Response(play.S2c, "server/discover"), "This time the server answers: supportedVersions, capabilities, and its serverInfo in _meta. resultType \"complete\" marks an ordinary result (2026-07-28: every result carries one)."); err != nil {
		return err
	}
	if l.Cs, err = play.Wait(ctx, connected); err != nil {
		return err
	}
	rec.Changed("Connect returns, speaking "+l.Cs.InitializeResult().ProtocolVersion+". The failed request left nothing behind: in 2026-07-28 each request stands alone.", func(s *trace.State) {
		s.Protocol = l.Cs.InitializeResult().ProtocolVersion
	})
	return handshake.ListThenClose(ctx, l,
		"Every later request carries the version that worked, "+retried+", in its _meta.",
		"The answer, with resultType \"complete\".",
		"The client closes the connection; in 2026-07-28 a connection is not a session.")
}

// discoverFallback runs the go-sdk client with its default version against
// a server that does not know server/discover, as a 2025-11-25 server does
// not: go-sdk v1.8.0's dual-era probe.
func discoverFallback(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	server := fixture.NewServer(fixture.Options{})
	// The go-sdk v1.8.0 server implements server/discover, so a middleware
	// answers it the way JSON-RPC 2.0 answers an unknown method.
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "server/discover" {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found"}
			}
			return next(ctx, method, req)
		}
	})
	l, err := play.ConnectServer(ctx, rec, server)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("Era 2026-07-28 client, 2025-11-25 server. The server is go-sdk v1.8.0 with a middleware that answers server/discover with -32601 (method not found), as a server that predates 2026-07-28 would: a stand-in, labelled as such.")
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "server/discover"), "The go-sdk client probes with server/discover, as it does by default. Specification 2026-07-28 (stdio): a dual-era client probes with server/discover and falls back on any error that is not a recognised modern one."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "server/discover"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Error = play.ErrorText(f) })
	l.W.Deliver(f, fmt.Sprintf("Error %d: the server does not know the method. That is not -32022 or another 2026-07-28 error, so the server is legacy.", play.ErrorCode(f)))

	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing; s.Error = "" })
	g, err := l.W.Await(ctx, play.Request(play.C2s, "initialize"))
	if err != nil {
		return err
	}
	l.W.Deliver(g, fmt.Sprintf("go-sdk v1.8.0 behaviour: on any error from server/discover other than a -32022 it can retry, Connect falls back to the 2025-11-25 handshake on the same connection: initialize, asking for %s.", play.InitializeVersion(g)))
	f, err = l.W.Await(ctx, play.Response(play.S2c, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Protocol = play.ResultField(f, "protocolVersion") })
	l.W.Deliver(f, "The legacy server answers initialize as usual.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "notifications/initialized"), "The client finishes the 2025-11-25 handshake and is READY: from here on this connection is a 2025-11-25 session."); err != nil {
		return err
	}
	if l.Cs, err = play.Wait(ctx, connected); err != nil {
		return err
	}
	return handshake.ListThenClose(ctx, l,
		"tools/list in the 2025-11-25 form: no per-request _meta, since the session carries the version.",
		"The answer.",
		"The client closes the session. Specification 2026-07-28: clients SHOULD remember the server's era (for stdio, for the life of the server process) rather than probe again.")
}
