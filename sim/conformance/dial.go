package conformance

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServerDialer connects to s in the same process, one new server session
// per dial, over a pair of pipes carrying newline-delimited JSON: the
// bytes a stdio server would write, so stdio-framing judges them too.
// wrap, when given, wraps the server's side of each connection (for
// example fixture.PreserveCursor).
func ServerDialer(s *mcp.Server, wrap ...func(mcp.Transport) mcp.Transport) Dialer {
	return func(ctx context.Context, tap *Tap) (Link, error) {
		fromServer, serverOut := io.Pipe()
		serverIn, toServer := io.Pipe()
		var t mcp.Transport = &mcp.IOTransport{Reader: serverIn, Writer: serverOut}
		for _, w := range wrap {
			t = w(t)
		}
		sctx, cancel := context.WithCancel(context.Background())
		ss, err := s.Connect(sctx, t, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		stop := func() string {
			toServer.Close()
			_ = ss.Close()
			fromServer.Close()
			cancel()
			return ""
		}
		return StdioLink(fromServer, toServer, tap, stop), nil
	}
}

// TransportDialer probes through transports that connect returns, one per
// dial: the client's end of any mcp.Transport. Messages cross it decoded,
// so stdio-framing is not judged and a malformed message shows up as a
// read error.
func TransportDialer(connect func(ctx context.Context) (mcp.Transport, error)) Dialer {
	return func(ctx context.Context, tap *Tap) (Link, error) {
		t, err := connect(ctx)
		if err != nil {
			return nil, err
		}
		c, err := t.Connect(ctx)
		if err != nil {
			return nil, err
		}
		return &connLink{c: c, tap: tap}, nil
	}
}

// connLink is a Link over an mcp.Connection.
type connLink struct {
	c   mcp.Connection
	tap *Tap
}

func (l *connLink) Send(ctx context.Context, frame []byte) error {
	msg, err := jsonrpc.DecodeMessage(frame)
	if err != nil {
		return fmt.Errorf("conformance: the probe built a bad frame: %w", err)
	}
	return l.c.Write(ctx, msg)
}

func (l *connLink) Recv(ctx context.Context) ([]byte, error) {
	msg, err := l.c.Read(ctx)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, ErrClosed
		}
		return nil, err
	}
	raw, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		l.tap.Add(trace.Event{Kind: trace.KindFault, Direction: trace.ServerToClient, Note: fmt.Sprintf("A message that does not encode: %q", quoted(err.Error()))})
		return nil, err
	}
	return raw, nil
}

func (l *connLink) Close() string {
	_ = l.c.Close()
	return ""
}
