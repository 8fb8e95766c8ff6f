// Package frames reads MCP messages off the wire: it checks a stdio byte
// stream (one MCP message, JSON-RPC 2.0 with MCP's narrower rules, per
// LF-terminated line) and decodes a text/event-stream fed in chunks. See
// README.md for the rules; go test grades this file.
package frames

import "errors"

// A Verdict is the checker's opinion of one line of a stream.
type Verdict struct {
	Line int    // 1-based
	Text string // the line without its LF
	Err  error  // nil when the line is a valid frame
}

// CheckStream splits data into lines and checks each.
func CheckStream(data []byte) []Verdict {
	return []Verdict{{Line: 1, Text: string(data), Err: errors.New("TODO")}}
}

// CheckLine reports whether line (without its LF) is one valid MCP message:
// nil if it is, an error saying what is wrong if not.
func CheckLine(line []byte) error {
	return errors.New("TODO")
}

// An Event is one server-sent event, dispatched.
type Event struct {
	Type string // the event field's value; "message" when the event had none
	Data string // its data lines, joined with "\n"
}

// A Decoder reads a text/event-stream that arrives in chunks. Its zero
// value is ready to use.
type Decoder struct {
	// Your fields: whatever must survive from one chunk to the next.
}

// Feed takes the next chunk of the stream and returns the events it
// completes, in order.
func (d *Decoder) Feed(chunk []byte) []Event {
	return nil
}
