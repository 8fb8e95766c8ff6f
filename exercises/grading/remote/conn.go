package remote

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// A message is one JSON-RPC 2.0 message: a request (Method set, with an ID)
// a notification (Method set, no ID) or a response.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      int64           `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// callParams are a "call" request's params: the handle called (a function,
// or a method of an object) and its arguments.
type callParams struct {
	Fn     int64             `json:"fn,omitempty"`
	Obj    int64             `json:"obj,omitempty"`
	Method string            `json:"method,omitempty"`
	Args   []json.RawMessage `json:"args"`
}

// A handle is a function or object that stays with its owner.
type handle struct {
	Fn   int64  `json:"fn,omitempty"`
	Obj  int64  `json:"obj,omitempty"`
	Name string `json:"name,omitempty"`
}

// A ctxHandle is a context that stays with its owner; Done, when set, says
// it had already ended when it was sent ("canceled" or "deadline").
type ctxHandle struct {
	Ctx  int64  `json:"ctx,omitempty"`
	Done string `json:"done,omitempty"`
	// Never says the context can never end (context.Background).
	Never bool `json:"never,omitempty"`
}

// A Conn is one end of the pipe.
type Conn struct {
	errs     Errors
	adapters Adapters
	// timeout bounds each call this end makes; 0 waits as long as the
	// call's context allows.
	timeout time.Duration
	// dead is closed when the other end is gone; why says how.
	dead chan struct{}
	why  func() string

	wmu sync.Mutex
	w   *json.Encoder

	// busy is the CPU time spent inside the functions this end serves.
	busy atomic.Int64
	// root is what the learner's side serves to "root" (its functions).
	root reflect.Value

	mu      sync.Mutex
	next    int64
	pending map[int64]chan message
	owned   map[int64]owned
	peerCtx map[int64]*peerContext
	lent    map[int64]context.Context // contexts lent and still running
	closed  bool
}

// owned is a value this end lent the other by handle.
type owned struct {
	v    reflect.Value
	name string
}

func newConn(r io.Reader, w io.Writer, root reflect.Value, errs Errors, adapters Adapters) *Conn {
	all := Errors{"context.Canceled": context.Canceled, "context.DeadlineExceeded": context.DeadlineExceeded}
	for n, e := range errs {
		all[n] = e
	}
	c := &Conn{errs: all, adapters: adapters, root: root, dead: make(chan struct{}), w: json.NewEncoder(w),
		pending: map[int64]chan message{}, owned: map[int64]owned{}, peerCtx: map[int64]*peerContext{}, lent: map[int64]context.Context{}}
	c.why = func() string { return "the other side closed the pipe" }
	go c.read(r)
	return c
}

// send writes m, after the end of every context lent to the other side
// that has ended and not yet been told: a check that cancels and then
// answers a call must be seen, on the other side, to have cancelled first.
func (c *Conn) send(m message) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.flushLocked()
	if m.Method == "" && m.ID == 0 && m.Result == nil && m.Error == nil {
		return nil // only a flush
	}
	m.JSONRPC = "2.0"
	return c.w.Encode(m)
}

// flushLocked sends the ends of lent contexts; c.wmu is held.
func (c *Conn) flushLocked() {
	c.mu.Lock()
	var ended []ctxHandle
	for id, ctx := range c.lent {
		if err := ctx.Err(); err != nil {
			ended = append(ended, ctxHandle{Ctx: id, Done: doneName(err)})
			delete(c.lent, id)
		}
	}
	c.mu.Unlock()
	for _, h := range ended {
		b, _ := json.Marshal(h)
		_ = c.w.Encode(message{JSONRPC: "2.0", Method: "cancel", Params: b})
	}
}

func (c *Conn) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for sc.Scan() {
		var m message
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			break // not the driver speaking: the pipe is no longer trustworthy
		}
		switch {
		case m.Method == "call", m.Method == "root", m.Method == "cputime":
			go c.serve(m)
		case m.Method == "cancel":
			var h ctxHandle
			if json.Unmarshal(m.Params, &h) == nil {
				c.mu.Lock()
				pc := c.peerCtx[h.Ctx]
				c.mu.Unlock()
				if pc != nil {
					pc.end(h.Done)
				}
			}
		case m.Method != "":
			go c.serve(m) // answered with "no method"
		default:
			c.mu.Lock()
			ch := c.pending[m.ID]
			delete(c.pending, m.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	close(c.dead)
}

// export lends v to the other side and returns its handle.
func (c *Conn) export(v reflect.Value, name string) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next++
	c.owned[c.next] = owned{v, name}
	return c.next
}

// serve answers one call: it runs the owned function or method and sends
// its results, or what went wrong.
func (c *Conn) serve(m message) {
	res, err := c.invoke(m)
	reply := message{ID: m.ID, Result: res}
	if err != nil {
		reply.Result = nil
		reply.Error = &rpcError{Code: -32000, Message: err.Error()}
	}
	_ = c.send(reply)
}

func (c *Conn) invoke(m message) (res json.RawMessage, err error) {
	switch m.Method {
	case "call":
	case "root":
		if !c.root.IsValid() {
			return nil, fmt.Errorf("no root")
		}
		return c.encode(c.root.Type(), c.root, "")
	case "cputime":
		return json.Marshal(time.Duration(c.busy.Load()))
	default:
		return nil, fmt.Errorf("no method %q", m.Method)
	}
	var p callParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		return nil, err
	}
	c.mu.Lock()
	o, ok := c.owned[p.Fn+p.Obj]
	c.mu.Unlock()
	if !ok || (p.Fn != 0) == (p.Obj != 0) {
		return nil, fmt.Errorf("no handle %d", p.Fn+p.Obj)
	}
	fn, name := o.v, o.name
	if p.Obj != 0 {
		fn, name = o.v.MethodByName(p.Method), p.Method
		if !fn.IsValid() {
			return nil, fmt.Errorf("no method %s", p.Method)
		}
	}
	ft := fn.Type()
	if len(p.Args) != ft.NumIn() || ft.IsVariadic() {
		return nil, fmt.Errorf("%s takes %d arguments, got %d", name, ft.NumIn(), len(p.Args))
	}
	args := make([]reflect.Value, len(p.Args))
	for i, a := range p.Args {
		v, err := c.decode(ft.In(i), a)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %d: %v", name, i+1, err)
		}
		args[i] = v
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v", name, r)
		}
	}()
	start := grading.CPUTime()
	outs := fn.Call(args)
	c.busy.Add(int64(grading.CPUTime() - start))
	enc := make([]json.RawMessage, len(outs))
	for i, v := range outs {
		if enc[i], err = c.encode(ft.Out(i), v, name); err != nil {
			return nil, fmt.Errorf("%s: result %d: %v", name, i+1, err)
		}
	}
	return json.Marshal(enc)
}

// NoAnswer is what a call that cannot be answered panics with.
type NoAnswer = grading.NoAnswer

// call calls a handle on the other side and returns the results' wire forms.
// A call that cannot be answered panics with [NoAnswer].
func (c *Conn) call(p callParams, name string) []json.RawMessage {
	return c.request("call", p, name)
}

// request sends one request and waits for its answer.
func (c *Conn) request(method string, p any, name string) []json.RawMessage {
	ch := make(chan message, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		panic(NoAnswer(fmt.Sprintf("%s got no answer: %s", name, c.why())))
	}
	c.next++
	id := c.next
	c.pending[id] = ch
	c.mu.Unlock()
	params, err := json.Marshal(p)
	if err != nil {
		panic(NoAnswer(fmt.Sprintf("%s: %v", name, err)))
	}
	if err := c.send(message{ID: id, Method: method, Params: params}); err != nil {
		panic(NoAnswer(fmt.Sprintf("%s got no answer: %s", name, c.why())))
	}
	var timeout <-chan time.Time
	if c.timeout > 0 {
		t := time.NewTimer(c.timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			panic(NoAnswer(m.Error.Message))
		}
		if method != "call" {
			return []json.RawMessage{m.Result}
		}
		var outs []json.RawMessage
		if err := json.Unmarshal(m.Result, &outs); err != nil {
			panic(NoAnswer(fmt.Sprintf("%s: unreadable answer: %v", name, err)))
		}
		return outs
	case <-c.dead:
		panic(NoAnswer(fmt.Sprintf("%s got no answer: %s", name, c.why())))
	case <-timeout:
		panic(NoAnswer(fmt.Sprintf("%s did not return within %v", name, c.timeout)))
	}
}

// stub returns a function of type t that calls the handle h.
func (c *Conn) stub(t reflect.Type, h handle) reflect.Value {
	name := h.Name
	if name == "" {
		name = "the function"
	}
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		return c.callTyped(callParams{Fn: h.Fn}, name, t, args)
	})
}

// callTyped encodes args by the parameter types of t, calls, and decodes
// the results by its result types.
func (c *Conn) callTyped(p callParams, name string, t reflect.Type, args []reflect.Value) []reflect.Value {
	p.Args = make([]json.RawMessage, len(args))
	for i, a := range args {
		b, err := c.encode(t.In(i), a, name)
		if err != nil {
			panic(NoAnswer(fmt.Sprintf("%s: argument %d: %v", name, i+1, err)))
		}
		p.Args[i] = b
	}
	raw := c.call(p, name)
	if len(raw) != t.NumOut() {
		panic(NoAnswer(fmt.Sprintf("%s returned %d results, want %d", name, len(raw), t.NumOut())))
	}
	outs := make([]reflect.Value, len(raw))
	for i, r := range raw {
		v, err := c.decode(t.Out(i), r)
		if err != nil {
			panic(NoAnswer(fmt.Sprintf("%s: result %d: %v", name, i+1, err)))
		}
		outs[i] = v
	}
	return outs
}

// An Object is an interface value the other side owns; adapters call its
// methods.
type Object struct {
	c    *Conn
	id   int64
	typ  reflect.Type
	name string
}

// Call calls the method, passing in and storing the results through the
// pointers in out, typed as the interface's method declares them.
func (o *Object) Call(method string, in []any, out ...any) {
	m, ok := o.typ.MethodByName(method)
	if !ok {
		panic(NoAnswer("no method " + method))
	}
	args := make([]reflect.Value, len(in))
	for i, a := range in {
		args[i] = reflect.New(m.Type.In(i)).Elem()
		if a != nil {
			args[i].Set(reflect.ValueOf(a))
		}
	}
	res := o.c.callTyped(callParams{Obj: o.id, Method: method}, method, m.Type, args)
	for i, r := range res {
		if i < len(out) {
			reflect.ValueOf(out[i]).Elem().Set(r)
		}
	}
}
