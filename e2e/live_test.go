package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

func TestLiveRunMatchesEveryScenario(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	for _, id := range scenario.IDs() {
		t.Run(id, func(t *testing.T) {
			eval[chromedp.Void](tb, `(() => { const s = document.querySelector('[data-testid=scenario-picker]'); s.value = `+js(id)+`; s.dispatchEvent(new Event('change')); })()`)
			tb.waitFor(p.el+`.dataset.loaded === `+js(id)+` && `+p.q("live-status")+`.dataset.state !== 'running'`, 30*time.Second)
			st := p.waitLive()
			if st != "live" {
				t.Errorf("%s: status %s (%s), want live", id, st, p.text("player-error"))
			}
		})
	}
	tb.noProblems()
}

func TestPagesGoLiveWithoutErrors(t *testing.T) {
	pages := lessonPages(t)
	for _, page := range sitePages(t) {
		t.Run(page, func(t *testing.T) {
			tb := open(t, page)
			tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
			if strings.Contains(page, "playground") {
				tb.player(eval[string](tb, `(() => { const f = document.querySelector('[data-testid=player]'); return f ? f.dataset.scenario : ''; })()`)).waitLive()
			} else {
				for _, id := range pages[page] {
					p := tb.player(id)
					if st := p.waitLive(); st != "live" {
						t.Errorf("player %s: status %s, want live (%s)", id, st, p.text("player-error"))
					}
				}
			}
			tb.noProblems()
		})
	}
}

func TestSimulatorPanicIsReportedAndRestartable(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	eval[chromedp.Void](tb, `document.dispatchEvent(new CustomEvent('mcp-playground:crash', {detail: 'e2e says boom'}))`)
	tb.waitFor(`!`+p.q("player-error")+`.hidden`, 20*time.Second)
	if msg := p.text("player-error"); !strings.Contains(msg, "panic") || !strings.Contains(msg, "e2e says boom") {
		t.Errorf("error = %q, want the panic message", msg)
	}
	p.click("step")
	if p.step() != 1 {
		t.Errorf("the player stopped working after the panic")
	}
	p.click("restart-sim")
	if st := p.waitLive(); st != "live" {
		t.Errorf("after restart: status %s, want live", st)
	}
	tb.noProblems()
}

func TestPlaygroundRunsChangedParameters(t *testing.T) {
	tb := open(t, "playground.html#scenario=paging-normal")
	p := tb.player("paging-normal")
	p.waitLive()
	eval[chromedp.Void](tb, `document.querySelector('[data-param=pages]').value = '[["x"], ["y", "z"]]'`)
	eval[chromedp.Void](tb, `document.querySelector('[data-testid=run]').click()`)
	tb.waitFor(p.q("live-status")+`.dataset.state === 'custom'`, 30*time.Second)
	p.seekEnd()
	if got := p.list("catalog"); !slices.Equal(got, []string{"x", "y", "z"}) {
		t.Errorf("catalog = %v, want [x y z]", got)
	}
	hash := eval[string](tb, `location.hash`)
	if !strings.Contains(hash, "params=") {
		t.Fatalf("hash %q has no params", hash)
	}
	// The deep link with parameters reproduces the run.
	tb2 := open(t, "playground.html"+hash)
	p2 := tb2.player("paging-normal")
	tb2.waitFor(p2.q("live-status")+`.dataset.state === 'custom'`, 30*time.Second)
	if got := p2.list("catalog"); !slices.Equal(got, []string{"x", "y", "z"}) {
		t.Errorf("deep link with params: catalog = %v, want [x y z]", got)
	}
	// Invalid parameters are refused with the simulator's message.
	eval[chromedp.Void](tb, `document.querySelector('[data-param=max_pages]').value = '-3'`)
	eval[chromedp.Void](tb, `document.querySelector('[data-testid=run]').click()`)
	tb.waitFor(`!document.querySelector('[data-testid=playground-error]').hidden`, 30*time.Second)
	tb.noProblems()
	tb2.noProblems()
}

func TestMismatchIsAVisibleError(t *testing.T) {
	if shared.mismatchOf == "" {
		t.Skip("the site has no baked trace to tamper with")
	}
	tb := open(t, mismatchPage)
	tb.waitFor(`document.querySelector('[data-testid=player] [data-testid=live-status]')`, 20*time.Second)
	p := &player{tb: tb, el: `document.querySelector('[data-testid=player]')`}
	if st := p.waitLive(); st != "mismatch" {
		t.Fatalf("status = %s, want mismatch for a tampered baked trace (copy of %s)", st, shared.mismatchOf)
	}
	if msg := p.text("player-error"); !strings.Contains(msg, "first difference at line ") {
		t.Errorf("error = %q, want it to name the first differing line", msg)
	}
	if eval[bool](tb, p.q("player-error")+`.hidden`) {
		t.Error("the mismatch error is hidden")
	}
	// The baked trace stays usable.
	p.click("step")
	if p.step() != 1 {
		t.Errorf("step after a mismatch = %d, want 1", p.step())
	}
}
