package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// frameInfo is what a test reads off the current frame.
type frameInfo struct {
	Seq       string `json:"seq"`
	Method    string `json:"method"`
	Direction string `json:"direction"`
	Answers   string `json:"answers"`
	Run       string `json:"run"`
	Bytes     string `json:"bytes"`
	Fields    string `json:"fields"`
}

func (p *player) current() frameInfo {
	p.tb.t.Helper()
	return eval[frameInfo](p.tb, `(() => {
		const f = `+p.el+`;
		const li = f.querySelector('.pl-frame.is-current');
		const b = f.querySelector('[data-testid=frame-bytes]');
		const d = f.querySelector('.inspector-fields');
		if (!li) return {};
		return {seq: li.dataset.seq, method: li.dataset.method, direction: li.dataset.direction || '', answers: li.dataset.answers || '', run: li.dataset.run || '',
			bytes: b ? b.textContent : '', fields: d ? d.textContent : ''};
	})()`)
}

func (p *player) list(testid string) []string {
	p.tb.t.Helper()
	return eval[[]string](p.tb, `[...`+p.el+`.querySelectorAll('[data-testid=`+testid+`] li')].map(li => li.textContent)`)
}

// snapshot is everything the learner sees of the player at one step.
func (p *player) snapshot() string {
	p.tb.t.Helper()
	return eval[string](p.tb, `(() => { const f = `+p.el+`; return [f.dataset.step, f.querySelector('[data-testid=frame-inspector]').textContent, f.querySelector('[data-testid=state-panel]').textContent].join('\n'); })()`)
}

func TestHandshakeStepsToReady(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	if got := p.step(); got != 0 {
		t.Errorf("initial step = %d, want 0", got)
	}
	p.stepUntil("READY")
	cur := p.current()
	if cur.Method != "notifications/initialized" || cur.Direction != "client-to-server" {
		t.Errorf("frame that made the client READY = %+v, want notifications/initialized client-to-server", cur)
	}
	p.seekEnd()
	if got := p.text("client-state"); got != "CLOSED" {
		t.Errorf("client state at the end = %q, want CLOSED", got)
	}
	if got := p.list("catalog"); !slices.Equal(got, []string{"get_stock"}) {
		t.Errorf("catalog = %v, want [get_stock]", got)
	}
	tb.noProblems()
}

func TestPagingEmptyTokenSendsEmptyCursor(t *testing.T) {
	tb := open(t, "playground.html#scenario=paging-empty-token")
	p := tb.player("paging-empty-token")
	// Page 1 is the first tools/list result; the frame after it must carry
	// the empty-string cursor, visible as such in the bytes and the fields.
	page1 := p.stepTo("tools/list result", func(c frameInfo) bool { return c.Method == "result" && c.Answers == "tools/list" })
	if !strings.Contains(page1.Bytes, `"nextCursor":""`) || !strings.Contains(page1.Fields, `result.nextCursor""`) {
		t.Errorf("page 1 = %+v, want \"nextCursor\":\"\" in bytes and fields", page1)
	}
	p.click("step")
	next := p.current()
	if next.Method != "tools/list" || !strings.Contains(next.Bytes, `"cursor":""`) {
		t.Errorf("frame after page 1 = %+v, want tools/list with \"cursor\":\"\"", next)
	}
	if !strings.Contains(next.Fields, `params.cursor""`) {
		t.Errorf("inspector fields = %q, want params.cursor shown as \"\"", next.Fields)
	}
	// The run that sent "" ends with the whole catalog.
	last := eval[int](tb, `(() => { const fr = [...`+p.el+`.querySelectorAll('.pl-frame')]; const run = `+js(page1.Run)+`; let n = 0; fr.forEach((li, i) => { if ((li.dataset.run || '') === run) n = i + 1; }); return n; })()`)
	eval[chromedp.Void](tb, p.q("scrubber")+`.value = `+fmt.Sprint(last)+`; `+p.q("scrubber")+`.dispatchEvent(new Event('input'))`)
	if got := p.list("catalog"); !slices.Equal(got, []string{"alpha", "beta", "gamma"}) {
		t.Errorf("catalog at the end of run %q = %v, want [alpha beta gamma]", page1.Run, got)
	}
	// The last page has no nextCursor at all, and the inspector says absent,
	// not "".
	found := false
	for range 5 {
		if c := p.current(); c.Method == "result" && c.Answers == "tools/list" {
			found = true
			if !strings.Contains(c.Fields, "result.nextCursorabsent") {
				t.Errorf("last page fields = %q, want nextCursor absent", c.Fields)
			}
			break
		}
		p.click("back")
	}
	if !found {
		t.Error("no tools/list result within 5 events of the end of the run")
	}
	tb.noProblems()
}

func TestDisconnectAfterExecuteLeavesOutcomeUnknown(t *testing.T) {
	tb := open(t, "playground.html#scenario=disconnect-after-execute")
	p := tb.player("disconnect-after-execute")
	p.seekEnd()
	statuses := eval[[]string](tb, `[...`+p.el+`.querySelectorAll('[data-testid=outcome]')].map(li => li.dataset.status)`)
	if !slices.Contains(statuses, "UNKNOWN") {
		t.Errorf("outcomes = %v, want one UNKNOWN", statuses)
	}
	if n := eval[int](tb, p.el+`.querySelectorAll('.state-ledger li').length`); n != 1 {
		t.Errorf("ledger has %d entries, want 1 (the handler ran once)", n)
	}
	tb.noProblems()
}

func TestBackReturnsToThePreviousState(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	// Keyboard only: focus the lanes and use the arrows.
	eval[chromedp.Void](tb, p.el+`.querySelector('.pl-lanes').focus()`)
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(tb.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		key(kb.ArrowRight)
	}
	before := p.snapshot()
	if p.step() != 3 {
		t.Fatalf("after three → the step is %d, want 3", p.step())
	}
	key(kb.ArrowRight)
	if after := p.snapshot(); after == before {
		t.Fatalf("Step changed nothing")
	}
	key(kb.ArrowLeft)
	if got := p.snapshot(); got != before {
		t.Errorf("after Back:\n%s\nwant the state before the step:\n%s", got, before)
	}
	p.click("back")
	if p.step() != 2 {
		t.Errorf("after the Back button the step is %d, want 2", p.step())
	}
	key(kb.Home)
	if p.step() != 0 {
		t.Errorf("after Home the step is %d, want 0", p.step())
	}
	tb.noProblems()
}

func TestDeepLinkOpensAtItsStep(t *testing.T) {
	t.Run("playground", func(t *testing.T) {
		tb := open(t, "playground.html#scenario=handshake-version-counteroffer&step=4")
		p := tb.player("handshake-version-counteroffer")
		tb.waitFor(p.el+`.dataset.step === '4'`, 20*time.Second)
		if cur := p.current(); cur.Seq != "4" {
			t.Errorf("current frame seq = %q, want 4", cur.Seq)
		}
		p.click("step")
		if h := eval[string](tb, `location.hash`); !strings.Contains(h, "scenario=handshake-version-counteroffer") || !strings.HasSuffix(h, "step=5") {
			t.Errorf("hash after a step = %q, want the scenario and step=5", h)
		}
		tb.noProblems()
	})
	t.Run("lesson", func(t *testing.T) {
		page, id := firstLesson(t)
		tb := open(t, page+"#scenario="+id+"&step=2")
		p := tb.player(id)
		if got := p.step(); got != 2 {
			t.Errorf("%s: player %s opened at step %d, want 2", page, id, got)
		}
		tb.noProblems()
	})
}

// firstLesson returns a page with baked players and its first scenario.
func firstLesson(t testing.TB) (string, string) {
	t.Helper()
	pages := lessonPages(t)
	var names []string
	for p := range pages {
		if !strings.Contains(p, "playground") {
			names = append(names, p)
		}
	}
	if len(names) == 0 {
		t.Fatal("the site has no page with a baked player")
	}
	slices.Sort(names)
	return names[0], pages[names[0]][0]
}

func TestSpacePlaysAndPauses(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	eval[chromedp.Void](tb, p.el+`.querySelector('.pl-speed').value = '1'`)
	eval[chromedp.Void](tb, p.el+`.querySelector('.pl-lanes').focus()`)
	if err := chromedp.Do(tb.ctx, chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](tb, p.q("play")+`.getAttribute('aria-pressed')`); got != "true" {
		t.Fatalf("after Space the play button is aria-pressed=%s, want true", got)
	}
	tb.waitFor(`Number(`+p.el+`.dataset.step) >= 2`, 20*time.Second)
	if err := chromedp.Do(tb.ctx, chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	paused := p.step()
	if got := eval[string](tb, p.q("play")+`.getAttribute('aria-pressed')`); got != "false" {
		t.Errorf("after a second Space the play button is aria-pressed=%s, want false", got)
	}
	// Stepping by hand after a pause continues from where it stopped.
	p.click("step")
	if p.step() != paused+1 {
		t.Errorf("step after pause = %d, want %d", p.step(), paused+1)
	}
	tb.noProblems()
}
