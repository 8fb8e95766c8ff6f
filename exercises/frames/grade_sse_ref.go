//go:build !replay

package frames

import (
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/tape"
)

// gradeSSEEvents is gradeSSEParse, written to the tape while one is recorded.
func gradeSSEEvents(s string) []gradeSSEEvent {
	out := gradeSSEParseRef(s)
	if t := tape.Recording(); t != nil {
		taped := make([]gradeSSETaped, len(out))
		for i, e := range out {
			taped[i] = gradeSSETaped{Type: []byte(e.typ), Data: []byte(e.data), At: e.at, AtCR: e.atCR}
		}
		t.Put(tape.Key("frames.gradeSSEParse", []byte(s)), taped)
	}
	return out
}

// gradeSSEParseRef is gradeSSEParse: it reads the stream as the WHATWG
// HTML standard's event stream interpretation does, for the parts the
// exercise grades: lines end in CRLF, LF or CR; a line starting with a colon is a
// comment; the field is what comes before the first colon (the whole line
// when there is none) and one space after the colon is dropped; "data"
// appends its value and an LF to the data buffer, "event" sets the type;
// other fields are ignored; a blank line dispatches the event when the data
// buffer is not empty (without its last LF; type "message" when none was
// set) and empties both buffers. A last line with no end is never
// processed: its event is not complete.
func gradeSSEParseRef(s string) []gradeSSEEvent {
	var out []gradeSSEEvent
	var typ, data string
	for i := 0; i < len(s); {
		j := strings.IndexAny(s[i:], "\r\n")
		if j < 0 {
			break
		}
		j += i
		line := s[i:j]
		end, endCR := j+1, j+1
		if s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n' {
			end = j + 2
		}
		i = end
		switch {
		case line == "":
			if data != "" {
				t := typ
				if t == "" {
					t = "message"
				}
				out = append(out, gradeSSEEvent{typ: t, data: strings.TrimSuffix(data, "\n"), at: end, atCR: endCR})
			}
			typ, data = "", ""
		case line[0] == ':':
		default:
			field, value, found := strings.Cut(line, ":")
			if found {
				value = strings.TrimPrefix(value, " ")
			}
			switch field {
			case "event":
				typ = value
			case "data":
				data += value + "\n"
			}
		}
	}
	return out
}
