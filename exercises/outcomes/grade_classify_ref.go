//go:build !replay

package outcomes

import (
	"errors"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// gradeClassifyTaped is gradeModelClassify, written to the tape while one is
// recorded.
func gradeClassifyTaped(c Call) string {
	out := gradeClassifyRef(c)
	if t := tape.Recording(); t != nil {
		t.Put(gradeClassifyKey(c), out)
	}
	return out
}

// gradeExpectTaped is gradeExpect, written to the tape while one is
// recorded.
func gradeExpectTaped(s gradeSpec) (string, bool) {
	status, once := gradeExpectRef(s)
	if t := tape.Recording(); t != nil {
		t.Put(gradeExpectKey(s), gradeExpectation{Status: status, Once: once})
	}
	return status, once
}

// gradeExpectRef is gradeExpect's workings: a result is final; a request
// refused before any handler ran failed; otherwise a read-only call is
// read again, a keyed write settled with its key (it then ran once), and a
// keyless write stays unknown.
func gradeExpectRef(s gradeSpec) (string, bool) {
	switch s.answer {
	case "ok":
		return Succeeded, false
	case "is-error":
		return Failed, false
	}
	if e, ok := gradeRPCCodes[s.answer]; ok && gradePreDispatch(e.Code) {
		return Failed, false
	}
	switch {
	case s.tool == "get_stock":
		_, err := fixture.LookupStock(fixture.Query{SKU: s.sku})
		return map[bool]string{true: Succeeded, false: Failed}[err == nil], false
	case s.key != "":
		return Succeeded, true
	}
	return Unknown, false
}

// gradeClassifyRef is gradeModelClassify's workings.
func gradeClassifyRef(c Call) string {
	if c.Err == nil && c.Result != nil {
		if c.Result.IsError {
			return Failed
		}
		return Succeeded
	}
	var je *jsonrpc.Error
	if errors.As(c.Err, &je) && gradePreDispatch(je.Code) {
		return Failed
	}
	return Unknown
}

// gradePreDispatch reports whether code says the request was refused
// before any handler ran.
func gradePreDispatch(code int64) bool {
	switch code {
	case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest, jsonrpc.CodeMethodNotFound, jsonrpc.CodeInvalidParams:
		return true
	}
	return false
}
