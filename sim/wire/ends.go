package wire

import (
	"context"
	"io"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The two ends of a wire are what the SDK sees: an [mcp.Connection] each.
// A write only holds the frame; the scenario decides when it is delivered
// (see [Wire.Await]).

// ClientTransport returns the client's end. Messages it writes travel
// client-to-server.
func (w *Wire) ClientTransport() mcp.Transport {
	return transport{&end{w: w, out: trace.ClientToServer, in: trace.ServerToClient}}
}

// ServerTransport returns the server's end.
func (w *Wire) ServerTransport() mcp.Transport {
	return transport{&end{w: w, out: trace.ServerToClient, in: trace.ClientToServer}}
}

type transport struct{ e *end }

func (t transport) Connect(context.Context) (mcp.Connection, error) { return t.e, nil }

// An end is one side's [mcp.Connection].
type end struct {
	w       *Wire
	out, in string // direction of what this side writes and reads
}

func (e *end) Read(ctx context.Context) (jsonrpc.Message, error) {
	w := e.w
	for {
		w.mu.Lock()
		if q := w.inbox[e.in]; len(q) > 0 {
			msg := q[0]
			w.inbox[e.in] = q[1:]
			w.mu.Unlock()
			return msg, nil
		}
		if w.cut {
			w.mu.Unlock()
			return nil, io.EOF
		}
		ch := w.changed
		w.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (e *end) Write(ctx context.Context, msg jsonrpc.Message) error {
	raw, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	f := e.w.frame(e.out, raw, msg)
	w := e.w
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cut {
		return ErrCut
	}
	w.held = append(w.held, f)
	w.signal()
	return nil
}

// Close ends the link for both sides, as closing one end of a pipe does.
// It records nothing: a scenario that closes a session records that itself.
func (e *end) Close() error {
	e.w.Close()
	return nil
}

func (e *end) SessionID() string { return "" }
