// Package remote runs a learner's code in a process of its own and lets the
// checks call it through a pipe, so that nothing the learner's code does
// (print, exit, panic, hang, spawn) can reach a verdict: the checks run in
// the grader's process, and the learner's process only answers calls.
//
// The learner's process is the learner's file and the exercise's fixed API
// built as a package of their own (never with the graders), plus a small
// driver whose main calls [Serve] with the learner's functions. The grader
// calls [Build] once per exercise and [Build.Start] once per check.
//
// The wire is JSON-RPC 2.0, one message a line, on file descriptors 3 and 4
// of the learner's process, so that what it prints on stdout or stderr
// cannot be mistaken for an answer. Both sides may call: a check calls the
// learner's function, which may call back (a Lister, a Server) into the
// grader while the first call waits.
//
// Values cross by their kind, so that the grader's types and the learner's
// package's own copies of them (a different package, the same shape) meet:
// functions and interfaces cross as handles that call back to their owner;
// errors cross as their message and the names of the exercise's errors they
// match (errors.Is then works on the other side), with any *jsonrpc.Error
// they hold; a context crosses as a handle whose end the owner reports;
// structs and slices holding any of those cross field by field; every other
// value crosses as JSON.
package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

var (
	errorType   = reflect.TypeFor[error]()
	contextType = reflect.TypeFor[context.Context]()
)

// Errors names the errors that keep their identity across the pipe: the
// exercise's sentinel errors, by the same names on both sides.
type Errors map[string]error

// An Adapter makes a value of an interface type from a handle the other
// side owns: the learner's process needs one per interface the checks pass
// in (a Lister), because Go cannot make an interface value at run time.
type Adapter func(o *Object) any

// Adapters are the adapters by the interface type they make.
type Adapters map[reflect.Type]Adapter

// special reports whether values of t cannot cross as plain JSON: they
// hold a function, an interface with methods, a jsonrpc.ID (whose value
// JSON does not see), or a string (JSON would replace the bytes of an
// invalid UTF-8 string, which the frames checks send on purpose). A type
// with its own JSON methods crosses as its JSON.
func special(t reflect.Type) bool {
	return specialSeen(t, map[reflect.Type]bool{})
}

var (
	idType          = reflect.TypeFor[jsonrpc.ID]()
	marshalerType   = reflect.TypeFor[json.Marshaler]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

func specialSeen(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t == idType {
		return true
	}
	if t.Kind() != reflect.Interface && (t.Implements(marshalerType) || reflect.PointerTo(t).Implements(unmarshalerType)) {
		return false
	}
	switch t.Kind() {
	case reflect.Func, reflect.String:
		return true
	case reflect.Interface:
		return t.NumMethod() > 0
	case reflect.Pointer:
		return specialSeen(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() && specialSeen(t.Field(i).Type, seen) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		return t.Elem().Kind() != reflect.Uint8 && specialSeen(t.Elem(), seen)
	}
	return false
}

// wireString is a string that is not valid UTF-8, as its bytes.
type wireString struct {
	Bytes []byte `json:"bytes"`
}

// wireID is a jsonrpc.ID.
type wireID struct {
	Int *int64  `json:"int,omitempty"`
	Str *string `json:"str,omitempty"`
}

// wireError is an error on the wire.
type wireError struct {
	Message string         `json:"message"`
	Is      []string       `json:"is,omitempty"`
	RPC     *jsonrpc.Error `json:"rpc,omitempty"`
}

// crossedError is an error that came across the pipe: its text, and the
// errors it matched on the other side, for errors.Is and errors.As.
type crossedError struct {
	msg   string
	wraps []error
}

func (e *crossedError) Error() string   { return e.msg }
func (e *crossedError) Unwrap() []error { return e.wraps }

// encode turns v, of static type t, into its wire form.
func (c *Conn) encode(t reflect.Type, v reflect.Value, name string) (json.RawMessage, error) {
	switch {
	case t == errorType:
		if v.IsNil() {
			return json.RawMessage("null"), nil
		}
		return json.Marshal(c.encodeError(v.Interface().(error)))
	case t == contextType:
		if v.IsNil() {
			return json.RawMessage("null"), nil
		}
		return json.Marshal(c.exportContext(v.Interface().(context.Context)))
	case t.Kind() == reflect.Func:
		if v.IsNil() {
			return json.RawMessage("null"), nil
		}
		return json.Marshal(handle{Fn: c.export(v, name), Name: name})
	case t.Kind() == reflect.Interface && t.NumMethod() > 0:
		if v.IsNil() {
			return json.RawMessage("null"), nil
		}
		return json.Marshal(handle{Obj: c.export(v.Elem(), name), Name: name})
	case t == idType:
		var w wireID
		switch x := v.Interface().(jsonrpc.ID).Raw().(type) {
		case int64:
			w.Int = &x
		case string:
			w.Str = &x
		}
		return json.Marshal(w)
	case t.Kind() == reflect.String && !utf8.ValidString(v.String()):
		return json.Marshal(wireString{[]byte(v.String())})
	case t.Kind() == reflect.Pointer && special(t):
		if v.IsNil() {
			return json.RawMessage("null"), nil
		}
		return c.encode(t.Elem(), v.Elem(), name)
	case t.Kind() == reflect.Struct && special(t):
		fields := map[string]json.RawMessage{}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			b, err := c.encode(f.Type, v.Field(i), f.Name)
			if err != nil {
				return nil, err
			}
			fields[f.Name] = b
		}
		return json.Marshal(fields)
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && special(t):
		if t.Kind() == reflect.Slice && v.IsNil() {
			return json.RawMessage("null"), nil
		}
		items := make([]json.RawMessage, v.Len())
		for i := range items {
			b, err := c.encode(t.Elem(), v.Index(i), name)
			if err != nil {
				return nil, err
			}
			items[i] = b
		}
		return json.Marshal(items)
	}
	return json.Marshal(v.Interface())
}

func (c *Conn) encodeError(err error) wireError {
	w := wireError{Message: err.Error()}
	for _, name := range c.errorNames() {
		if errors.Is(err, c.errs[name]) {
			w.Is = append(w.Is, name)
		}
	}
	var je *jsonrpc.Error
	if errors.As(err, &je) {
		w.RPC = je
	}
	return w
}

// errorNames are the names errors are matched against: the exercise's and
// the context package's, sorted so that the wire form is stable.
func (c *Conn) errorNames() []string {
	var names []string
	for n := range c.errs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// decode turns a wire form into a value of type t.
func (c *Conn) decode(t reflect.Type, raw json.RawMessage) (reflect.Value, error) {
	out := reflect.New(t).Elem()
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	switch {
	case t == errorType:
		var w wireError
		if err := json.Unmarshal(raw, &w); err != nil {
			return out, err
		}
		e := &crossedError{msg: w.Message}
		for _, n := range w.Is {
			if s, ok := c.errs[n]; ok {
				e.wraps = append(e.wraps, s)
			}
		}
		if w.RPC != nil {
			e.wraps = append(e.wraps, w.RPC)
		}
		out.Set(reflect.ValueOf(error(e)))
		return out, nil
	case t == contextType:
		var h ctxHandle
		if err := json.Unmarshal(raw, &h); err != nil {
			return out, err
		}
		out.Set(reflect.ValueOf(c.importContext(h)))
		return out, nil
	case t.Kind() == reflect.Func:
		var h handle
		if err := json.Unmarshal(raw, &h); err != nil {
			return out, err
		}
		out.Set(c.stub(t, h))
		return out, nil
	case t.Kind() == reflect.Interface && t.NumMethod() > 0:
		var h handle
		if err := json.Unmarshal(raw, &h); err != nil {
			return out, err
		}
		a, ok := c.adapters[t]
		if !ok {
			return out, fmt.Errorf("no adapter for %v", t)
		}
		out.Set(reflect.ValueOf(a(&Object{c: c, id: h.Obj, typ: t, name: h.Name})))
		return out, nil
	case t == idType:
		var w wireID
		if err := json.Unmarshal(raw, &w); err != nil {
			return out, err
		}
		var id jsonrpc.ID
		var err error
		switch {
		case w.Int != nil:
			id, err = jsonrpc.MakeID(float64(*w.Int))
		case w.Str != nil:
			id, err = jsonrpc.MakeID(*w.Str)
		}
		out.Set(reflect.ValueOf(id))
		return out, err
	case t.Kind() == reflect.String && len(raw) > 0 && raw[0] == '{':
		var w wireString
		if err := json.Unmarshal(raw, &w); err != nil {
			return out, err
		}
		out.SetString(string(w.Bytes))
		return out, nil
	case t.Kind() == reflect.Pointer && special(t):
		v, err := c.decode(t.Elem(), raw)
		if err != nil {
			return out, err
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(v)
		return p, nil
	case t.Kind() == reflect.Struct && special(t):
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return out, err
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			v, err := c.decode(f.Type, fields[f.Name])
			if err != nil {
				return out, fmt.Errorf("%s: %v", f.Name, err)
			}
			out.Field(i).Set(v)
		}
		return out, nil
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && special(t):
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return out, err
		}
		if t.Kind() == reflect.Slice {
			out = reflect.MakeSlice(t, len(items), len(items))
		}
		for i := range min(len(items), out.Len()) {
			v, err := c.decode(t.Elem(), items[i])
			if err != nil {
				return out, err
			}
			out.Index(i).Set(v)
		}
		return out, nil
	}
	p := reflect.New(t)
	if err := json.Unmarshal(raw, p.Interface()); err != nil {
		return out, err
	}
	return p.Elem(), nil
}
