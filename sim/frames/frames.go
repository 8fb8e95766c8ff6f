// Package frames checks a stdio byte stream the way an MCP client reading a
// server's stdout must see it: one JSON-RPC 2.0 message per LF-terminated
// line, nothing else. A banner printed before the first frame, or a message
// pretty-printed over several lines, breaks the stream.
package frames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNotTerminated is reported for bytes after the last LF.
var ErrNotTerminated = errors.New("frame not terminated by LF")

// A Verdict is the checker's opinion of one line of a stream.
type Verdict struct {
	Line int    // 1-based
	Text string // the line without its LF
	Err  error  // nil when the line is a valid frame
}

// CheckStream splits data into lines and checks each. Bytes after the final
// LF are reported with [ErrNotTerminated].
func CheckStream(data []byte) []Verdict {
	var out []Verdict
	for n := 1; len(data) > 0; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			err := CheckLine(data)
			if err == nil {
				err = ErrNotTerminated
			} else {
				err = fmt.Errorf("%w; %v", ErrNotTerminated, err)
			}
			out = append(out, Verdict{Line: n, Text: string(data), Err: err})
			break
		}
		line := data[:i]
		out = append(out, Verdict{Line: n, Text: string(line), Err: CheckLine(line)})
		data = data[i+1:]
	}
	return out
}

// CheckLine checks JSON-RPC 2.0 framing, not every rule of the MCP schema
// (MCP also forbids null request ids and wants params to be an object).
//
// CheckLine reports whether line (without its LF) is one valid JSON-RPC 2.0
// message: a JSON object with "jsonrpc":"2.0" that is either a request or
// notification (a string method, no result or error) or a response (an id,
// and exactly one of result and error). A newline inside a JSON string is
// escaped as \n and so never splits a line; a raw CR is reported, since a
// reader splitting on LF would keep it.
func CheckLine(line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		return errors.New("empty line")
	}
	if bytes.IndexByte(line, '\r') >= 0 {
		return errors.New("carriage return in frame")
	}
	if !json.Valid(line) {
		t := bytes.TrimSpace(line)
		switch {
		case t[0] == '{' || t[0] == '[':
			return errors.New("incomplete JSON: a message split over several lines?")
		case line[0] == ' ' || line[0] == '\t' || t[0] == '}' || t[0] == ']' || t[0] == '"':
			return errors.New("a fragment of JSON, not a message: a message split over several lines?")
		}
		return errors.New("not JSON: log output on stdout?")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return errors.New("not a JSON object")
	}
	if v, ok := m["jsonrpc"]; !ok || string(v) != `"2.0"` {
		return errors.New(`missing "jsonrpc":"2.0"`)
	}
	id, hasID := m["id"]
	if hasID && !validID(id) {
		return errors.New("id must be a string or a number")
	}
	_, hasResult := m["result"]
	_, hasError := m["error"]
	if method, ok := m["method"]; ok {
		var s string
		if json.Unmarshal(method, &s) != nil || s == "" {
			return errors.New("method must be a non-empty string")
		}
		if hasResult || hasError {
			return errors.New("a request cannot carry result or error")
		}
		return nil
	}
	switch {
	case hasResult && hasError:
		return errors.New("response has both result and error")
	case !hasResult && !hasError:
		return errors.New("neither a request (method) nor a response (result or error)")
	case !hasID:
		return errors.New("response without id")
	}
	if hasError {
		var e struct {
			Code    *json.Number `json:"code"`
			Message *string      `json:"message"`
		}
		if json.Unmarshal(m["error"], &e) != nil || e.Code == nil || e.Message == nil {
			return errors.New("error must be an object with code and message")
		}
	}
	return nil
}

func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		// Allowed only on error responses to unparseable requests; the
		// checker accepts it rather than guess which case it is.
		return true
	}
	return len(raw) > 0 && (raw[0] == '"' || raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9'))
}
