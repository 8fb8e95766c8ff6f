package scenario

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Protocol versions the scenarios pin.
const (
	v20251125 = "2025-11-25"
	v20260728 = "2026-07-28"
)

var clientInfo = mcp.Implementation{Name: "playground-client", Version: "1.0.0"}

func newClient() *mcp.Client { return mcp.NewClient(&clientInfo, nil) }

// outcome carries what a goroutine running SDK code returned.
type outcome[T any] struct {
	v   T
	err error
}

// goDo runs fn in a goroutine. SDK calls block until their response frame
// is delivered, and delivering is the scenario's job, so every SDK call a
// scenario makes runs beside it.
func goDo[T any](fn func() (T, error)) <-chan outcome[T] {
	ch := make(chan outcome[T], 1)
	go func() {
		v, err := fn()
		ch <- outcome[T]{v, err}
	}()
	return ch
}

// wait returns what the goroutine returned, or ctx's error.
func wait[T any](ctx context.Context, ch <-chan outcome[T]) (T, error) {
	select {
	case o := <-ch:
		return o.v, o.err
	case <-ctx.Done():
		var zero T
		return zero, fmt.Errorf("waiting for the SDK: %w", context.Cause(ctx))
	}
}

// A link is a wire with an SDK server connected to its server end and,
// once one has connected, a go-sdk client session on its client end.
type link struct {
	rec *trace.Recorder
	w   *wire.Wire
	ss  *mcp.ServerSession
	// cs is the go-sdk client's session; nil while none is connected, and
	// for a scripted client, which writes raw frames instead.
	cs *mcp.ClientSession
}

// connectServer connects server to a new wire recording into rec. wrap, if
// not nil, wraps the server's end of the wire.
func connectServer(ctx context.Context, rec *trace.Recorder, server *mcp.Server, wrap ...func(mcp.Transport) mcp.Transport) (*link, error) {
	w := wire.New(rec)
	t := w.ServerTransport()
	for _, f := range wrap {
		t = f(t)
	}
	ss, err := server.Connect(ctx, t, nil)
	if err != nil {
		return nil, fmt.Errorf("connecting server: %w", err)
	}
	return &link{rec: rec, w: w, ss: ss}, nil
}

// connectBoth connects server to a new wire, then a go-sdk client to the
// other end at protocol version, stepping the handshake with short notes
// ([link.connectSDK]): the preamble of scenarios whose subject comes after
// the handshake. The caller must close the link; on error it is closed.
func connectBoth(ctx context.Context, rec *trace.Recorder, server *mcp.Server, version string, wrap ...func(mcp.Transport) mcp.Transport) (*link, error) {
	l, err := connectServer(ctx, rec, server, wrap...)
	if err != nil {
		return nil, err
	}
	if err := l.connectSDK(ctx, version); err != nil {
		l.close()
		return nil, err
	}
	return l, nil
}

// close ends the link and waits for the server session's goroutines, so
// that no goroutine outlives the scenario. It may be called more than once.
func (l *link) close() {
	if l.cs != nil {
		l.cs.Close()
	}
	l.w.Close()
	l.ss.Wait()
}

var (
	c2s = trace.ClientToServer
	s2c = trace.ServerToClient
)

func request(dir, method string) wire.Match { return wire.Match{Dir: dir, Method: method} }
func response(dir, method string) wire.Match {
	return wire.Match{Dir: dir, Method: method, Response: true}
}

// connectSDK connects a go-sdk client to l at protocol version, stepping
// the handshake frames with short notes, and keeps its session in l.cs.
// The scenario's own subject comes after.
func (l *link) connectSDK(ctx context.Context, version string) error {
	return l.connectClient(ctx, newClient(), version)
}

// connectClient is [link.connectSDK] for a client the scenario built.
func (l *link) connectClient(ctx context.Context, client *mcp.Client, version string) error {
	connected := goDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.w.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: version})
	})
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := l.w.Step(ctx, request(c2s, "initialize"), "The go-sdk client initializes (protocol "+version+")."); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	l.rec.Update(func(s *trace.State) { s.Protocol = resultField(f, "protocolVersion") })
	l.w.Deliver(f, "The server's initialize result.")
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	if _, err := l.w.Step(ctx, request(c2s, "notifications/initialized"), "Ready."); err != nil {
		return err
	}
	l.cs, err = wait(ctx, connected)
	return err
}

// initialize plays a scripted client's initialize on l: the request, with
// id and version, noted requestNote, then the server's result, noted
// resultNote. The client stays INITIALIZING: notifications/initialized is
// the caller's, since a scenario may skip it ([link.initialized]).
func (l *link) initialize(ctx context.Context, id int, version, requestNote, resultNote string) error {
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := l.w.Inject(c2s, initializeFrame(id, version), requestNote); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "initialize"))
	if err != nil {
		return err
	}
	l.rec.Update(func(s *trace.State) { s.Protocol = resultField(f, "protocolVersion") })
	l.w.Deliver(f, resultNote)
	return nil
}

// initialized ends a scripted client's handshake: it sends raw, a
// notifications/initialized frame, and the client is READY.
func (l *link) initialized(raw, note string) error {
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	_, err := l.w.Inject(c2s, []byte(raw), note)
	return err
}

// initializeFrame is a scripted client's initialize request.
func initializeFrame(id int, version string) []byte {
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"scripted-client","version":"0.0.1"}}}`, id, version)
}

// initializedFrame is a scripted client's notifications/initialized.
const initializedFrame = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// deliverUnsupported delivers the -32022 UnsupportedProtocolVersion answer
// to method, with note (a format taking its code and the versions it
// lists), and records the error in the state: no version holds any more.
// It returns the versions the server supports.
func (l *link) deliverUnsupported(ctx context.Context, method, note string) ([]string, error) {
	f, err := l.w.Await(ctx, response(s2c, method))
	if err != nil {
		return nil, err
	}
	supported := errorSupported(f)
	l.rec.Update(func(s *trace.State) {
		s.Protocol = ""
		s.Error = errorText(f)
	})
	l.w.Deliver(f, fmt.Sprintf(note, errorCode(f), strings.Join(supported, ", ")))
	return supported, nil
}

// discoverClient connects client to l with its default protocol,
// 2026-07-28, stepping server/discover, and keeps the session in l.cs. The
// client is STATELESS throughout.
func (l *link) discoverClient(ctx context.Context, client *mcp.Client) error {
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	connected := goDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.w.ClientTransport(), nil)
	})
	if _, err := l.w.Step(ctx, request(c2s, "server/discover"), "The go-sdk client's default protocol is 2026-07-28: no handshake, a server/discover probe."); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "server/discover"))
	if err != nil {
		return err
	}
	l.w.Deliver(f, "The server's versions and capabilities.")
	if l.cs, err = wait(ctx, connected); err != nil {
		return err
	}
	l.rec.Update(func(s *trace.State) { s.Protocol = l.cs.InitializeResult().ProtocolVersion })
	return nil
}

// discoverListen is [link.discoverClient] for a client with a list-changed
// handler: after server/discover, Connect opens subscriptions/listen, and
// the server acknowledges it.
func (l *link) discoverListen(ctx context.Context, client *mcp.Client) error {
	l.rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	connected := goDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.w.ClientTransport(), nil)
	})
	if _, err := l.w.Step(ctx, request(c2s, "server/discover"), "The go-sdk client's default protocol is 2026-07-28: a server/discover probe."); err != nil {
		return err
	}
	f, err := l.w.Await(ctx, response(s2c, "server/discover"))
	if err != nil {
		return err
	}
	l.w.Deliver(f, "The server's capabilities include tools.listChanged: it will announce changes to the list.")
	if _, err := l.w.Step(ctx, request(c2s, "subscriptions/listen"), "go-sdk v1.8.0 behaviour: the client has a ToolListChangedHandler and the server announces listChanged, so Connect opens subscriptions/listen with toolsListChanged. Specification 2026-07-28: one long-lived request; its response never comes while the stream is open."); err != nil {
		return err
	}
	f, err = l.w.Await(ctx, request(s2c, "notifications/subscriptions/acknowledged"))
	if err != nil {
		return err
	}
	l.w.Deliver(f, "The server acknowledges the notifications it will send on this stream.")
	if l.cs, err = wait(ctx, connected); err != nil {
		return err
	}
	l.rec.Update(func(s *trace.State) { s.Protocol = l.cs.InitializeResult().ProtocolVersion })
	return nil
}
