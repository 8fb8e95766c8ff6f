//go:build replay

package frames

import "github.com/mcp-playground/mcp-playground/sim/tape"

// gradeSSEEvents plays gradeSSEParse's events on s back from the tape.
func gradeSSEEvents(s string) []gradeSSEEvent {
	var taped []gradeSSETaped
	tape.Answer(tape.Key("frames.gradeSSEParse", []byte(s)), &taped, "the grader's reading of this event stream")
	var out []gradeSSEEvent
	for _, e := range taped {
		out = append(out, gradeSSEEvent{typ: string(e.Type), data: string(e.Data), at: e.At, atCR: e.AtCR})
	}
	return out
}
