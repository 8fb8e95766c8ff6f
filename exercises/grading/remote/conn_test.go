package remote

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

var errSentinel = errors.New("sentinel")

// A lister is an interface the checks pass in, as catalog's Lister.
type lister interface {
	List(ctx context.Context, cursor string) ([]string, error)
}

type listerStub struct{ o *Object }

func (l listerStub) List(ctx context.Context, cursor string) ([]string, error) {
	var out []string
	var err error
	l.o.Call("List", []any{ctx, cursor}, &out, &err)
	return out, err
}

type graderLister struct{ cancel func() }

func (g graderLister) List(ctx context.Context, cursor string) ([]string, error) {
	// As catalog's grader does: a dead context answers at once; the walk
	// is cancelled after a page is answered.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cursor == "cancel" {
		g.cancel()
	}
	return []string{"a\xffb", cursor}, nil
}

// learnerFuncs is the shape both sides agree on.
type learnerFuncs struct {
	Echo  func(s string, id jsonrpc.ID) (string, jsonrpc.ID)
	Fail  func(code int64) error
	Walk  func(ctx context.Context, l lister, cursors []string) ([]string, error)
	Panic func()
	New   func() func() int
}

// pair connects a grader's Conn to a learner's Conn serving root, in
// memory, and returns the learner's functions as the grader sees them.
func pair(t *testing.T, root learnerFuncs) (learnerFuncs, func()) {
	t.Helper()
	gr, lw := io.Pipe()
	lr, gw := io.Pipe()
	errs := Errors{"errSentinel": errSentinel}
	learner := newConn(lr, lw, reflect.ValueOf(root), errs, Adapters{reflect.TypeFor[lister](): func(o *Object) any { return listerStub{o} }})
	grader := newConn(gr, gw, reflect.Value{}, errs, nil)
	var f learnerFuncs
	raw := grader.request("root", nil, "root")
	v, err := grader.decode(reflect.TypeFor[learnerFuncs](), raw[0])
	if err != nil {
		t.Fatal(err)
	}
	f = v.Interface().(learnerFuncs)
	_ = learner
	return f, func() { gw.Close(); lw.Close() }
}

func TestValuesCrossAsTheyAre(t *testing.T) {
	n := 0
	f, closeAll := pair(t, learnerFuncs{
		Echo: func(s string, id jsonrpc.ID) (string, jsonrpc.ID) { return s, id },
		Fail: func(code int64) error {
			if code == 0 {
				return nil
			}
			return errors.Join(errSentinel, &jsonrpc.Error{Code: code, Message: "bad"})
		},
		Walk: func(ctx context.Context, l lister, cursors []string) ([]string, error) {
			var all []string
			for _, c := range cursors {
				page, err := l.List(ctx, c)
				if err != nil {
					return all, err
				}
				all = append(all, page...)
			}
			return all, nil
		},
		Panic: func() { panic("boom") },
		New:   func() func() int { return func() int { n++; return n } },
	})
	defer closeAll()

	id, _ := jsonrpc.MakeID("x7")
	if s, got := f.Echo("caf\xc3", id); s != "caf\xc3" || got != id {
		t.Errorf("Echo = %q, %v; want the invalid UTF-8 string and the id back", s, got)
	}
	id, _ = jsonrpc.MakeID(float64(42))
	if _, got := f.Echo("", id); got != id {
		t.Errorf("Echo's id = %v, want %v", got, id)
	}
	if err := f.Fail(0); err != nil {
		t.Errorf("Fail(0) = %v, want nil", err)
	}
	err := f.Fail(-32602)
	var je *jsonrpc.Error
	if !errors.Is(err, errSentinel) || !errors.As(err, &je) || je.Code != -32602 {
		t.Errorf("Fail = %v: want errors.Is the sentinel and errors.As a -32602 *jsonrpc.Error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	got, err := f.Walk(ctx, graderLister{cancel}, []string{"p1", "cancel", "p3"})
	if !errors.Is(err, context.Canceled) || len(got) != 4 {
		t.Errorf("Walk = %q, %v; want two pages, then context.Canceled: the cancel reaches the learner before the page answered after it", got, err)
	}
	next := f.New()
	if next() != 1 || next() != 2 {
		t.Errorf("a returned function does not keep its state")
	}
	func() {
		defer func() {
			if p, ok := recover().(NoAnswer); !ok || !strings.Contains(string(p), "panicked: boom") {
				t.Errorf("a panic in the learner's code = %v, want a NoAnswer saying it panicked", p)
			}
		}()
		f.Panic()
	}()
}

func TestACallToAGoneProcessFailsPlainly(t *testing.T) {
	f, closeAll := pair(t, learnerFuncs{Fail: func(int64) error { return nil }})
	closeAll()
	defer func() {
		if p, ok := recover().(NoAnswer); !ok || !strings.Contains(string(p), "no answer") {
			t.Errorf("a call after the pipe closed = %v, want a NoAnswer", p)
		}
	}()
	f.Fail(1)
}
