//go:build replay

package outcomes

import "github.com/mcp-playground/mcp-playground/sim/tape"

// gradeClassifyTaped plays gradeModelClassify's answer for c back from the tape.
func gradeClassifyTaped(c Call) string {
	var out string
	tape.Answer(gradeClassifyKey(c), &out, "the grader's classification of this call")
	return out
}
