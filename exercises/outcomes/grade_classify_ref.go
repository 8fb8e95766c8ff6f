//go:build !replay

package outcomes

import (
	"errors"

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
