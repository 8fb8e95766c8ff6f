package discover

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// discoverLegacyList runs the go-sdk client with its default version
// against a go-sdk server restricted to 2025-11-25
// (ServerOptions.SupportedProtocolVersions): the -32022 it gets lists no
// version from 2026-07-28 on, so go-sdk v1.8.0 falls back to initialize
// instead of retrying.
func discoverLegacyList(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	// A server of its own: the fixture's options cannot narrow versions.
	// It has no tools; the scenario ends with the handshake.
	server := mcp.NewServer(&mcp.Implementation{Name: "inventory-2025", Version: "1.0.0"},
		&mcp.ServerOptions{SupportedProtocolVersions: []string{play.V20251125}})
	l, err := play.ConnectServer(ctx, rec, server)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("Both ends are go-sdk v1.8.0. The server is restricted to 2025-11-25 with ServerOptions.SupportedProtocolVersions, a real option: a dual-era SDK configured to speak only the older era.")
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "server/discover"), "The go-sdk client probes with server/discover at "+p.ClientVersion+", its default."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "server/discover"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Error = play.ErrorText(f) })
	l.W.Deliver(f, fmt.Sprintf("Error %d, UnsupportedProtocolVersion: a modern error, from a server that knows server/discover. Its data.supported lists only %s.", play.ErrorCode(f), strings.Join(play.ErrorSupported(f), ", ")))
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing; s.Error = "" })
	g, err := l.W.Await(ctx, play.Request(play.C2s, "initialize"))
	if err != nil {
		return err
	}
	l.W.Deliver(g, fmt.Sprintf("go-sdk v1.8.0 behaviour: the newest listed version it speaks is %s, older than 2026-07-28, so Connect does not retry server/discover: it falls back to initialize. That is go-sdk's choice for a case the specification leaves open, not its rule: 2026-07-28 says a client that gets -32022, a recognized modern error, retries with a version from data.supported and does not fall back to initialize.", play.InitializeVersion(g)))
	f, err = l.W.Await(ctx, play.Response(play.S2c, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Protocol = play.ResultField(f, "protocolVersion") })
	l.W.Deliver(f, "The server answers initialize at 2025-11-25.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "notifications/initialized"), "The client is READY in a 2025-11-25 session."); err != nil {
		return err
	}
	if l.Cs, err = play.Wait(ctx, connected); err != nil {
		return err
	}
	err = l.Cs.Close()
	rec.Changed("The client closes the session.", func(s *trace.State) { s.Client = trace.ClientClosed })
	return err
}
