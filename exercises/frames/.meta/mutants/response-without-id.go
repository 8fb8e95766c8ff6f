// Package frames checks an MCP stdio byte stream: one JSON-RPC 2.0 message
// per LF-terminated line.
package frames

import (
	"bytes"
	"encoding/json"
	"errors"
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

// CheckLine reports whether line (without its LF) is one valid JSON-RPC 2.0
// message.
func CheckLine(line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		return errors.New("empty line")
	}
	if bytes.IndexByte(line, '\r') >= 0 {
		return errors.New("carriage return in frame")
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return errors.New("not a JSON object")
	}
	if string(m["jsonrpc"]) != `"2.0"` {
		return errors.New(`missing "jsonrpc":"2.0"`)
	}
	id, hasID := m["id"]
	if hasID && !(string(id) == "null" || len(id) > 0 && (id[0] == '"' || id[0] == '-' || id[0] >= '0' && id[0] <= '9')) {
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
	if hasResult == hasError {
		return errors.New("a response has exactly one of result and error")
	}
	// Bug: a response without id is accepted.
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
