package e2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The simulator when it is wanted: a lesson page steps its recordings with
// no wasm, and starts a build only when a reader asks for a live run (or
// has asked to always run live).

// alwaysLive sets the "always run live" setting through its checkbox, and
// clears it when the test ends: the shared browser keeps localStorage.
func (tb *tab) alwaysLive(on bool) {
	tb.t.Helper()
	tb.waitFor(`!!document.querySelector('[data-testid=always-live]')`, 20*time.Second)
	eval[chromedp.Void](tb, `(() => { const b = document.querySelector('[data-testid=always-live]'); if (b.checked !== `+map[bool]string{true: "true", false: "false"}[on]+`) b.click(); })()`)
	tb.t.Cleanup(func() {
		chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](`localStorage.removeItem('mcp-playground:always-live')`))
	})
}

// workersStarted lists the wasm builds the page started a worker for.
func (tb *tab) workersStarted() []string {
	tb.t.Helper()
	return eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => new URL(e.name)).filter((u) => /worker\.js$/.test(u.pathname)).map((u) => u.searchParams.get('wasm') || 'sim.wasm')`)
}

func TestLessonFetchesNoWasmUntilAsked(t *testing.T) {
	page, id := firstLesson(t)
	tb := open(t, page)
	p := tb.player(id)
	tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
	// Every player steps from the first paint, recorded.
	for _, pid := range lessonPages(t)[page] {
		if st := tb.player(pid).status(); st != "baked" {
			t.Errorf("player %s: status %s before anything was asked, want baked", pid, st)
		}
	}
	p.click("step")
	if p.step() != 1 {
		t.Errorf("step after one Step = %d, want 1", p.step())
	}
	if w := tb.workersStarted(); len(w) != 0 {
		t.Errorf("the lesson started %v before the learner asked for anything live", w)
	}
	// Run live marks that player live, and starts its build only.
	if st := p.waitLive(); st != "live" {
		t.Fatalf("after Run live: status %s, want live (%s)", st, p.text("player-error"))
	}
	if w := tb.workersStarted(); !slices.Equal(w, []string{"sim.wasm"}) && !slices.Equal(w, []string{"sim-http.wasm"}) {
		t.Errorf("after one Run live the page started %v, want one simulator build", w)
	}
	if p.step() != 1 {
		t.Errorf("Run live moved the player to step %d, want it left at 1", p.step())
	}
	tb.noProblems()
}

func TestAlwaysRunLiveIsRemembered(t *testing.T) {
	page, id := firstLesson(t)
	tb := open(t, page)
	tb.player(id)
	tb.alwaysLive(true)
	tb.waitFor(playerExpr(id)+`.querySelector('[data-testid=live-status]').dataset.state === 'live'`, 60*time.Second)
	// Another page opens live by itself.
	tb2 := open(t, page)
	p := tb2.player(id)
	tb2.waitFor(p.q("live-status")+`.dataset.state === 'live'`, 60*time.Second)
	if !eval[bool](tb2, `document.querySelector('[data-testid=always-live]').checked`) {
		t.Error("the setting's checkbox is not checked on the next page")
	}
	tb.noProblems()
	tb2.noProblems()
}
