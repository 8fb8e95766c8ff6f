package e2e

import (
	"strings"
	"testing"
)

// TestEveryExerciseGradesItsSolutionInItsOwnBuild grades each exercise's
// solution on its page, with the grader that page loads: every check
// passes, as under go test, or at worst runs out of the page's time
// budget. The interpreted parity test runs the checks natively; this one
// runs them in each exercise's own wasm build, which carries only the
// scenario families its grader imports, so a family a check needs and the
// build left out fails here.
func TestEveryExerciseGradesItsSolutionInItsOwnBuild(t *testing.T) {
	for _, id := range exerciseIDs(t) {
		t.Run(id, func(t *testing.T) {
			tb := openWarmExercise(t, id)
			tb.typeCode(exerciseFile(t, id, ".meta/solution.go"))
			tb.press("grade", gradeTimeout)
			rows := tb.checks()
			if len(rows) == 0 {
				t.Fatal("no checks shown")
			}
			for _, r := range rows {
				switch {
				case r.Status == "pass":
				case strings.Contains(r.Text, "timed out after"):
					// A check's time budget is the page's, and a loaded
					// machine can run the interpreter past it: that is
					// not a verdict that differs from go test's.
					t.Logf("check %s ran out of its budget on this machine: %s", r.Name, r.Text)
				default:
					t.Errorf("check %s = %s: %s", r.Name, r.Status, r.Text)
				}
			}
			tb.noProblems()
		})
	}
}
