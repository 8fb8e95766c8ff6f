// Package wire is a stepped, recorded JSON-RPC link between an MCP client and
// server: a pair of [mcp.Connection] values over in-process queues.
//
// Nothing crosses the wire by itself. A write is encoded and held; the
// scenario waits for the frame it expects ([Wire.Await]), then delivers,
// rewrites or drops it, and only then is it recorded. That order is what makes
// a trace independent of goroutine scheduling: the SDK's goroutines may write
// in any order, the scenario decides the order frames are seen in.
package wire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// ErrCut is returned by writes after the link was cut.
var ErrCut = errors.New("wire: link cut")

// A Frame is one encoded JSON-RPC message held on the wire.
type Frame struct {
	Dir string // trace.ClientToServer or trace.ServerToClient
	Raw []byte // the exact bytes written
	Msg jsonrpc.Message
	// Method is the request's method, or for a response the method of the
	// request it answers (when that request crossed this wire).
	Method string
	// ID is the request or response id as JSON ("1", "\"a\""), empty for a
	// notification.
	ID string
}

// IsResponse reports whether f is a response.
func (f *Frame) IsResponse() bool { _, ok := f.Msg.(*jsonrpc.Response); return ok }

// A Match selects a held frame. Empty fields match anything.
type Match struct {
	Dir    string
	Method string
	// Response, when set, matches only responses (and Method then names the
	// request they answer).
	Response bool
}

func (m Match) matches(f *Frame) bool {
	if m.Dir != "" && m.Dir != f.Dir {
		return false
	}
	if m.Method != "" && m.Method != f.Method {
		return false
	}
	if m.Response && !f.IsResponse() {
		return false
	}
	return true
}

func (m Match) String() string {
	s := m.Dir
	if m.Method != "" {
		s += " " + m.Method
	}
	if m.Response {
		s += " response"
	}
	return s
}

// A Wire links a client and a server. Create one with [New]; connect the
// server to [Wire.ServerTransport] before the client to
// [Wire.ClientTransport], as with any MCP transport pair.
type Wire struct {
	rec *trace.Recorder
	// LatencyMS is added to the virtual clock at each delivery.
	LatencyMS int64

	mu      sync.Mutex
	changed chan struct{} // closed and replaced whenever held or a queue changes
	held    []*Frame
	inbox   map[string][]jsonrpc.Message // keyed by the receiving side's direction of travel
	cut     bool
	methods map[string]string // "dir|id" of a request → method, to label responses
}

// New returns a wire that records into rec.
func New(rec *trace.Recorder) *Wire {
	return &Wire{
		rec:       rec,
		LatencyMS: 1,
		changed:   make(chan struct{}),
		inbox:     map[string][]jsonrpc.Message{},
		methods:   map[string]string{},
	}
}

// Await blocks until a held frame matches m and returns it, still held.
// It fails when ctx ends or when the link is cut with no such frame.
func (w *Wire) Await(ctx context.Context, m Match) (*Frame, error) {
	return w.AwaitUntil(ctx, m, nil)
}

// AwaitUntil is [Wire.Await] that also returns (nil, nil) once stop is
// closed with no matching frame held. A scenario uses it when the SDK may or
// may not send another frame (an iterator that might stop), passing a
// channel closed when the SDK call returns.
func (w *Wire) AwaitUntil(ctx context.Context, m Match, stop <-chan struct{}) (*Frame, error) {
	for {
		w.mu.Lock()
		for _, f := range w.held {
			if m.matches(f) {
				w.mu.Unlock()
				return f, nil
			}
		}
		if w.cut {
			w.mu.Unlock()
			return nil, fmt.Errorf("wire: awaiting %s: %w", m, ErrCut)
		}
		ch := w.changed
		w.mu.Unlock()
		select {
		case <-ch:
		case <-stop:
			// Look once more: the frame may have been written just
			// before the SDK call returned.
			w.mu.Lock()
			for _, f := range w.held {
				if m.matches(f) {
					w.mu.Unlock()
					return f, nil
				}
			}
			w.mu.Unlock()
			return nil, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("wire: awaiting %s: %w", m, context.Cause(ctx))
		}
	}
}

// Step awaits a frame matching m and delivers it with note.
func (w *Wire) Step(ctx context.Context, m Match, note string) (*Frame, error) {
	f, err := w.Await(ctx, m)
	if err != nil {
		return nil, err
	}
	w.Deliver(f, note)
	return f, nil
}

// Held reports how many frames are waiting for delivery.
func (w *Wire) Held() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.held)
}

// Deliver records f and hands it to the receiving side. If f is no longer
// held (a side closed the link since it was awaited), its loss is recorded
// instead.
func (w *Wire) Deliver(f *Frame, note string) {
	w.mu.Lock()
	held := w.unhold(f)
	if held {
		w.push(f.Dir, f.Msg)
	}
	w.mu.Unlock()
	if !held {
		w.rec.Fault(f.Dir, "drop", frameLabel(f), "The link closed before "+frameLabel(f)+" could be delivered.")
		return
	}
	w.rec.Advance(w.LatencyMS)
	w.record(f, f.Raw, note)
}

// Drop records that f was lost and discards it.
func (w *Wire) Drop(f *Frame, note string) {
	w.rec.Fault(f.Dir, "drop", frameLabel(f), note)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.unhold(f)
	w.signal()
}

// Rewrite replaces f's bytes with raw, then records and delivers it. raw must
// be a valid JSON-RPC message: anything else would end the receiving SDK's
// read loop for good, which is a different lesson.
func (w *Wire) Rewrite(f *Frame, raw []byte, note string) error {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return fmt.Errorf("wire: rewrite is not valid JSON-RPC: %w", err)
	}
	w.rec.Fault(f.Dir, "rewrite", frameLabel(f), "")
	w.rec.Advance(w.LatencyMS)
	g := *f
	g.Raw, g.Msg = raw, msg
	w.record(&g, raw, note)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.unhold(f)
	w.push(f.Dir, msg)
	return nil
}

// Inject sends raw bytes in direction dir as if a scripted peer had written
// them, recording and delivering them at once. It is how a scenario sends
// what the SDK will not (an empty-string cursor, a request before
// initialize). raw must be valid JSON-RPC.
func (w *Wire) Inject(dir string, raw []byte, note string) (*Frame, error) {
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return nil, fmt.Errorf("wire: inject is not valid JSON-RPC: %w", err)
	}
	f := w.frame(dir, raw, msg)
	if w.IsCut() {
		w.rec.Fault(dir, "drop", frameLabel(f), "The link is down: "+frameLabel(f)+" goes nowhere.")
		return nil, ErrCut
	}
	w.rec.Advance(w.LatencyMS)
	w.record(f, raw, note)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.push(dir, msg)
	return f, nil
}

// Cut breaks the link: both sides read EOF, writes fail, and held frames are
// lost (each recorded as dropped).
func (w *Wire) Cut(note string) {
	w.mu.Lock()
	lost := w.held
	w.held = nil
	w.cut = true
	w.signal()
	w.mu.Unlock()
	w.rec.Fault("", "cut", "", note)
	for _, f := range lost {
		w.rec.Fault(f.Dir, "drop", frameLabel(f), "Lost with the link: "+frameLabel(f)+" was never delivered.")
	}
}

// IsCut reports whether the link is cut.
func (w *Wire) IsCut() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cut
}

func (w *Wire) record(f *Frame, raw []byte, note string) {
	w.rec.Add(trace.Event{
		Kind:      trace.KindMessage,
		Direction: f.Dir,
		Payload:   json.RawMessage(append([]byte(nil), raw...)),
		Raw:       string(raw),
		Note:      note,
	})
}

// frame labels a message with its method and id. Callers must not hold mu.
func (w *Wire) frame(dir string, raw []byte, msg jsonrpc.Message) *Frame {
	f := &Frame{Dir: dir, Raw: raw, Msg: msg}
	w.mu.Lock()
	defer w.mu.Unlock()
	switch m := msg.(type) {
	case *jsonrpc.Request:
		f.Method = m.Method
		if m.ID.IsValid() {
			f.ID = idString(m.ID)
			w.methods[dir+"|"+f.ID] = m.Method
		}
	case *jsonrpc.Response:
		f.ID = idString(m.ID)
		f.Method = w.methods[opposite(dir)+"|"+f.ID]
	}
	return f
}

func (w *Wire) unhold(f *Frame) bool {
	for i, h := range w.held {
		if h == f {
			w.held = append(w.held[:i], w.held[i+1:]...)
			return true
		}
	}
	return false
}

// push queues msg for the side that receives direction dir. mu must be held.
func (w *Wire) push(dir string, msg jsonrpc.Message) {
	w.inbox[dir] = append(w.inbox[dir], msg)
	w.signal()
}

func (w *Wire) signal() {
	close(w.changed)
	w.changed = make(chan struct{})
}

func opposite(dir string) string {
	if dir == trace.ClientToServer {
		return trace.ServerToClient
	}
	return trace.ClientToServer
}

func idString(id jsonrpc.ID) string {
	b, err := json.Marshal(id.Raw())
	if err != nil {
		return fmt.Sprint(id.Raw())
	}
	return string(b)
}

func frameLabel(f *Frame) string {
	switch {
	case f.IsResponse():
		return "response " + f.ID + " to " + f.Method
	case f.ID != "":
		return f.Method + " (id " + f.ID + ")"
	default:
		return f.Method
	}
}

// Close ends the link quietly, as a clean shutdown does: unlike [Wire.Cut]
// it records no fault. Held frames are discarded.
func (w *Wire) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.cut {
		w.cut = true
		w.held = nil
		w.signal()
	}
}
