package e2e

import "testing"

// TestEveryExerciseGradesItsSolutionInFull grades each exercise's solution
// on its page, with the grader that page loads: full marks, as go test
// gives. The interpreted parity test runs the checks natively; this one
// runs them in each exercise's own wasm build, which carries only the
// scenario families its grader imports, so a family a check needs and the
// build left out fails here.
func TestEveryExerciseGradesItsSolutionInFull(t *testing.T) {
	for _, id := range exerciseIDs(t) {
		t.Run(id, func(t *testing.T) {
			tb := openWarmExercise(t, id)
			tb.typeCode(exerciseFile(t, id, ".meta/solution.go"))
			tb.press("grade", gradeTimeout)
			for _, r := range tb.checks() {
				if r.Status != "pass" {
					t.Errorf("check %s = %s: %s", r.Name, r.Status, r.Text)
				}
			}
			if got, max := tb.score(); got != max || max <= 0 {
				t.Errorf("score %d / %d, want full marks", got, max)
			}
			tb.noProblems()
		})
	}
}
