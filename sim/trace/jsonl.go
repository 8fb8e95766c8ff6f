package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
// the bytes that crossed the wire, and "<" must stay "<".
func marshalEvent(e *Event) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
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

// Decode reads a JSON Lines trace. Blank lines are skipped. Each line must be
// a JSON object with a non-negative integer "seq" and a known "kind"; a
// message event must have a direction and a JSON object payload. Lines with
// only the conformance fields are accepted. Decode reports the first bad
// line as a [*DecodeError].
func Decode(r io.Reader) ([]Event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	var events []Event
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
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

func decodeLine(text []byte) (Event, error) {
	var e Event
	if text[0] != '{' {
		return e, fmt.Errorf("not a JSON object")
	}
	var probe struct {
		Seq  *json.Number `json:"seq"`
		Kind *string      `json:"kind"`
	}
	if err := json.Unmarshal(text, &probe); err != nil {
		return e, fmt.Errorf("invalid JSON: %v", err)
	}
	if probe.Seq == nil {
		return e, fmt.Errorf(`missing "seq"`)
	}
	if probe.Kind == nil {
		return e, fmt.Errorf(`missing "kind"`)
	}
	if err := json.Unmarshal(text, &e); err != nil {
		return e, fmt.Errorf("invalid event: %v", err)
	}
	if e.Seq < 0 {
		return e, fmt.Errorf(`"seq" is negative`)
	}
	switch e.Kind {
	case KindMessage, KindBytes, KindHTTP, KindState, KindFault, KindNote:
	default:
		return e, fmt.Errorf("unknown kind %q", e.Kind)
	}
	switch e.Direction {
	case "", ClientToServer, ServerToClient:
	default:
		return e, fmt.Errorf("unknown direction %q", e.Direction)
	}
	if e.Kind == KindMessage {
		if e.Direction == "" {
			return e, fmt.Errorf("message without a direction")
		}
		if p := bytes.TrimSpace(e.Payload); len(p) == 0 || p[0] != '{' {
			return e, fmt.Errorf("message payload is not a JSON object")
		}
	}
	return e, nil
}
