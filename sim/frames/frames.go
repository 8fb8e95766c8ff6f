// Package frames checks a stdio byte stream the way an MCP client reading a
// server's stdout must see it: one MCP message (JSON-RPC 2.0 with MCP's
// narrower rules) per LF-terminated line, nothing else. A banner printed before the first frame, or a message
// pretty-printed over several lines, breaks the stream.
package frames

import (
	"errors"

	"github.com/mcp-playground/mcp-playground/sim/tape"
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
	e := errors.New(text)
	complaintErrs = append(complaintErrs, e)
	return e
}

// complaintErrs are the complaints as the errors CheckLine returns.
var complaintErrs []error

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
func CheckStream(data []byte) []Verdict { return checkStream(data) }

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
func CheckLine(line []byte) error { return checkLine(line) }

// sentinels are the errors a verdict may be or wrap, as a tape names them:
// ErrNotTerminated and each complaint, by its text.
func sentinels() map[string]error {
	m := map[string]error{"ErrNotTerminated": ErrNotTerminated}
	for _, e := range complaintErrs {
		m[e.Error()] = e
	}
	return m
}

// A tapeVerdict is a [Verdict] on a tape.
type tapeVerdict struct {
	Line int       `json:"line"`
	Text []byte    `json:"text"` // bytes, not a string: JSON would mend invalid UTF-8
	Err  *tape.Err `json:"err,omitempty"`
}
