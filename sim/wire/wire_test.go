package wire

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

func newPair(t *testing.T) (*Wire, *trace.Recorder, *end, *end) {
	t.Helper()
	rec := trace.NewRecorder(trace.InMemory, trace.State{})
	w := New(rec)
	c, _ := w.ClientTransport().Connect(context.Background())
	s, _ := w.ServerTransport().Connect(context.Background())
	return w, rec, c.(*end), s.(*end)
}

func call(id int64, method string) *jsonrpc.Request {
	rid, _ := jsonrpc.MakeID(float64(id))
	return &jsonrpc.Request{ID: rid, Method: method}
}

func TestNothingCrossesUntilDelivered(t *testing.T) {
	ctx := context.Background()
	w, rec, c, s := newPair(t)
	if err := c.Write(ctx, call(1, "tools/list")); err != nil {
		t.Fatal(err)
	}
	if len(rec.Events()) != 0 || w.Held() != 1 {
		t.Fatalf("after Write: %d events, %d held; want 0 and 1", len(rec.Events()), w.Held())
	}
	f, err := w.Step(ctx, Match{Dir: trace.ClientToServer, Method: "tools/list"}, "note")
	if err != nil {
		t.Fatal(err)
	}
	msg, err := s.Read(ctx)
	if err != nil || msg.(*jsonrpc.Request).Method != "tools/list" {
		t.Fatalf("server Read = %v, %v", msg, err)
	}
	if ev := rec.Events(); len(ev) != 1 || ev[0].Raw != string(f.Raw) || ev[0].Note != "note" {
		t.Fatalf("recorded %+v", ev)
	}
	// The response is labelled with the method it answers.
	rid, _ := jsonrpc.MakeID(float64(1))
	s.Write(ctx, &jsonrpc.Response{ID: rid, Result: []byte(`{}`)})
	r, err := w.Await(ctx, Match{Dir: trace.ServerToClient, Method: "tools/list", Response: true})
	if err != nil || r.ID != "1" {
		t.Fatalf("Await response = %+v, %v", r, err)
	}
}

func TestDropRewriteCut(t *testing.T) {
	ctx := context.Background()
	w, rec, c, s := newPair(t)
	c.Write(ctx, call(1, "a"))
	f, _ := w.Await(ctx, Match{Method: "a"})
	w.Drop(f, "lost")
	if w.Held() != 0 || rec.Events()[0].Kind != trace.KindFault {
		t.Fatalf("Drop left %d held, events %+v", w.Held(), rec.Events())
	}
	c.Write(ctx, call(2, "b"))
	f, _ = w.Await(ctx, Match{Method: "b"})
	if err := w.Rewrite(f, []byte(`not json`), ""); err == nil {
		t.Fatal("Rewrite accepted invalid JSON-RPC")
	}
	if err := w.Rewrite(f, []byte(`{"jsonrpc":"2.0","id":2,"method":"c"}`), "changed"); err != nil {
		t.Fatal(err)
	}
	if msg, _ := s.Read(ctx); msg.(*jsonrpc.Request).Method != "c" {
		t.Fatalf("server read %v, want the rewritten frame", msg)
	}
	c.Write(ctx, call(3, "d"))
	w.Cut("gone")
	if _, err := s.Read(ctx); !errors.Is(err, io.EOF) {
		t.Errorf("server Read after Cut = %v, want EOF", err)
	}
	if _, err := c.Read(ctx); !errors.Is(err, io.EOF) {
		t.Errorf("client Read after Cut = %v, want EOF", err)
	}
	if err := c.Write(ctx, call(4, "e")); !errors.Is(err, ErrCut) {
		t.Errorf("Write after Cut = %v, want ErrCut", err)
	}
	if _, err := w.Await(ctx, Match{Method: "d"}); !errors.Is(err, ErrCut) {
		t.Errorf("Await after Cut = %v, want ErrCut (the held frame was lost)", err)
	}
	last := rec.Events()[len(rec.Events())-1]
	if last.Kind != trace.KindFault || last.Direction != trace.ClientToServer {
		t.Errorf("the held frame's loss was not recorded: %+v", last)
	}
}

func TestInjectRequiresValidJSONRPC(t *testing.T) {
	w, _, _, _ := newPair(t)
	for _, raw := range []string{``, `{`, `{"jsonrpc":"2.0"}`, `[]`} {
		if _, err := w.Inject(trace.ClientToServer, []byte(raw), ""); err == nil {
			t.Errorf("Inject(%q) = nil error, want one", raw)
		}
	}
}

func TestAwaitUntilStops(t *testing.T) {
	w, _, _, _ := newPair(t)
	stop := make(chan struct{})
	close(stop)
	f, err := w.AwaitUntil(context.Background(), Match{Method: "never"}, stop)
	if f != nil || err != nil {
		t.Errorf("AwaitUntil = %v, %v; want nil, nil", f, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.Await(ctx, Match{Method: "never"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Await on a cancelled context = %v", err)
	}
}
