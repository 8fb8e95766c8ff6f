//go:build !replay

package frames

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/mcp-playground/mcp-playground/sim/tape"
)

// checkStream is CheckStream, written to the tape while one is recorded.
func checkStream(data []byte) []Verdict {
	out := checkStreamRef(data)
	if t := tape.Recording(); t != nil {
		vs := make([]tapeVerdict, len(out))
		for i, v := range out {
			vs[i] = tapeVerdict{Line: v.Line, Text: []byte(v.Text), Err: tape.EncodeErr(v.Err, sentinels(), nil)}
		}
		t.Put(tape.Key("frames.CheckStream", data), vs)
	}
	return out
}

// checkLine is CheckLine, written to the tape while one is recorded.
func checkLine(line []byte) error {
	err := checkLineRef(line)
	if t := tape.Recording(); t != nil {
		t.Put(tape.Key("frames.CheckLine", line), tape.EncodeErr(err, sentinels(), nil))
	}
	return err
}

func checkStreamRef(data []byte) []Verdict {
	var out []Verdict
	for n := 1; len(data) > 0; n++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			err := checkLineRef(data)
			if err == nil {
				err = ErrNotTerminated
			} else {
				err = fmt.Errorf("%w; %v", ErrNotTerminated, err)
			}
			out = append(out, Verdict{Line: n, Text: string(data), Err: err})
			break
		}
		line := data[:i]
		out = append(out, Verdict{Line: n, Text: string(line), Err: checkLineRef(line)})
		data = data[i+1:]
	}
	return out
}

func checkLineRef(line []byte) error {
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
