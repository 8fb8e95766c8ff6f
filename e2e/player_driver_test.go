package e2e

import (
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// playerExpr is a JavaScript expression for the player of scenario id.
func playerExpr(id string) string {
	return fmt.Sprintf(`document.querySelector('[data-testid=player][data-scenario=%s]')`, js(id))
}

// A player drives one player on a tab through its buttons.
type player struct {
	tb *tab
	el string // JavaScript expression for the figure
}

func (tb *tab) player(id string) *player {
	tb.t.Helper()
	p := &player{tb: tb, el: playerExpr(id)}
	// data-loaded names the trace on screen; on the playground data-scenario
	// changes before the trace arrives.
	tb.waitFor(p.el+` && `+p.el+`.dataset.loaded === `+js(id), 30*time.Second)
	if strings.Contains(tb.url, "playground.html") {
		// The playground's one player changes scenario; address it by role.
		p.el = `document.querySelector('[data-testid=player]')`
	}
	return p
}

func (p *player) q(testid string) string {
	return fmt.Sprintf(`%s.querySelector('[data-testid=%s]')`, p.el, testid)
}

func (p *player) click(testid string) {
	p.tb.t.Helper()
	eval[chromedp.Void](p.tb, p.q(testid)+`.click()`)
}

func (p *player) text(testid string) string {
	p.tb.t.Helper()
	return eval[string](p.tb, `(`+p.q(testid)+` || {textContent: ''}).textContent`)
}

func (p *player) step() int {
	p.tb.t.Helper()
	return eval[int](p.tb, `Number(`+p.el+`.dataset.step)`)
}

// status reads the live-status badge's data-state (baked, running, live,
// mismatch, custom, imported, error), not its wording.
func (p *player) status() string {
	p.tb.t.Helper()
	return eval[string](p.tb, p.q("live-status")+`.dataset.state`)
}

// stepUntil presses Step until the client state reads want.
func (p *player) stepUntil(want string) {
	p.tb.t.Helper()
	for range 200 {
		if p.text("client-state") == want {
			return
		}
		if eval[bool](p.tb, p.q("step")+`.disabled`) {
			break
		}
		p.click("step")
	}
	p.tb.t.Fatalf("client state never became %s (last %s)", want, p.text("client-state"))
}

// stepTo presses Step until the current frame matches, and returns it;
// the test fails when the trace ends first. what names the frame sought.
func (p *player) stepTo(what string, match func(frameInfo) bool) frameInfo {
	p.tb.t.Helper()
	for range 200 {
		if eval[bool](p.tb, p.q("step")+`.disabled`) {
			break
		}
		p.click("step")
		if c := p.current(); match(c) {
			return c
		}
	}
	p.tb.t.Fatalf("no %s in the trace", what)
	return frameInfo{}
}

// seekEnd moves to the last event.
func (p *player) seekEnd() {
	p.tb.t.Helper()
	eval[chromedp.Void](p.tb, `(() => { const r = `+p.el+`.querySelector('input[type=range]'); r.value = r.max; r.dispatchEvent(new Event('input', {bubbles: true})); })()`)
}

// waitLive waits until the player's live run finished and reports its
// status. A lesson player showing its recording runs live only when asked:
// waitLive presses its Run live button first, as a learner would.
func (p *player) waitLive() string {
	p.tb.t.Helper()
	eval[chromedp.Void](p.tb, `(() => { const b = `+p.q("run-live")+`; if (b && !b.hidden && `+p.q("live-status")+`.dataset.state === 'baked') b.click(); })()`)
	p.tb.waitFor(`['live','mismatch','error','custom'].includes(`+p.q("live-status")+`.dataset.state)`, 60*time.Second)
	return p.status()
}
