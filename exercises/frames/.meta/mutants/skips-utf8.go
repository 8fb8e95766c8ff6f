// Package frames reads MCP messages off the wire: it checks a stdio byte
// stream (one MCP message, JSON-RPC 2.0 with MCP's narrower rules, per
// LF-terminated line) and decodes a text/event-stream fed in chunks.
package frames

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"
)

// A Verdict is the checker's opinion of one line of a stream.
type Verdict struct {
	Line int    // 1-based
	Text string // the line without its LF
	Err  error  // nil when the line is a valid frame
}

// CheckStream splits data into lines and checks each.
func CheckStream(data []byte) []Verdict {
	var out []Verdict
	for n := 1; len(data) > 0; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			out = append(out, Verdict{Line: n, Text: string(data), Err: errors.New("frame not terminated by LF")})
			break
		}
		out = append(out, Verdict{Line: n, Text: string(data[:i]), Err: CheckLine(data[:i])})
		data = data[i+1:]
	}
	return out
}

// CheckLine reports whether line (without its LF) is one valid MCP message.
func CheckLine(line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		return errors.New("empty line")
	}
	if bytes.IndexByte(line, '\r') >= 0 {
		return errors.New("carriage return in frame")
	}
	_ = utf8.Valid // Bug: json.Unmarshal turns invalid bytes into U+FFFD without an error.
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return errors.New("not a JSON object")
	}
	if string(m["jsonrpc"]) != `"2.0"` {
		return errors.New(`missing "jsonrpc":"2.0"`)
	}
	id, hasID := m["id"]
	if hasID && !(len(id) > 0 && id[0] == '"' || isInteger(id)) {
		return errors.New("id must be a string or an integer, never null")
	}
	result, hasResult := m["result"]
	_, hasError := m["error"]
	if method, ok := m["method"]; ok {
		var s string
		if json.Unmarshal(method, &s) != nil || s == "" {
			return errors.New("method must be a non-empty string")
		}
		if hasResult || hasError {
			return errors.New("a request cannot carry result or error")
		}
		if params, ok := m["params"]; ok && !isObject(params) {
			return errors.New("params must be an object")
		}
		return nil
	}
	if hasResult == hasError {
		return errors.New("a response has exactly one of result and error")
	}
	if hasResult {
		if !hasID {
			return errors.New("result without id")
		}
		if !isObject(result) {
			return errors.New("result must be an object")
		}
		return nil
	}
	// An error response may lack an id: the request's id could not be read.
	var e struct {
		Code    json.RawMessage `json:"code"`
		Message *string         `json:"message"`
	}
	if !isObject(m["error"]) || json.Unmarshal(m["error"], &e) != nil || e.Code == nil || e.Message == nil {
		return errors.New("error must be an object with code and message")
	}
	if !isInteger(e.Code) {
		return errors.New("error code must be an integer")
	}
	return nil
}

// isInteger reports whether raw is a JSON number written as an integer:
// an optional minus sign, then digits only.
func isInteger(raw json.RawMessage) bool {
	if len(raw) > 0 && raw[0] == '-' {
		raw = raw[1:]
	}
	if len(raw) == 0 {
		return false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool {
	return len(raw) > 0 && raw[0] == '{'
}

// An Event is one server-sent event, dispatched.
type Event struct {
	Type string // the event field's value; "message" when the event had none
	Data string // its data lines, joined with "\n"
}

// A Decoder reads a text/event-stream that arrives in chunks. Its zero
// value is ready to use.
type Decoder struct {
	line []byte // the line read so far: its end has not arrived
	// afterCR is set when the last byte was a CR: it ended a line, and an
	// LF right after it (in this chunk or the next) belongs to that end.
	afterCR bool
	typ     string // the event type buffer
	data    string // the data buffer: each data line and an LF
}

// Feed takes the next chunk of the stream and returns the events it
// completes, in order.
func (d *Decoder) Feed(chunk []byte) []Event {
	var out []Event
	for len(chunk) > 0 {
		if d.afterCR && chunk[0] == '\n' {
			chunk = chunk[1:]
		}
		d.afterCR = false
		i := bytes.IndexAny(chunk, "\r\n")
		if i < 0 {
			d.line = append(d.line, chunk...) // the line goes on in the next chunk
			break
		}
		d.line = append(d.line, chunk[:i]...)
		d.afterCR = chunk[i] == '\r'
		chunk = chunk[i+1:]
		if ev, ok := d.endLine(string(d.line)); ok {
			out = append(out, ev)
		}
		d.line = d.line[:0]
	}
	return out
}

// endLine processes one whole line; a blank line dispatches the event, if
// it has data.
func (d *Decoder) endLine(line string) (Event, bool) {
	if line == "" {
		if d.data == "" {
			d.typ = ""
			return Event{}, false
		}
		ev := Event{Type: d.typ, Data: strings.TrimSuffix(d.data, "\n")}
		if ev.Type == "" {
			ev.Type = "message"
		}
		d.typ, d.data = "", ""
		return ev, true
	}
	if line[0] == ':' {
		return Event{}, false // a comment
	}
	field, value, found := strings.Cut(line, ":")
	if found {
		value = strings.TrimPrefix(value, " ") // one space only
	}
	switch field {
	case "event":
		d.typ = value
	case "data":
		d.data += value + "\n"
	}
	// id, retry and any other field: read, not reported.
	return Event{}, false
}
