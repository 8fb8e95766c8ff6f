package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

// The exercise page's runner: the learner's Go, interpreted in a worker by
// grader-<id>.wasm and graded by the exercise's own checks. These tests use the
// catalog exercise, its reference solution and one of its mutants.

// openExercise opens exercises/<id>.html with a longer deadline than
// [open]: a fresh worker downloads and compiles the grader and warms it up
// with the solution while the learner reads. Tests grade without waiting
// for that: a right answer must pass whenever the learner presses.
func openExercise(t testing.TB, id string) *tab {
	t.Helper()
	return openExerciseAt(t, id, 1)
}

// openExerciseAt is [openExercise] on a machine throttle times slower
// than this one (DevTools' CPU throttling, set before the page loads).
func openExerciseAt(t testing.TB, id string, throttle float64) *tab {
	t.Helper()
	ctx := newTab(t)
	ctx, cancelT := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(cancelT)
	tb := &tab{t: t, ctx: ctx, url: shared.srv.URL + "/exercises/" + id + ".html"}
	if err := chromedp.Listen(ctx, tb.listen); err != nil {
		t.Fatal(err)
	}
	if throttle != 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
			t.Fatalf("CPU throttling %v×: %v", throttle, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(tb.url)); err != nil {
		t.Fatalf("navigate %s: %v", tb.url, err)
	}
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, 30*time.Second)
	return tb
}

// exerciseFile reads a file of exercises/<id>/.
func exerciseFile(t testing.TB, id, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(shared.root, "exercises", id, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// exerciseIDs lists the exercises, in id order: the folders under
// exercises/ with a .meta/config.json, each with a page and a grader.
func exerciseIDs(t testing.TB) []string {
	t.Helper()
	configs, _ := filepath.Glob(filepath.Join(shared.root, "exercises", "*", ".meta", "config.json"))
	if len(configs) == 0 {
		t.Fatal("no exercises")
	}
	var ids []string
	for _, c := range configs {
		ids = append(ids, filepath.Base(filepath.Dir(filepath.Dir(c))))
	}
	return ids
}

// mutantSource returns the source of exercise id's mutant name, its diff
// applied to the solution.
func mutantSource(t testing.TB, id, name string) string {
	t.Helper()
	src, err := mutant.Source(filepath.Join(shared.root, "exercises", id, ".meta"), name)
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// typeCode sets the editor's text the way a paste does: value, then input.
func (tb *tab) typeCode(src string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, `(() => { const e = document.querySelector('[data-testid=editor]'); e.value = `+js(src)+`; e.dispatchEvent(new Event('input', {bubbles: true})); })()`)
}

func (tb *tab) editorText() string {
	tb.t.Helper()
	return eval[string](tb, `document.querySelector('[data-testid=editor]').value`)
}

// press clicks the runner's button (run or grade) and waits until that
// run has finished, however it ended. It returns the page's own count of
// milliseconds from the click to the results shown.
func (tb *tab) press(testid string, timeout time.Duration) float64 {
	tb.t.Helper()
	before := eval[int](tb, `Number(document.getElementById('runner').dataset.runs || 0)`)
	eval[chromedp.Void](tb, `document.querySelector('[data-testid=`+testid+`]').click()`)
	tb.waitFor(fmt.Sprintf(`Number(document.getElementById('runner').dataset.runs || 0) > %d`, before), timeout)
	return eval[float64](tb, `Number(document.getElementById('runner').dataset.lastMs)`)
}

// A checkRow is one check as the page shows it.
type checkRow struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Text   string `json:"text"`
	Link   string `json:"link"`
}

func (tb *tab) checks() []checkRow {
	tb.t.Helper()
	return eval[[]checkRow](tb, `[...document.querySelectorAll('[data-testid=check]')].map((li) => ({
		name: li.dataset.check, status: li.dataset.status, text: li.textContent,
		link: (li.querySelector('a[data-role=player-link]') || {}).href || ''}))`)
}

func (tb *tab) score() (got, max int) {
	tb.t.Helper()
	s := eval[[]int](tb, `(() => { const s = document.querySelector('[data-testid=score]'); return [Number(s.dataset.score ?? -1), Number(s.dataset.max ?? -1)]; })()`)
	return s[0], s[1]
}

// The grade of a run ends in results or in an error box; gradeTimeout is
// generous because a loaded CI machine runs wasm slowly.
const gradeTimeout = 3 * time.Minute

func TestExerciseGradesTheSolutionAndKeepsTheCode(t *testing.T) {
	tb := openExercise(t, "catalog")
	solution := exerciseFile(t, "catalog", ".meta/solution.go")
	tb.typeCode(solution)
	tb.press("grade", gradeTimeout)
	rows := tb.checks()
	if len(rows) == 0 {
		t.Fatalf("no checks shown; errors: %s", eval[string](tb, `document.querySelector('[data-role=errors]').textContent`))
	}
	for _, r := range rows {
		if r.Status != "pass" {
			t.Errorf("check %s = %s, want pass: %s", r.Name, r.Status, r.Text)
		}
	}
	if got, max := tb.score(); got != max || max <= 0 {
		t.Errorf("score = %d / %d, want full marks", got, max)
	}
	if !eval[bool](tb, `JSON.parse(localStorage.getItem('mcp-playground:exercises-solved') || '{}').catalog === true`) {
		t.Error("a solved exercise is not recorded under mcp-playground:exercises-solved")
	}

	// The code outlives a reload.
	edited := solution + "\n// edited in the e2e test\n"
	tb.typeCode(edited)
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, 30*time.Second)
	if got := tb.editorText(); got != edited {
		t.Errorf("after reload the editor holds %d bytes, want the %d typed before (starts %q)", len(got), len(edited), got[:min(len(got), 80)])
	}
	tb.noProblems()
}

// TestExerciseFailingCheckOpensThePlayer grades a mutant that never checks
// for a repeated cursor and follows the repeat check's link: the
// playground opens on the player, scrolled to it, with the mutant's own
// run beside the reference's at the first row where they part, and that
// row on screen at desktop width and at 360 px.
func TestExerciseFailingCheckOpensThePlayer(t *testing.T) {
	tb := openExercise(t, "catalog")
	tb.typeCode(mutantSource(t, "catalog", "no-repeat-check.diff"))
	tb.press("grade", gradeTimeout)
	rows := tb.checks()
	i := slices.IndexFunc(rows, func(r checkRow) bool { return r.Name == "repeat" })
	if i < 0 {
		t.Fatalf("no repeat check among %v", rows)
	}
	r := rows[i]
	if r.Status != "fail" {
		t.Fatalf("repeat = %s, want fail for a walk that never checks for a repeated cursor", r.Status)
	}
	if !strings.Contains(r.Link, "playground.html#scenario=paging-repeat") || !strings.Contains(r.Link, "&yours=") {
		t.Fatalf("repeat links to %q, want paging-repeat in the playground with the learner's run (yours=)", r.Link)
	}
	if got, max := tb.score(); got >= max {
		t.Errorf("score = %d / %d for a failing check", got, max)
	}
	tb.noProblems()

	for _, width := range []int64{1280, 360} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, map[int64]int64{1280: 900, 360: 780}[width])); err != nil {
				t.Fatal(err)
			}
			// Follow the link as a click would, in the tab that graded (from
			// a blank page: the same address twice is no new navigation).
			if err := chromedp.Do(tb.ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(r.Link)); err != nil {
				t.Fatal(err)
			}
			p := tb.player("paging-repeat")
			tb.waitFor(p.el+`.dataset.view === 'yours' && !!`+p.el+`.querySelector('.sbs-row.is-current')`, 30*time.Second)
			// The scenario's own run (the playground checks it live) settles
			// the page around the player.
			p.waitLive()
			got := eval[map[string]any](tb, `(() => {
				const f = `+p.el+`;
				const cur = f.querySelector('.sbs-row.is-current');
				const first = f.querySelector('.sbs-row[data-differs=true]');
				const box = cur.getBoundingClientRect();
				const cells = [...cur.querySelectorAll('.sbs-cell')].map((c) => c.textContent);
				return {
					current: cur.dataset.row, first: first ? first.dataset.row : '',
					figureTop: Math.round(f.getBoundingClientRect().top),
					inView: box.top >= 0 && box.bottom <= window.innerHeight,
					yours: cells[0] || '', reference: cells[1] || '',
					hash: location.hash, scrollY: Math.round(scrollY), height: document.documentElement.scrollHeight,
				};
			})()`)
			if dir := os.Getenv("E2E_SHOTS"); dir != "" {
				// As the learner lands: the viewport, not the whole page.
				buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("failing-check-%d.png", width)), buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got["first"] == "" || got["current"] != got["first"] {
				t.Errorf("the view opens at row %v, want the first row where the runs differ (%v)", got["current"], got["first"])
			}
			if top := got["figureTop"].(float64); top < -1 || top > 80 {
				t.Errorf("the player's top is at %v px, want it scrolled to the top of the viewport (%v)", top, got)
			}
			if got["inView"] != true {
				t.Errorf("the differing row is outside the %d px viewport", width)
			}
			// The mutant asks for the next page where the reference stops at
			// the repeated cursor: its side sends a request, the other has none.
			if !strings.Contains(got["yours"].(string), "tools/list") || !strings.Contains(got["reference"].(string), "nothing from reference") {
				t.Errorf("differing row: yours %q, reference %q; want the mutant's extra tools/list beside no request", got["yours"], got["reference"])
			}
			if !strings.Contains(got["hash"].(string), "yours=") {
				t.Errorf("hash = %v, want the view (yours=) kept in the address", got["hash"])
			}
			tb.noProblems()
		})
	}
}

// endlessCatalog is the catalog starter with an endless loop where the
// walk would be.
func endlessCatalog(t *testing.T) string {
	t.Helper()
	starter := exerciseFile(t, "catalog", "catalog.go")
	loop := strings.Replace(starter, `return nil, nil, errors.New("TODO")`, "n := 0\n\tfor {\n\t\tn++\n\t}\n\treturn nil, nil, errors.New(\"TODO\")", 1)
	if loop == starter {
		t.Fatal("the catalog starter changed: cannot plant an endless loop in it")
	}
	return loop
}

// overBudget grades code that loops forever and returns the message the
// page shows, having checked that it says, in the page's language, how
// long the code ran against the first check's 5000 ms limit, and offers
// to try again; the learner's view is shot as name.
func overBudget(t *testing.T, tb *tab, ranFor *regexp.Regexp, name string) string {
	t.Helper()
	tb.typeCode(endlessCatalog(t))
	start := time.Now()
	tb.press("grade", time.Minute)
	elapsed := time.Since(start)
	kind := eval[string](tb, `document.querySelector('[data-role=errors]').dataset.kind || ''`)
	msg := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`)
	ran := ranFor.FindStringSubmatch(msg)
	if kind != "timeout" || ran == nil || ran[2] != "5000" {
		t.Fatalf("an endless loop ended as %q: %s; want the time it ran and the 5000 ms limit", kind, msg)
	}
	if n, _ := strconv.Atoi(ran[1]); n < 5000 {
		t.Errorf("the loop was stopped after %s ms by its own account, under its 5000 ms limit", ran[1])
	}
	if !eval[bool](tb, `!!document.querySelector('[data-role=errors] [data-role=retry]')`) {
		t.Errorf("the timeout offers no retry: %s", msg)
	}
	t.Logf("endless loop stopped after %v: %s", elapsed.Round(time.Millisecond), msg)
	eval[chromedp.Void](tb, `document.querySelector('[data-role=errors]').scrollIntoView({block: 'start'})`)
	tb.shot(name)
	return msg
}

func TestExerciseEndlessLoopSaysHowLongInChinese(t *testing.T) {
	tb := openExercise(t, "../zh/exercises/catalog")
	msg := overBudget(t, tb, regexp.MustCompile(`你的代码运行了 (\d+) 毫秒仍未返回，上限是 (\d+) 毫秒`), "exercise-over-budget-zh")
	if !strings.Contains(msg, "再评分一次") {
		t.Errorf("the Chinese page's retry reads %q, want 再评分一次", msg)
	}
	// The retry grades the editor's code afresh: fixed, it passes.
	tb.typeCode(exerciseFile(t, "catalog", ".meta/solution.go"))
	before := eval[int](tb, `Number(document.getElementById('runner').dataset.runs || 0)`)
	eval[chromedp.Void](tb, `document.querySelector('[data-role=errors] [data-role=retry]').click()`)
	tb.waitFor(fmt.Sprintf(`Number(document.getElementById('runner').dataset.runs || 0) > %d`, before), gradeTimeout)
	if got, max := tb.score(); got != max || max <= 0 {
		t.Errorf("after the retry, the solution scored %d / %d, want full marks; checks %v", got, max, tb.checks())
	}
	tb.noProblems()
}

func TestExerciseEndlessLoopTimesOutAndThePageRecovers(t *testing.T) {
	tb := openExercise(t, "catalog")
	// The learner reads how long their code ran and the limit, and may try
	// again: the first check's budget is 5 s of silence from the grader.
	overBudget(t, tb, regexp.MustCompile(`your code ran for (\d+) ms without returning; the limit is (\d+) ms`), "exercise-over-budget-en")
	// The check that ran out of time failed; those after it never ran.
	var fails, notRun int
	for _, r := range tb.checks() {
		switch r.Status {
		case "fail":
			fails++
		case "not-run":
			notRun++
			if strings.Contains(strings.ToUpper(r.Text), "FAIL") {
				t.Errorf("check %s never ran but reads %q", r.Name, r.Text)
			}
		}
	}
	if fails != 1 || notRun == 0 {
		t.Errorf("after the timeout: %d failed, %d not run; want the one that timed out failed and the rest not run: %v", fails, notRun, tb.checks())
	}
	// Another action: the timeout's message goes, the cards are marked as
	// the earlier code's.
	tb.press("run", gradeTimeout)
	stale := eval[map[string]any](tb, `(() => { const r = document.querySelector('[data-role=results]'); const e = document.querySelector('[data-role=errors]');
		return {stale: r.dataset.stale === 'true', note: (r.querySelector('[data-role=stale]') || {textContent: ''}).textContent, errors: e.hidden}; })()`)
	if stale["stale"] != true || !strings.Contains(stale["note"].(string), "earlier code") || stale["errors"] != true {
		t.Errorf("after Run, the timed-out grade's results: %v; want them marked stale and the timeout message gone", stale)
	}

	tb.typeCode(exerciseFile(t, "catalog", ".meta/solution.go"))
	tb.press("grade", gradeTimeout)
	if got, max := tb.score(); got != max || max <= 0 {
		t.Errorf("after the timeout, the solution scored %d / %d, want full marks; checks %v", got, max, tb.checks())
	}
	tb.noProblems()
}

func TestExerciseRuntimeLoadsOnlyOnExercisePages(t *testing.T) {
	resources := func(tb *tab) []string {
		return eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => e.name)`)
	}
	lesson, id := firstLesson(t)
	lt := open(t, lesson)
	lt.player(id).waitLive()
	for _, r := range resources(lt) {
		if strings.Contains(r, "grader") || strings.Contains(r, "exercise") {
			t.Errorf("the lesson page %s loaded %s", lesson, r)
		}
	}
	et := openExercise(t, "catalog")
	et.waitFor(`performance.getEntriesByName('mcp-playground:grader-ready').length > 0`, gradeTimeout)
	// The wasm is fetched by the worker, outside the page's timeline: the
	// worker scripts say which runtime a page started.
	rs := resources(et)
	// Its own exercise's grader, not one for every exercise.
	if !slices.ContainsFunc(rs, func(r string) bool { return strings.HasSuffix(r, "/grader-worker.js?wasm=grader-catalog.wasm") }) {
		t.Errorf("the exercise page did not start catalog's grader worker: %v", rs)
	}
	if slices.ContainsFunc(rs, func(r string) bool { return strings.HasSuffix(r, "/assets/worker.js") }) {
		t.Errorf("the exercise page started the simulator's worker too: %v", rs)
	}
}

// A learner's code saved for an earlier starter is offered, never loaded
// silently: the editor shows the new starter until the learner picks.
func TestExerciseChangedStarterOffersBoth(t *testing.T) {
	tb := openExercise(t, "catalog")
	old := "package catalog\n\n// written against an earlier starter\n"
	// The starter as the page shows it (it points to the statement above,
	// where the file says README.md).
	starter := eval[string](tb, `JSON.parse(document.getElementById('exercise-data').textContent).starter`)
	// The page saves on leaving: leave it holding the starter, which is
	// never saved, so that only the planted earlier code is in storage.
	tb.typeCode(starter)
	eval[chromedp.Void](tb, `(() => {
		const data = JSON.parse(document.getElementById('exercise-data').textContent);
		for (const k of Object.keys(localStorage)) if (k.startsWith('mcp-playground:code:catalog:')) localStorage.removeItem(k);
		localStorage.setItem('mcp-playground:code:catalog:0123abcd', `+js(old)+`);
	})()`)
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, 30*time.Second)
	if got := tb.editorText(); got != starter {
		t.Errorf("the editor holds %q, want the new starter", got[:min(len(got), 60)])
	}
	if eval[bool](tb, `document.querySelector('[data-role=notice]').hidden`) {
		t.Fatal("no notice offers the earlier code")
	}
	eval[chromedp.Void](tb, `[...document.querySelectorAll('[data-role=notice] button')].find((b) => b.textContent.includes('earlier')).click()`)
	if got := tb.editorText(); got != old {
		t.Errorf("after choosing the earlier code the editor holds %q, want %q", got, old)
	}
	if !eval[bool](tb, `document.querySelector('[data-role=notice]').hidden`) {
		t.Error("the notice stays after the choice")
	}
	tb.noProblems()
}
