// Package frames checks a stdio byte stream the way an MCP client reading a
// server's stdout must see it: one MCP message (JSON-RPC 2.0 with MCP's
// narrower rules) per LF-terminated line, nothing else. A banner printed before the first frame, or a message
// pretty-printed over several lines, breaks the stream.
package frames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrNotTerminated is reported for bytes after the last LF.
var ErrNotTerminated = errors.New("frame not terminated by LF")

// complaints is every text CheckLine can return, one per rule: a page
// shows them as verdicts, and an edition in another language translates
// each one (see Complaints), so they are fixed strings, never formatted.
var complaints []string

// complaint registers text as one of CheckLine's verdicts.
func complaint(text string) error {
	complaints = append(complaints, text)
	return errors.New(text)
}

// CheckLine's verdicts, in the order of its rules.
var (
	errEmpty         = complaint("empty line")
	errCR            = complaint("carriage return in frame")
	errUTF8          = complaint("invalid UTF-8")
	errIncomplete    = complaint("incomplete JSON: a message split over several lines?")
	errFragment      = complaint("a fragment of JSON, not a message: a message split over several lines?")
	errNotJSON       = complaint("not JSON: log output on stdout?")
	errNotObject     = complaint("not a JSON object")
	errNoVersion     = complaint(`missing "jsonrpc":"2.0"`)
	errNullID        = complaint("id is null: MCP ids are never null")
	errIDType        = complaint("id must be a string or an integer")
	errMethod        = complaint("method must be a non-empty string")
	errRequestResult = complaint("a request cannot carry result or error")
	errParams        = complaint("params must be an object")
	errBoth          = complaint("response has both result and error")
	errNeither       = complaint("neither a request (method) nor a response (result or error)")
	errNoID          = complaint("response without id")
	errResult        = complaint("result must be an object")
	errErrorShape    = complaint("error must be an object with code and message")
	errCode          = complaint("error code must be an integer")
)

// Complaints lists the texts of CheckLine's errors, each once.
func Complaints() []string { return append([]string(nil), complaints...) }

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

// CheckLine reports whether line (without its LF) is one valid MCP message:
// a JSON-RPC 2.0 message that also follows MCP's own rules (specification
// 2025-11-25 and 2026-07-28, *Basic › Messages*). It returns nil when it is,
// and an error saying what is wrong when it is not.
//
// The line is UTF-8 JSON: one object with "jsonrpc":"2.0" that is either a
// request or notification (a non-empty string method, no result or error,
// params an object when present) or a response (exactly one of result and
// error). MCP narrows JSON-RPC 2.0: an id is a string or an integer, never
// null; a result is an object; an error's code is an integer; a result
// response carries an id, while an error response may omit it ("except in
// error cases where the ID could not be read due a malformed request").
// Integers are taken as written: 7 and -3, not 1.0 or 1e3 (go-sdk v1.8.0
// reads an id of 1.5 as 1, so a fractional id could answer the wrong call).
//
// A newline inside a JSON string is escaped as \n and so never splits a line;
// a raw CR is reported, since a reader splitting on LF would keep it.
func CheckLine(line []byte) error {
	if len(bytes.TrimSpace(line)) == 0 {
		return errEmpty
	}
	if bytes.IndexByte(line, '\r') >= 0 {
		return errCR
	}
	if !utf8.Valid(line) {
		// encoding/json would quietly turn the bad bytes into U+FFFD.
		return errUTF8
	}
	if !json.Valid(line) {
		t := bytes.TrimSpace(line)
		switch {
		case t[0] == '{' || t[0] == '[':
			return errIncomplete
		case line[0] == ' ' || line[0] == '\t' || t[0] == '}' || t[0] == ']' || t[0] == '"':
			return errFragment
		}
		return errNotJSON
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return errNotObject
	}
	if v, ok := m["jsonrpc"]; !ok || string(v) != `"2.0"` {
		return errNoVersion
	}
	id, hasID := m["id"]
	if hasID && !validID(id) {
		if string(id) == "null" {
			return errNullID
		}
		return errIDType
	}
	result, hasResult := m["result"]
	errObj, hasError := m["error"]
	if method, ok := m["method"]; ok {
		var s string
		if json.Unmarshal(method, &s) != nil || s == "" {
			return errMethod
		}
		if hasResult || hasError {
			return errRequestResult
		}
		if params, ok := m["params"]; ok && !isObject(params) {
			return errParams
		}
		return nil
	}
	switch {
	case hasResult && hasError:
		return errBoth
	case !hasResult && !hasError:
		return errNeither
	case hasResult && !hasID:
		return errNoID
	case hasResult && !isObject(result):
		return errResult
	}
	if hasError {
		var e struct {
			Code    json.RawMessage `json:"code"`
			Message *string         `json:"message"`
		}
		if !isObject(errObj) || json.Unmarshal(errObj, &e) != nil || e.Code == nil || e.Message == nil {
			return errErrorShape
		}
		if !isInteger(e.Code) {
			return errCode
		}
	}
	return nil
}

// validID reports whether raw is an id MCP allows: a string or an integer.
func validID(raw json.RawMessage) bool {
	return len(raw) > 0 && raw[0] == '"' || isInteger(raw)
}

// isInteger reports whether raw is a JSON number written as an integer:
// an optional minus sign and digits, no fraction, no exponent.
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
