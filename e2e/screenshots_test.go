package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestScreenshots writes PNGs of a lesson player and the playground, at
// desktop width and at 360 px, into $E2E_SHOTS for a person to look at. It
// asserts nothing about pixels.
func TestScreenshots(t *testing.T) {
	dir := shotsDir(t)
	var lesson, lessonScenario string
	for page, ids := range lessonPages(t) {
		if !strings.Contains(page, "playground") && (lesson == "" || page < lesson) {
			lesson, lessonScenario = page, ids[0]
		}
	}
	type shotSpec struct {
		name, path, scenario string
		width                int64
		steps                int
		dark                 bool
		// asOpened keeps the scroll position the page chose (a deep link),
		// full takes the whole page.
		asOpened, full bool
	}
	shots := []shotSpec{
		{"playground-1280", "playground.html#scenario=paging-empty-token&step=7", "paging-empty-token", 1280, 0, false, false, false},
		{"playground-360", "playground.html#scenario=paging-empty-token&step=7", "paging-empty-token", 360, 0, false, false, false},
		{"playground-1280-dark", "playground.html#scenario=disconnect-after-execute&step=99", "disconnect-after-execute", 1280, 0, true, false, false},
		{"playground-http-1280", "playground.html#scenario=ttl-session-expired&step=10", "ttl-session-expired", 1280, 0, false, false, false},
		{"playground-ttl-1280", "playground.html#scenario=ttl-renew&step=6", "ttl-renew", 1280, 0, false, false, false},
		{"playground-stdio-1280", "playground.html#scenario=stdio-banner&step=4", "stdio-banner", 1280, 0, false, false, false},
		// An event stream in reads: one read that ends two events.
		{"playground-sse-1280", "playground.html#scenario=sse-fragmented&step=12", "sse-fragmented", 1280, 0, false, false, false},
		{"playground-choices-360", "playground.html#scenario=paging-normal", "paging-normal", 360, 0, false, true, false},
		// Two sessions at once: the candidate's state and the active one's.
		{"playground-refresh-1280", "playground.html#scenario=catalog-refresh-failed&step=99", "catalog-refresh-failed", 1280, 0, false, false, false},
		// A 2026-07-28 client has no handshake state: STATELESS.
		{"playground-discover-360", "playground.html#scenario=discover-2026&step=5", "discover-2026", 360, 0, false, false, false},
		{"index-1280", "index.html", "", 1280, 0, false, false, false},
		{"index-360", "index.html", "", 360, 0, false, false, false},
		// A deep link opens at its step, with the current row in view.
		{"deeplink-04-1280", "04-catalog.html#scenario=paging-empty-token&step=17", "paging-empty-token", 1280, 0, false, true, false},
		{"deeplink-04-360", "04-catalog.html#scenario=paging-empty-token&step=17", "paging-empty-token", 360, 0, false, true, false},
		// Scheduler traces have no wire: one timeline of steps.
		{"lesson-06-1280", "06-session-expiry.html#scenario=ttl-renew&step=3", "ttl-renew", 1280, 0, false, false, false},
		{"lesson-06-360", "06-session-expiry.html#scenario=ttl-session-expired&step=10", "ttl-session-expired", 360, 0, false, false, false},
		// Long code blocks scroll sideways instead of being cut.
		{"lesson-05-full-1280", "05-paging-failures.html", "", 1280, 0, false, false, true},
	}
	if lesson != "" {
		shots = append(shots,
			shotSpec{"lesson-1280", lesson, lessonScenario, 1280, 4, false, false, false},
			shotSpec{"lesson-360", lesson, lessonScenario, 360, 4, false, false, false},
			shotSpec{"lesson-360-dark", lesson, lessonScenario, 360, 4, true, false, false})
	}
	for _, s := range shots {
		t.Run(s.name, func(t *testing.T) {
			tb := open(t, s.path)
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(s.width, 1000)); err != nil {
				t.Fatal(err)
			}
			if s.dark {
				if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
					t.Fatal(err)
				}
			}
			if s.scenario != "" {
				p := tb.player(s.scenario)
				p.waitLive()
				for range s.steps {
					p.click("step")
				}
			}
			if strings.Contains(s.path, "#") {
				// The page opened at 1280 px; open its link again at this
				// width, as a learner's browser would have.
				eval[chromedp.Void](tb, `window.dispatchEvent(new HashChangeEvent('hashchange'))`)
			}
			shot := chromedp.FullScreenshot(100)
			if s.asOpened {
				shot = chromedp.CaptureScreenshot()
			} else if s.scenario != "" && !s.full {
				// The player, as a learner sees it on screen.
				eval[chromedp.Void](tb, `window.scrollTo(0, `+tb.playerTop(s.scenario)+`)`)
				shot = chromedp.CaptureScreenshot()
			}
			buf, err := chromedp.Run(tb.ctx, shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, s.name+".png"), buf, 0o644); err != nil {
				t.Fatal(err)
			}
			tb.noProblems()
		})
	}
}

// playerTop is a JavaScript expression for the page offset that puts the
// player of scenario id just under the sticky site header.
func (tb *tab) playerTop(id string) string {
	p := tb.player(id)
	return `(` + p.el + `.getBoundingClientRect().top + window.scrollY - (document.querySelector('.site-header') || {offsetHeight: 62}).offsetHeight - 8)`
}

// shotsDir returns $E2E_SHOTS, created, where screenshot tests write PNGs
// for a person to look at; without it they are skipped.
func shotsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("E2E_SHOTS")
	if dir == "" {
		t.Skip("set E2E_SHOTS=/some/dir to write screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestExerciseScreenshots writes the catalog exercise page at 1280 and 360
// px wide, before and after grading a mutant (so that both passing and
// failing checks show), when E2E_SHOTS names a directory.
func TestExerciseScreenshots(t *testing.T) {
	dir := shotsDir(t)
	// The page is long (the statement comes first): each shot scrolls the
	// part it shows to the top of the screen.
	shoot := func(tb *tab, name, selector string) {
		t.Helper()
		eval[chromedp.Void](tb, `(() => { const e = document.querySelector(`+js(selector)+`); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 70); })()`)
		buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, width := range []int64{1280, 360} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			tb := openExercise(t, "catalog")
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, 900)); err != nil {
				t.Fatal(err)
			}
			tb.typeCode(exerciseFile(t, "catalog", "catalog.go"))
			shoot(tb, fmt.Sprintf("exercise-%d-top", width), "h1")
			shoot(tb, fmt.Sprintf("exercise-%d-before", width), "#runner")
			tb.typeCode(mutantSource(t, "catalog", "stops-at-empty.diff"))
			eval[chromedp.Void](tb, `document.querySelector('[data-role=hint]').click()`)
			tb.press("grade", gradeTimeout)
			shoot(tb, fmt.Sprintf("exercise-%d-after-editor", width), ".runner-bar")
			shoot(tb, fmt.Sprintf("exercise-%d-after", width), "[data-testid=score]")
			// An edit after the grade: the results read as the earlier code's.
			tb.typeCode(mutantSource(t, "catalog", "stops-at-empty.diff") + "\n")
			shoot(tb, fmt.Sprintf("exercise-%d-stale", width), "[data-role=results]")
			tb.noProblems()
		})
	}
}
