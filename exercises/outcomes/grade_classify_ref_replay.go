//go:build replay

package outcomes

import "github.com/mcp-playground/mcp-playground/sim/tape"

// gradeClassifyTaped plays gradeModelClassify's answer for c back from the tape.
func gradeClassifyTaped(c Call) string {
	var out string
	tape.Answer(gradeClassifyKey(c), &out, "the grader's classification of this call")
	return out
}

// gradeExpectTaped plays gradeExpect's answer for s back from the tape.
func gradeExpectTaped(s gradeSpec) (string, bool) {
	var e gradeExpectation
	tape.Answer(gradeExpectKey(s), &e, "what the grader expects of this call")
	return e.Status, e.Once
}
