package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// MaxLineBytes bounds one imported line, so that a pasted file of garbage
// fails with a message instead of exhausting the page's memory.
const MaxLineBytes = 4 << 20

// Encode writes events as JSON Lines. The encoding is deterministic: the same
// events always give the same bytes, which the player's baked-versus-live
// check relies on.
func Encode(w io.Writer, events []Event) error {
	bw := bufio.NewWriter(w)
	for i := range events {
		b, err := marshalEvent(&events[i])
		if err != nil {
			return fmt.Errorf("event %d: %w", events[i].Seq, err)
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// EncodeString is [Encode] into a string.
func EncodeString(events []Event) (string, error) {
	var sb strings.Builder
	err := Encode(&sb, events)
	return sb.String(), err
}

// marshalEvent encodes without HTML escaping: traces are shown to learners as
// the bytes that crossed the wire, and "<" must stay "<". The fields of
// [Event.Extra] follow the known ones, sorted by name.
func marshalEvent(e *Event) ([]byte, error) {
	b, err := marshalNoEscape(e)
	if err != nil || len(e.Extra) == 0 {
		return b, err
	}
	b = b[:len(b)-1] // the closing brace
	for _, k := range sortedKeys(e.Extra) {
		name, err := marshalNoEscape(k)
		if err != nil {
			return nil, err
		}
		var v bytes.Buffer
		if err := json.Compact(&v, e.Extra[k]); err != nil {
			return nil, fmt.Errorf("field %s: %w", name, err)
		}
		b = append(append(append(append(b, ','), name...), ':'), v.Bytes()...)
	}
	return append(b, '}'), nil
}

func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// A DecodeError names the line of an import that could not be read.
type DecodeError struct {
	Line int // 1-based
	Err  error
}

func (e *DecodeError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *DecodeError) Unwrap() error { return e.Err }

// Decode reads a JSON Lines trace: ours, or the conformance format of MCP
// trace validators (see the package comment), or a mix. Blank lines are
// skipped, a leading byte order mark too. Each line must be a JSON object
// with a non-negative integer "seq" and a known "kind"; a message event must
// have a direction and a JSON object payload; a lifecycle event must name
// its moment. Known fields must have their types (see strict.go: the rules
// the page's parseTrace shares); unknown fields are kept in [Event.Extra].
// Decode reports the first bad line as a [*DecodeError].
func Decode(r io.Reader) ([]Event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	var events []Event
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		// JSON's own whitespace only: Go and JavaScript disagree on what
		// else is space.
		text = bytes.Trim(text, " \t\r\n")
		if len(text) == 0 {
			continue
		}
		e, err := decodeLine(text)
		if err != nil {
			return nil, &DecodeError{Line: line, Err: err}
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, &DecodeError{Line: line + 1, Err: err}
	}
	return events, nil
}

var eventType = reflect.TypeFor[Event]()

func decodeLine(text []byte) (Event, error) {
	var e Event
	if text[0] != '{' {
		return e, fmt.Errorf("not a JSON object")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(text, &fields); err != nil {
		return e, fmt.Errorf("invalid JSON: %v", err)
	}
	if isNull(fields["seq"]) {
		return e, fmt.Errorf(`missing "seq"`)
	}
	if isNull(fields["kind"]) {
		return e, fmt.Errorf(`missing "kind"`)
	}
	rest, err := decodeFields(fields, reflect.ValueOf(&e).Elem(), "")
	if err != nil {
		return e, err
	}
	for _, k := range rest {
		if e.Extra == nil {
			e.Extra = map[string]json.RawMessage{}
		}
		e.Extra[k] = fields[k]
	}
	if e.Seq < 0 {
		return e, fmt.Errorf(`"seq" is negative`)
	}
	switch e.Kind {
	case KindMessage, KindBytes, KindHTTP, KindState, KindFault, KindNote, KindLifecycle:
	default:
		return e, fmt.Errorf("unknown kind %s", fields["kind"])
	}
	switch e.Direction {
	case "", ClientToServer, ServerToClient:
	default:
		return e, fmt.Errorf("unknown direction %q", e.Direction)
	}
	if e.Status < 0 || e.Status > 65535 {
		return e, fmt.Errorf(`"status" is not an HTTP status`)
	}
	switch e.Kind {
	case KindMessage:
		if e.Direction == "" {
			return e, fmt.Errorf("message without a direction")
		}
		if p := e.Payload; len(p) == 0 || p[0] != '{' {
			return e, fmt.Errorf("message payload is not a JSON object")
		}
	case KindLifecycle:
		if e.Event == "" {
			return e, fmt.Errorf(`lifecycle without an "event"`)
		}
	}
	return e, nil
}

// isNull reports whether a field is absent or null.
func isNull(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }
