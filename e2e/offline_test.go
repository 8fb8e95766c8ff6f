package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// The course offline (issue 14): the service worker keeps what reading
// needs after one visit, each page and wasm build once used.

// editionsKept is what the page says the cache holds every page of:
// "en", "zh", "en zh" or "".
func (tb *tab) editionsKept() string {
	tb.t.Helper()
	return eval[string](tb, `document.querySelector('[data-testid=offline-status]').dataset.editions || ''`)
}

// TestOfflineKeepsEachEditionOnceVisited: a first visit to a Chinese page
// keeps the Chinese edition and not the English; the first English page
// opened then keeps the English one too, and both read offline.
func TestOfflineKeepsEachEditionOnceVisited(t *testing.T) {
	first, second, id := twoLessons(t)
	b := newOwnBrowser(t, shared.dir)
	tb := b.open("zh/" + first)
	tb.offlineReady()
	if ed := tb.editionsKept(); ed != "zh" {
		t.Fatalf("after one Chinese page, the editions kept are %q, want zh", ed)
	}
	_, before := b.gz.requested(0)
	tb.navigate(b.srv.URL, first)
	tb.waitFor(`(document.querySelector('[data-testid=offline-status]').dataset.editions || '') === 'en zh'`, offlineWait)
	tb.offlineReady()
	// The English pages came once each, while the reader read.
	paths, _ := b.gz.requested(before)
	seen := map[string]int{}
	for _, p := range paths {
		if seen[p]++; seen[p] > 1 && strings.HasSuffix(p, ".html") {
			t.Errorf("%s fetched %d times", p, seen[p])
		}
	}
	b.offline(tb)
	for _, path := range []string{"zh/" + second, second} {
		tb.navigate(b.srv.URL, path)
		p := tb.player(id)
		p.click("step")
		if p.step() != 1 {
			t.Errorf("%s offline: step %d after a Step, want 1", path, p.step())
		}
	}
}

// twoLessons returns two lesson pages and a plain (sim.wasm) scenario of
// the second.
func twoLessons(t *testing.T) (first, second, plainID string) {
	t.Helper()
	pages := lessonPages(t)
	runtime := map[string]string{}
	for _, in := range scenario.List() {
		runtime[in.ID] = in.Runtime
	}
	var names []string
	for p := range pages {
		if !strings.Contains(p, "playground") && !strings.Contains(p, "/") {
			names = append(names, p)
		}
	}
	slices.Sort(names)
	if len(names) < 2 {
		t.Skip("fewer than two lesson pages")
	}
	first = names[0]
	for _, n := range names[1:] {
		for _, id := range pages[n] {
			if runtime[id] == "" {
				return first, n, id
			}
		}
	}
	t.Skip("no second lesson with a sim.wasm scenario")
	return
}

// TestOfflineAfterOneVisit: one lesson keeps every lesson of its edition,
// not the other edition's, nor the pages a reader may never open; a page
// opened once (an exercise, the playground) is kept too, the playground
// with every recorded trace; a page never opened is the 404 page offline.
func TestOfflineAfterOneVisit(t *testing.T) {
	first, second, id := twoLessons(t)
	b := newOwnBrowser(t, shared.dir)
	tb := b.open(first)
	tb.offlineReady()
	if w := tb.workersStarted(); len(w) != 0 {
		t.Errorf("keeping the course for offline use started %v", w)
	}
	// An English reader's visit keeps the English lessons, not the Chinese.
	if ed := tb.editionsKept(); ed != "en" {
		t.Errorf("after one English page, the editions kept are %q, want en", ed)
	}
	if tr := eval[string](tb, `document.querySelector('[data-testid=offline-status]').dataset.traces`); tr != "" {
		t.Errorf("a lesson alone kept every recorded trace (%q): the playground's, before it was opened", tr)
	}
	// Opened once online: the playground, on another scenario than the
	// one read offline below, and one exercise page.
	other := lessonPages(t)[first][0]
	for _, path := range []string{"playground.html#scenario=" + other, "exercises/catalog.html"} {
		tb.navigate(b.srv.URL, path)
		tb.waitFor(`document.readyState === 'complete'`, 30*time.Second)
		if path != "exercises/catalog.html" {
			tb.waitFor(`document.querySelector('[data-testid=offline-status]').dataset.traces === 'all'`, offlineWait)
		}
	}
	b.offline(tb)
	_, before := b.gz.requested(0)
	const never = "exercises/ttl.html"
	for _, path := range []string{second, "playground.html#scenario=" + id, "exercises/catalog.html", "index.html", never} {
		tb.navigate(b.srv.URL, path)
		tb.waitFor(`document.readyState === 'complete'`, 30*time.Second)
		switch {
		case path == second:
			p := tb.player(id)
			p.click("step")
			p.click("step")
			if p.step() != 2 {
				t.Errorf("%s offline: step %d after two Steps, want 2", path, p.step())
			}
		case strings.HasPrefix(path, "playground"):
			// The recording shows; the live run needs a build not kept.
			p := tb.player(id)
			p.click("step")
			if p.step() != 1 {
				t.Errorf("%s offline: step %d after a Step, want 1", path, p.step())
			}
		case path == never:
			if h := eval[string](tb, `(document.querySelector('h1') || {}).textContent || ''`); h != "This page is not part of the course" {
				t.Errorf("%s, never opened, offline: heading %q, want the 404 page's", path, h)
			}
		default:
			if h := eval[string](tb, `(document.querySelector('h1') || {}).textContent || ''`); h == "" || strings.Contains(h, "not part of the course") {
				t.Errorf("%s offline: heading %q (%s)", path, h, eval[string](tb, `document.title`))
			}
		}
	}
	// The playground and the exercise page start their builds at once;
	// nothing kept them, so those requests fail; the page never opened
	// is asked for and fails; nothing else leaves.
	paths, _ := b.gz.requested(before)
	if paths = slices.DeleteFunc(paths, func(p string) bool { return strings.HasSuffix(p, ".wasm") || p == "/sw.js" || p == "/"+never }); len(paths) != 0 {
		t.Errorf("offline, the pages still asked the network for %v", paths)
	}
}

func TestOfflineLiveRunAndGradeAfterUse(t *testing.T) {
	first, second, id := twoLessons(t)
	b := newOwnBrowser(t, shared.dir)
	tb := b.open(first)
	tb.offlineReady()
	// One live run and one grade, online.
	firstID := lessonPages(t)[first][0]
	if st := tb.player(firstID).waitLive(); st != "live" {
		t.Fatalf("online Run live: status %s", st)
	}
	tb.navigate(b.srv.URL, "exercises/catalog.html")
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, time.Minute)
	tb.press("grade", gradeTimeout)
	tb.offlineReady("sim.wasm", "grader-catalog.wasm")
	if kept := eval[string](tb, `document.querySelector('[data-testid=offline-status]').dataset.wasm`); strings.Contains(kept, "grader-ttl") {
		t.Errorf("grading catalog kept %s: another exercise's grader", kept)
	}
	b.offline(tb)
	_, before := b.gz.requested(0)

	tb.navigate(b.srv.URL, second)
	p := tb.player(id)
	if st := p.waitLive(); st != "live" {
		t.Errorf("offline Run live of %s: status %s (%s)", id, st, p.text("player-error"))
	}
	if got, max := tb.gradeSolutionAt(b.srv.URL, "catalog"); got != max || max == 0 {
		t.Errorf("offline grade of the solution: %d / %d", got, max)
	}
	// The browser's own checks for a new sw.js fail quietly; nothing
	// else may leave.
	paths, _ := b.gz.requested(before)
	if paths = slices.DeleteFunc(paths, func(p string) bool { return p == "/sw.js" }); len(paths) != 0 {
		t.Errorf("offline, the pages still asked the network for %v", paths)
	}
}

// gradeSolutionAt opens exercise id's page on the server at base, grades
// its solution and returns the score.
func (tb *tab) gradeSolutionAt(base, id string) (got, max int) {
	tb.t.Helper()
	tb.navigate(base, "exercises/"+id+".html")
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, time.Minute)
	tb.typeCode(exerciseFile(tb.t, id, ".meta/solution.go"))
	tb.press("grade", gradeTimeout)
	return tb.score()
}

func TestKeepForOfflineFetchesEveryBuild(t *testing.T) {
	page, _ := firstLesson(t)
	b := newOwnBrowser(t, shared.dir)
	tb := b.open(page)
	tb.offlineReady()
	tb.waitFor(`!document.querySelector('[data-testid=keep-offline]').hidden`, 30*time.Second)
	eval[chromedp.Void](tb, `document.querySelector('[data-testid=keep-offline]').click()`)
	builds := []string{"sim.wasm", "sim-http.wasm"}
	for _, id := range exerciseIDs(t) {
		builds = append(builds, "grader-"+id+".wasm")
	}
	// Every build is a download: the simulator twice and a grader per
	// exercise, which takes a loaded machine well past offlineWait.
	tb.waitFor(`document.querySelector('[data-testid=keep-offline]').hidden && document.querySelector('[data-testid=offline-status]').dataset.state === 'ready'`, time.Duration(len(builds))*time.Minute)
	tb.offlineReady(builds...)
	if !eval[bool](tb, `document.querySelector('[data-testid=keep-offline]').hidden`) {
		t.Error("Keep for offline is still offered with every build kept")
	}
	if w := tb.workersStarted(); len(w) != 0 {
		t.Errorf("keeping the builds started %v in the page", w)
	}
	tb.noProblems()
	// The pages that use the builds come too: an exercise never opened
	// grades offline (a score, whatever it is: ttl's cost check times
	// CPU, which a loaded machine may fail).
	if tr := eval[string](tb, `document.querySelector('[data-testid=offline-status]').dataset.traces`); tr != "all" {
		t.Errorf("after Keep for offline, every recorded trace kept = %q, want all", tr)
	}
	b.offline(tb)
	if got, max := tb.gradeSolutionAt(b.srv.URL, "ttl"); max <= 0 {
		t.Errorf("offline grade of ttl's solution, its page never opened: %d / %d (no results); errors: %s", got, max, eval[string](tb, `document.querySelector('[data-role=errors]').textContent`))
	}
}

// TestRebuiltSiteReplacesTheCache serves a copy of the site, visits it,
// then changes a page and the build's version as a new deploy would: the
// open page says an update is ready, and taking it shows the new page
// from a cache that replaced the old one.
func TestRebuiltSiteReplacesTheCache(t *testing.T) {
	page, _ := firstLesson(t)
	dir := t.TempDir()
	copySite(t, shared.dir, dir)
	b := newOwnBrowser(t, dir)
	tb := b.open(page)
	v1 := tb.offlineReady()
	// A page opened under the old build: the new one keeps it too.
	const opened = "exercises/catalog.html"
	tb.navigate(b.srv.URL, opened)
	tb.waitFor(`document.readyState === 'complete'`, 30*time.Second)
	tb.waitFor(`caches.open('mcp-playground-`+v1+`').then((c) => c.match(location.origin + '/`+opened+`')).then((r) => { window.e2eOpened = !!r; }) && window.e2eOpened === true`, offlineWait)

	sw := filepath.Join(dir, "sw.js")
	src, err := os.ReadFile(sw)
	if err != nil {
		t.Fatal(err)
	}
	const v2 = "e2e0rebuilt00000"
	if err := os.WriteFile(sw, []byte(strings.Replace(string(src), v1, v2, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join(dir, page))
	if err != nil {
		t.Fatal(err)
	}
	const marker = "e2e rebuilt this lesson"
	html = []byte(strings.Replace(string(html), `data-testid="lesson-title">`, `data-testid="lesson-title">`+marker+` `, 1))
	if err := os.WriteFile(filepath.Join(dir, page), html, 0o644); err != nil {
		t.Fatal(err)
	}

	// The page a visit opens now is the old build's, from its cache, and
	// it says a new one is ready.
	tb2 := b.open(page)
	if _, err := chromedp.Run(tb2.ctx, chromedp.Poll[chromedp.Void](`!document.querySelector('[data-testid=update-ready]').hidden`, chromedp.WithPollingTimeout(offlineWait))); err != nil {
		st, _ := chromedp.Run(tb2.ctx, chromedp.Evaluate[string](`navigator.serviceWorker.getRegistration().then((r) => JSON.stringify({active: r && r.active && r.active.state, waiting: r && r.waiting && r.waiting.state, installing: r && r.installing && r.installing.state, controller: !!navigator.serviceWorker.controller}))`, chromedp.EvalAwaitPromise))
		t.Fatalf("no update offered: %v; registration %s", err, st)
	}
	if strings.Contains(eval[string](tb2, `document.querySelector('[data-testid=lesson-title]').textContent`), marker) {
		t.Error("the new page showed before the new build was taken")
	}
	eval[chromedp.Void](tb2, `document.querySelector('[data-testid=update-ready]').click()`)
	tb2.waitFor(`document.querySelector('[data-testid=lesson-title]') && document.querySelector('[data-testid=lesson-title]').textContent.includes(`+js(marker)+`)`, time.Minute)
	if v := tb2.offlineReady(); v != v2 {
		t.Errorf("after the update the page's build is %s, want %s", v, v2)
	}
	keys, err := chromedp.Run(tb2.ctx, chromedp.Evaluate[[]string](`caches.keys()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"mcp-playground-" + v2}) {
		t.Errorf("caches after the update = %v, want only the new build's", keys)
	}
	tb2.waitFor(`caches.open('mcp-playground-`+v2+`').then((c) => c.match(location.origin + '/`+opened+`')).then((r) => { window.e2eOpened = !!r; }) && window.e2eOpened === true`, offlineWait)
}

// offlineWait bounds the wait for the service worker: the precache, and
// a wasm build or three fetched into the cache on a loaded machine.
var offlineWait = 3 * time.Minute

// TestOfflineScreenshots writes a lesson's first player at 1280 and 360 px
// wide, recorded and then run live, with the bar that says what this
// browser keeps offline, when E2E_SHOTS names a directory.
func TestOfflineScreenshots(t *testing.T) {
	dir := shotsDir(t)
	page, id := firstLesson(t)
	b := newOwnBrowser(t, shared.dir)
	for _, width := range []int64{1280, 360} {
		tb := b.open(page)
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		tb.offlineReady()
		p := tb.player(id)
		for _, state := range []string{"recorded", "live"} {
			if state == "live" {
				if st := p.waitLive(); st != "live" {
					t.Fatalf("status %s, want live", st)
				}
				tb.offlineReady("sim.wasm")
			}
			eval[chromedp.Void](tb, `window.scrollTo(0, `+tb.playerTop(id)+`)`)
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("offline-%s-%d.png", state, width)
			if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tb.noProblems()
	}
}

// TestOfflineUnderABasePath builds the site with -base, as for a GitHub
// Pages project site, serves it under that path, and opens a second
// lesson offline after one visit: the worker's scope and its precache
// follow the base.
func TestOfflineUnderABasePath(t *testing.T) {
	first, second, id := twoLessons(t)
	const base = "/repo-name/"
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./cmd/buildsite", "-out", dir, "-base", base, "-nowasm")
	cmd.Dir = shared.root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("buildsite -base: %v\n%s", err, out)
	}
	b := newOwnBrowserAt(t, dir, base)
	tb := b.open(strings.TrimPrefix(base, "/") + first)
	tb.offlineReady()
	if scope := eval[string](tb, `navigator.serviceWorker.controller ? new URL(navigator.serviceWorker.controller.scriptURL).pathname : ''`); scope != base+"sw.js" {
		t.Errorf("the page's service worker is %q, want %ssw.js", scope, base)
	}
	b.offline(tb)
	tb.navigate(b.srv.URL, strings.TrimPrefix(base, "/")+second)
	p := tb.player(id)
	p.click("step")
	if p.step() != 1 {
		t.Errorf("%s offline under %s: step %d after a Step, want 1", second, base, p.step())
	}
}
