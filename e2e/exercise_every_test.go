package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/exercises/interp"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

// slowMachine is how many times slower than this one the suite makes the
// learner's machine (DevTools' CPU throttling): a school laptop.
const slowMachine = 4

// A variant is one learner file of an exercise and how go test grades it.
type variant struct {
	name, src string
	// fails are the checks go test fails, in the grader's order.
	fails []string
}

// goTestVerdicts returns exercise id's solution, starter and mutants with
// the checks each fails under go test. They are graded here, natively
// interpreted: the classroom step's proof of the students' copy
// (cmd/exercises) holds the interpreted verdicts to go test's compiled
// ones, variant by variant.
func goTestVerdicts(t *testing.T, id string) []variant {
	t.Helper()
	meta := filepath.Join(shared.root, "exercises", id, ".meta")
	vs := []variant{
		{name: "solution", src: exerciseFile(t, id, ".meta/solution.go")},
		{name: "starter", src: exerciseFile(t, id, id+".go")},
	}
	names, err := mutant.Names(meta)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		vs = append(vs, variant{name: n, src: mutantSource(t, id, n)})
	}
	for i := range vs {
		rep, err := interp.Grade(context.Background(), id, vs[i].src, nil)
		if err != nil || len(rep.CompileErrors) > 0 {
			t.Fatalf("%s %s does not grade natively: %v %v", id, vs[i].name, err, rep.CompileErrors)
		}
		for _, r := range rep.Checks {
			if !r.Pass {
				vs[i].fails = append(vs[i].fails, r.Check)
			}
		}
	}
	return vs
}

// A pageGrade is one grade as the exercise page's grader returned it.
type pageGrade struct {
	Checks []struct {
		Name    string `json:"name"`
		Status  string `json:"status"`
		Message string `json:"message"`
	} `json:"checks"`
	// Stopped is the check the page stopped over its budget, if any
	// ("-" before the first check); the checks after it never ran.
	Stopped string `json:"stopped"`
	Error   string `json:"error"`
}

// gradeOnPage grades src with the page's own grader (its worker, its
// budgets) without the editor: the many variants of one exercise.
func (tb *tab) gradeOnPage(id, src string) pageGrade {
	tb.t.Helper()
	expr := fmt.Sprintf(`(async () => {
		const g = document.getElementById('runner').runner.grader;
		const done = [];
		try {
			const r = await g.request('grade', %s, %s, (p) => { if (p.done) done.push(p.done); });
			return {checks: r.checks || [], stopped: '', error: r.error || r.refused || ((r.compileErrors || []).length ? 'does not compile' : '')};
		} catch (err) {
			if (err.budgetMs) return {checks: done, stopped: err.check || '-', error: err.message};
			return {checks: done, stopped: '', error: String(err.message || err)};
		}
	})()`, js(id), js(src))
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[pageGrade](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("grading on the page: %v", err)
	}
	return v
}

// TestEveryExerciseGradesAsGoTestOnASlowMachine is the promise that a
// learner's machine never decides a verdict. On a machine four times
// slower than this one, each exercise's page, in its own grader build,
// grades the solution pressed at once (the grader cold, not warmed up) to
// full marks; then its starter and every mutant fail exactly the checks
// they fail under go test. The one difference allowed is a budget: a check
// the page stops as over its time limit must be one go test fails too, and
// the checks after it never ran.
func TestEveryExerciseGradesAsGoTestOnASlowMachine(t *testing.T) {
	ids := exerciseIDs(t)
	want := map[string][]variant{}
	for _, id := range ids {
		want[id] = goTestVerdicts(t, id)
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			// Throttling stretches each tab's time, not its CPU: the
			// exercises share the machine well side by side.
			t.Parallel()
			tb := openExerciseAt(t, id, slowMachine)
			vs := want[id]
			tb.typeCode(vs[0].src)
			tb.press("grade", gradeTimeout)
			if got, max := tb.score(); got != max || max <= 0 {
				t.Errorf("the solution, pressed at once on a %d× slower machine, scored %d / %d; checks %v; errors: %s", slowMachine, got, max, tb.checks(),
					eval[string](tb, `document.querySelector('[data-role=errors]').textContent`))
			}
			for _, v := range vs[1:] {
				g := tb.gradeOnPage(id, v.src)
				if msg := sameVerdicts(g, v.fails); msg != "" {
					t.Errorf("%s: %s", v.name, msg)
				}
			}
			tb.noProblems()
		})
	}
}

// sameVerdicts says how the page's grade g differs from go test's, which
// fails the checks fails; "" when it does not.
func sameVerdicts(g pageGrade, fails []string) string {
	if g.Stopped == "" && g.Error != "" {
		return "the page could not grade it: " + g.Error
	}
	var pageFails []string
	for _, c := range g.Checks {
		if c.Status != "pass" {
			pageFails = append(pageFails, c.Name)
		}
	}
	if g.Stopped != "" {
		// Over budget: that check fails here and must under go test; the
		// rest never ran, so only the checks before it compare.
		if !slices.Contains(fails, g.Stopped) {
			return fmt.Sprintf("the page stopped check %s over its budget (%s), but go test passes it", g.Stopped, g.Error)
		}
		ran := map[string]bool{}
		for _, c := range g.Checks {
			ran[c.Name] = true
		}
		fails = slices.DeleteFunc(slices.Clone(fails), func(n string) bool { return !ran[n] })
	}
	if !slices.Equal(pageFails, fails) {
		var msgs []string
		for _, c := range g.Checks {
			if c.Status != "pass" {
				msgs = append(msgs, c.Name+": "+c.Message)
			}
		}
		return fmt.Sprintf("the page fails %v, go test %v; the page's messages: %s", pageFails, fails, strings.Join(msgs, " | "))
	}
	return ""
}
