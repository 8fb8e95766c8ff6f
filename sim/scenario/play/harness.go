package play

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
	V20251125 = "2025-11-25"
	V20260728 = "2026-07-28"
)

var ClientInfo = mcp.Implementation{Name: "playground-client", Version: "1.0.0"}

func NewClient() *mcp.Client { return mcp.NewClient(&ClientInfo, nil) }

// outcome carries what a goroutine running SDK code returned.
type Outcome[T any] struct {
	V   T
	Err error
}

// goDo runs fn in a goroutine. SDK calls block until their response frame
// is delivered, and delivering is the scenario's job, so every SDK call a
// scenario makes runs beside it.
func GoDo[T any](fn func() (T, error)) <-chan Outcome[T] {
	ch := make(chan Outcome[T], 1)
	go func() {
		v, err := fn()
		ch <- Outcome[T]{v, err}
	}()
	return ch
}

// wait returns what the goroutine returned, or ctx's error.
func Wait[T any](ctx context.Context, ch <-chan Outcome[T]) (T, error) {
	select {
	case o := <-ch:
		return o.V, o.Err
	case <-ctx.Done():
		var zero T
		return zero, fmt.Errorf("waiting for the SDK: %w", context.Cause(ctx))
	}
}

// A link is a wire with an SDK server connected to its server end and,
// once one has connected, a go-sdk client session on its client end.
type Link struct {
	Rec *trace.Recorder
	W   *wire.Wire
	Ss  *mcp.ServerSession
	// cs is the go-sdk client's session; nil while none is connected, and
	// for a scripted client, which writes raw frames instead.
	Cs *mcp.ClientSession
}

// connectServer connects server to a new wire recording into rec. wrap, if
// not nil, wraps the server's end of the wire.
func ConnectServer(ctx context.Context, rec *trace.Recorder, server *mcp.Server, wrap ...func(mcp.Transport) mcp.Transport) (*Link, error) {
	w := wire.New(rec)
	t := w.ServerTransport()
	for _, f := range wrap {
		t = f(t)
	}
	ss, err := server.Connect(ctx, t, nil)
	if err != nil {
		return nil, fmt.Errorf("connecting server: %w", err)
	}
	return &Link{Rec: rec, W: w, Ss: ss}, nil
}

// connectBoth connects server to a new wire, then a go-sdk client to the
// other end at protocol version, stepping the handshake with short notes
// ([link.connectSDK]): the preamble of scenarios whose subject comes after
// the handshake. The caller must close the link; on error it is closed.
func ConnectBoth(ctx context.Context, rec *trace.Recorder, server *mcp.Server, version string, wrap ...func(mcp.Transport) mcp.Transport) (*Link, error) {
	l, err := ConnectServer(ctx, rec, server, wrap...)
	if err != nil {
		return nil, err
	}
	if err := l.ConnectSDK(ctx, version); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// close ends the link and waits for the server session's goroutines, so
// that no goroutine outlives the scenario. It may be called more than once.
func (l *Link) Close() {
	if l.Cs != nil {
		l.Cs.Close()
	}
	l.W.Close()
	l.Ss.Wait()
}

var (
	C2s = trace.ClientToServer
	S2c = trace.ServerToClient
)

func Request(dir, method string) wire.Match { return wire.Match{Dir: dir, Method: method} }
func Response(dir, method string) wire.Match {
	return wire.Match{Dir: dir, Method: method, Response: true}
}

// connectSDK connects a go-sdk client to l at protocol version, stepping
// the handshake frames with short notes, and keeps its session in l.cs.
// The scenario's own subject comes after.
func (l *Link) ConnectSDK(ctx context.Context, version string) error {
	return l.ConnectClient(ctx, NewClient(), version)
}

// connectClient is [link.connectSDK] for a client the scenario built.
func (l *Link) ConnectClient(ctx context.Context, client *mcp.Client, version string) error {
	connected := GoDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.W.ClientTransport(), &mcp.ClientSessionOptions{ProtocolVersion: version})
	})
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := l.W.Step(ctx, Request(C2s, "initialize"), "The go-sdk client initializes (protocol "+version+")."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, Response(S2c, "initialize"))
	if err != nil {
		return err
	}
	l.Rec.Update(func(s *trace.State) { s.Protocol = ResultField(f, "protocolVersion") })
	l.W.Deliver(f, "The server's initialize result.")
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	if _, err := l.W.Step(ctx, Request(C2s, "notifications/initialized"), "Ready."); err != nil {
		return err
	}
	l.Cs, err = Wait(ctx, connected)
	return err
}

// initialize plays a scripted client's initialize on l: the request, with
// id and version, noted requestNote, then the server's result, noted
// resultNote. The client stays INITIALIZING: notifications/initialized is
// the caller's, since a scenario may skip it ([link.initialized]).
func (l *Link) Initialize(ctx context.Context, id int, version, requestNote, resultNote string) error {
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	if _, err := l.W.Inject(C2s, InitializeFrame(id, version), requestNote); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, Response(S2c, "initialize"))
	if err != nil {
		return err
	}
	l.Rec.Update(func(s *trace.State) { s.Protocol = ResultField(f, "protocolVersion") })
	l.W.Deliver(f, resultNote)
	return nil
}

// initialized ends a scripted client's handshake: it sends raw, a
// notifications/initialized frame, and the client is READY.
func (l *Link) Initialized(raw, note string) error {
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientReady })
	_, err := l.W.Inject(C2s, []byte(raw), note)
	return err
}

// initializeFrame is a scripted client's initialize request.
func InitializeFrame(id int, version string) []byte {
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"scripted-client","version":"0.0.1"}}}`, id, version)
}

// initializedFrame is a scripted client's notifications/initialized.
const InitializedFrame = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// deliverUnsupported delivers the -32022 UnsupportedProtocolVersion answer
// to method, with note (a format taking its code and the versions it
// lists), and records the error in the state: no version holds any more.
// It returns the versions the server supports.
func (l *Link) DeliverUnsupported(ctx context.Context, method, note string) ([]string, error) {
	f, err := l.W.Await(ctx, Response(S2c, method))
	if err != nil {
		return nil, err
	}
	supported := ErrorSupported(f)
	l.Rec.Update(func(s *trace.State) {
		s.Protocol = ""
		s.Error = ErrorText(f)
	})
	l.W.Deliver(f, fmt.Sprintf(note, ErrorCode(f), strings.Join(supported, ", ")))
	return supported, nil
}

// discoverClient connects client to l with its default protocol,
// 2026-07-28, stepping server/discover, and keeps the session in l.cs. The
// client is STATELESS throughout.
func (l *Link) DiscoverClient(ctx context.Context, client *mcp.Client) error {
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	connected := GoDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.W.ClientTransport(), nil)
	})
	if _, err := l.W.Step(ctx, Request(C2s, "server/discover"), "The go-sdk client's default protocol is 2026-07-28: no handshake, a server/discover probe."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, Response(S2c, "server/discover"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "The server's versions and capabilities.")
	if l.Cs, err = Wait(ctx, connected); err != nil {
		return err
	}
	l.Rec.Update(func(s *trace.State) { s.Protocol = l.Cs.InitializeResult().ProtocolVersion })
	return nil
}

// discoverListen is [link.discoverClient] for a client with a list-changed
// handler: after server/discover, Connect opens subscriptions/listen, and
// the server acknowledges it.
func (l *Link) DiscoverListen(ctx context.Context, client *mcp.Client) error {
	l.Rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	connected := GoDo(func() (*mcp.ClientSession, error) {
		return client.Connect(ctx, l.W.ClientTransport(), nil)
	})
	if _, err := l.W.Step(ctx, Request(C2s, "server/discover"), "The go-sdk client's default protocol is 2026-07-28: a server/discover probe."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, Response(S2c, "server/discover"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "The server's capabilities include tools.listChanged: it will announce changes to the list.")
	if _, err := l.W.Step(ctx, Request(C2s, "subscriptions/listen"), "go-sdk v1.8.0 behaviour: the client has a ToolListChangedHandler and the server announces listChanged, so Connect opens subscriptions/listen with toolsListChanged. Specification 2026-07-28: one long-lived request; its response never comes while the stream is open."); err != nil {
		return err
	}
	f, err = l.W.Await(ctx, Request(S2c, "notifications/subscriptions/acknowledged"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "The server acknowledges the notifications it will send on this stream.")
	if l.Cs, err = Wait(ctx, connected); err != nil {
		return err
	}
	l.Rec.Update(func(s *trace.State) { s.Protocol = l.Cs.InitializeResult().ProtocolVersion })
	return nil
}
