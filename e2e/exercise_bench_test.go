package e2e

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkExercise measures the figures of issues 6 and 27 for every
// exercise and prints them; it asserts nothing about time. Each exercise
// page loads its own grader (grader-<id>.wasm).
//
//	go test ./e2e -run=^$ -bench=Exercise -benchtime=1x
//	go test ./e2e -run=^$ -bench=Exercise/ttl -benchtime=1x   # one exercise
func BenchmarkExercise(b *testing.B) {
	if shared.skip != "" {
		b.Skip(shared.skip)
	}
	g := newGzipServer(shared.dir)
	srv := httptest.NewServer(g)
	defer srv.Close()
	const runs = 5
	fmt.Printf("exercise figures (every exercise, cold profiles, median of %d; this machine, shared: noisy):\n", runs)
	for _, id := range exerciseIDs(b) {
		b.Run(id, func(b *testing.B) { exerciseFigures(b, id, srv.URL, g, runs) })
	}
}

// exerciseFigures measures and prints exercise id's figures, median of
// runs cold visits each way.
func exerciseFigures(b *testing.B, id, base string, g *gzipServer, runs int) {
	solution := exerciseFile(b, id, ".meta/solution.go")
	url := base + "/exercises/" + id + ".html"
	// What the page downloads comes first: it stands whatever the grades do.
	ready := coldBytes(b, url, g, "mcp-playground:grader-ready")
	raw, gz := gzip9(b, filepath.Join(shared.dir, "assets", "grader-"+id+".wasm"))
	fmt.Printf(" %s: grader-%s.wasm %d bytes raw, %d gzip -9; bytes sent until the grader is ready %d\n", id, id, raw, gz, ready)
	b.ReportMetric(float64(gz), "grader-gz-bytes")

	// Warm: one tab, the worker up and warmed, grades of the solution:
	// what the checks themselves take, which no start-up shortens.
	tb := openExercise(b, id)
	tb.waitFor(`performance.getEntriesByName('mcp-playground:grader-warm').length > 0`, gradeTimeout)
	tb.typeCode(solution)
	var warm []float64
	for range 3 {
		warm = append(warm, tb.press("grade", gradeTimeout))
		if got, max := tb.score(); got != max || max <= 0 {
			b.Errorf("%s: the solution scored %d / %d warm; checks %v", id, got, max, tb.checks())
		}
	}

	// Cold: a new browser profile, the solution graded as soon as the
	// runner exists (Grade pressed at once) and 8 s after navigation
	// (the learner read the statement meanwhile): ms from the click to
	// the results, and the bytes sent until then.
	var cold, atOnce, at8, sentAtOnce, compiled, started []float64
	for range runs {
		ms, click, sent, w := coldGrade(b, url, g, solution, 0)
		cold = append(cold, ms)
		atOnce = append(atOnce, click)
		sentAtOnce = append(sentAtOnce, float64(sent))
		compiled = append(compiled, w.Compiled)
		started = append(started, w.Ready-w.Compiled)
		_, click8, _, _ := coldGrade(b, url, g, solution, 8*time.Second)
		at8 = append(at8, click8)
	}
	fmt.Printf("  bytes sent until the first grade's results (pressed at once): median %.0f\n", median(sentAtOnce))
	fmt.Printf("  first grade pressed at once: click to results median %.0f ms of %v (target ≤ 3000 ms); navigation to results %.0f ms\n", median(atOnce), roundAll(atOnce), median(cold))
	fmt.Printf("  of which the worker (pressed at once): download and compile median %.0f ms of %v, Go start (package init to ready) median %.0f ms of %v\n", median(compiled), roundAll(compiled), median(started), roundAll(started))
	fmt.Printf("  first grade pressed 8 s after navigation: click to results median %.0f ms of %v (target ≤ 1000 ms)\n", median(at8), roundAll(at8))
	fmt.Printf("  warm grade (the checks alone), click to results: median %.0f ms of %v\n", median(warm), roundAll(warm))
	b.ReportMetric(median(atOnce), "first-grade-at-once-ms")
	b.ReportMetric(median(at8), "first-grade-at-8s-ms")
}

func roundAll(xs []float64) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x + 0.5)
	}
	return out
}

// coldBytes opens url in a new browser profile and returns the bytes srv
// sent until the page made the performance mark.
func coldBytes(b *testing.B, url string, srv *gzipServer, mark string) int64 {
	b.Helper()
	tb, done := coldTab(b, url, srv, 5*time.Minute)
	defer done()
	tb.waitFor(fmt.Sprintf(`performance.getEntriesByName(%s).length > 0`, js(mark)), time.Minute)
	return srv.sent.Load()
}

// workerTiming is the grader worker's own clock at its ready message (ms
// since the worker started): the module compiled and instantiated, and the
// Go program up.
type workerTiming struct {
	Compiled float64 `json:"compiled"`
	Ready    float64 `json:"ready"`
}

// coldGrade opens url in a new browser profile, grades src as soon as the
// page's runner exists and wait has passed since navigation, and returns
// ms from navigation to the results, ms from the click to the results,
// the bytes srv sent meanwhile, and the worker's timing.
func coldGrade(b *testing.B, url string, srv *gzipServer, src string, wait time.Duration) (nav, click float64, sent int64, w workerTiming) {
	b.Helper()
	tb, done := coldTab(b, url, srv, 5*time.Minute)
	defer done()
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, time.Minute)
	if wait > 0 {
		tb.waitFor(fmt.Sprintf(`performance.now() >= %d`, wait.Milliseconds()), wait+time.Minute)
	}
	tb.typeCode(src)
	click = tb.press("grade", gradeTimeout)
	// No score at all (-1 / -1) is a grade that ended in an error box.
	if got, max := tb.score(); got != max || max <= 0 {
		b.Errorf("cold: the solution scored %d / %d; checks %v; errors: %s", got, max, tb.checks(), eval[string](tb, `document.querySelector('[data-role=errors]').textContent`))
	}
	nav = eval[float64](tb, `performance.getEntriesByName('mcp-playground:graded').slice(-1)[0].startTime`)
	w = eval[workerTiming](tb, `performance.getEntriesByName('mcp-playground:grader-ready')[0].detail`)
	return nav, click, srv.sent.Load(), w
}
