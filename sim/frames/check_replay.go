//go:build replay

package frames

import "github.com/mcp-playground/mcp-playground/sim/tape"

// checkStream plays CheckStream's verdicts on data back from the tape.
func checkStream(data []byte) []Verdict {
	var vs []tapeVerdict
	tape.Answer(tape.Key("frames.CheckStream", data), &vs, "CheckStream on this stream")
	var out []Verdict
	for _, v := range vs {
		out = append(out, Verdict{Line: v.Line, Text: string(v.Text), Err: v.Err.Decode(sentinels(), nil)})
	}
	return out
}

// checkLine plays CheckLine's verdict on line back from the tape.
func checkLine(line []byte) error {
	var e *tape.Err
	tape.Answer(tape.Key("frames.CheckLine", line), &e, "CheckLine on this line")
	return e.Decode(sentinels(), nil)
}
