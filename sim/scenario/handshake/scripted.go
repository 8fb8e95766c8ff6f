package handshake

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The handshake scripts here need bytes the SDK will not send, so one end
// is a scripted peer writing raw frames.

// handshakeRequestBeforeInit sends tools/list from a scripted client before
// any initialize.
func handshakeRequestBeforeInit(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("A scripted client (not the SDK, which would never do this) skips the handshake.")
	if _, err := l.W.Inject(play.C2s, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`),
		"tools/list before initialize. Specification 2025-11-25: the client should not send requests other than ping before the server answered initialize."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return err
	}
	code := play.ErrorCode(f)
	rec.Update(func(s *trace.State) { s.Error = fmt.Sprintf("error code %d: %s", code, play.ErrorMessage(f)) })
	l.W.Deliver(f, fmt.Sprintf("go-sdk v1.8.0 behaviour: the server refuses with an error whose code is %d, not a standard JSON-RPC code. The session is still usable.", code))

	rec.Update(func(s *trace.State) { s.Error = "" })
	if err := l.Initialize(ctx, 2, p.ClientVersion, "Now the client does it properly: initialize.", "The same server session now answers initialize normally."); err != nil {
		return err
	}
	// This client's notifications/initialized carries empty params, which
	// the specification allows as well as none.
	if err := l.Initialized(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`, "The client confirms with notifications/initialized and is READY."); err != nil {
		return err
	}
	if _, err := l.W.Inject(play.C2s, []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}`), "The same request as before, after the handshake."); err != nil {
		return err
	}
	f, err = l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Catalog = play.ToolNames(f) })
	l.W.Deliver(f, "This time it succeeds."+cacheHints(f.Raw, play.V20251125))
	return nil
}

// handshakeUnsupported answers the SDK client's initialize from a scripted
// server with a version the client does not know.
func handshakeUnsupported(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	w := wire.New(rec)
	rec.Note("The server here is scripted: the go-sdk server would never answer a version it cannot speak.")
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, w.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: p.ClientVersion})
	})
	f, err := w.Await(ctx, play.Request(play.C2s, "initialize"))
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	w.Deliver(f, "The go-sdk client asks for "+p.ClientVersion+".")
	reply := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"scripted-server","version":"0.0.1"}}}`, f.ID, p.ServerVersion)
	if _, err := w.Inject(play.S2c, []byte(reply), "The server answers "+p.ServerVersion+", which the client does not support."); err != nil {
		return err
	}
	cs, err := play.Wait(ctx, connected)
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
func handshakeNoInitialized(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("A scripted client initializes but never sends notifications/initialized.")
	if err := l.Initialize(ctx, 1, p.ClientVersion, "initialize, as usual.", "The server answers. A correct client would now send notifications/initialized."); err != nil {
		return err
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_stock","arguments":{"query":{"sku":"PEN-01"}}}}`
	if _, err := l.W.Inject(play.C2s, []byte(call), "Instead it calls get_stock straight away."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "go-sdk v1.8.0 behaviour: the server accepts the call and answers it. Specification 2025-11-25: after a successful initialize the client MUST send notifications/initialized; this client broke that rule, and another server could refuse it. Do not rely on the leniency.")
	return nil
}
