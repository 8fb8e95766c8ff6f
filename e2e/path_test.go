package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Tests of a learner's path through the site (issue 15): the places where
// the keyboard, the progress marks or the panels used to mislead.

// TestKeyboardKeepsFocusInThePlayerAtTheEnds steps to the end with Enter on
// the Step button and with End: the Step button is then disabled, and
// focus must stay in the player (not fall to the body), so that Home
// resets the player instead of scrolling the page.
func TestKeyboardKeepsFocusInThePlayerAtTheEnds(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(tb.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	inPlayer := func() bool {
		return eval[bool](tb, p.el+`.contains(document.activeElement) && document.activeElement !== document.body`)
	}
	n := eval[int](tb, p.el+`.querySelectorAll('.pl-lanes > li').length`)
	// Enter on the focused Step button, to the last step.
	eval[chromedp.Void](tb, p.q("step")+`.focus()`)
	for range n {
		key(kb.Enter)
	}
	if p.step() != n {
		t.Fatalf("after %d × Enter on Step the step is %d, want %d", n, p.step(), n)
	}
	if !inPlayer() {
		t.Errorf("at the end of the trace focus is on %s, want it in the player", eval[string](tb, `document.activeElement.tagName`))
	}
	key(kb.Home)
	if p.step() != 0 {
		t.Errorf("after Home the step is %d, want 0 (the player reset)", p.step())
	}
	if !inPlayer() {
		t.Errorf("after Home (Reset disabled) focus is on %s, want it in the player", eval[string](tb, `document.activeElement.tagName`))
	}
	// End from the Step button.
	eval[chromedp.Void](tb, p.q("step")+`.focus()`)
	key(kb.End)
	if p.step() != n || !inPlayer() {
		t.Errorf("after End: step %d (want %d), focus in the player %v", p.step(), n, inPlayer())
	}
	key(kb.Home)
	if p.step() != 0 {
		t.Errorf("after End, Home: step %d, want 0", p.step())
	}
	tb.noProblems()
}

// TestLessonCountsAsReadAtItsEnd: opening a lesson does not mark it read;
// reaching its end does. The home page's "Start the course" button never
// takes a read mark.
func TestLessonCountsAsReadAtItsEnd(t *testing.T) {
	pages := lessonPages(t)
	var lesson string
	for p := range pages {
		if lesson == "" || p < lesson {
			lesson = p
		}
	}
	if lesson == "" {
		t.Skip("no lesson pages")
	}
	slug := strings.TrimSuffix(lesson, ".html")
	tb := open(t, lesson)
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
	read := func() bool {
		return eval[bool](tb, `(JSON.parse(localStorage.getItem('mcp-playground:lessons-read') || '[]')).includes(`+js(slug)+`)`)
	}
	eval[chromedp.Void](tb, `localStorage.removeItem('mcp-playground:lessons-read')`)
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
	// Two frames later an observer that would fire on load has fired.
	eval[chromedp.Void](tb, `requestAnimationFrame(() => requestAnimationFrame(() => { window.e2eTicked = true; }))`)
	tb.waitFor(`window.e2eTicked === true`, 10*time.Second)
	if read() {
		t.Errorf("%s counts as read as soon as it is opened", lesson)
	}
	eval[chromedp.Void](tb, `document.querySelector('article.lesson .pager').scrollIntoView()`)
	tb.waitFor(`document.body.dataset.lessonRead === 'true'`, 10*time.Second)
	if !read() {
		t.Errorf("%s does not count as read after its end was reached", lesson)
	}

	home := open(t, "index.html")
	home.waitFor(`document.querySelector('[data-testid=progress] .progress-item')`, 20*time.Second)
	got := eval[map[string]string](home, `(() => ({button: document.querySelector('.hero-actions .button-primary').textContent,
		card: (document.querySelector('.lesson-list a[href$="`+lesson+`"]') || {textContent: ''}).textContent,
		progress: document.querySelector('[data-testid=progress]').textContent}))()`)
	if got["button"] != "Start the course" {
		t.Errorf("the home page button reads %q, want \"Start the course\"", got["button"])
	}
	if !strings.Contains(got["card"], "✓") {
		t.Errorf("the lesson card %q has no read mark", got["card"])
	}
	if !strings.Contains(got["progress"], "1 of ") {
		t.Errorf("progress %q, want 1 lesson read", got["progress"])
	}
	tb.noProblems()
	home.noProblems()
}

// TestNarrowTimeColumnKeepsItsUnit: at 360 px the lanes' time column still
// says "ms", so that it cannot be read as a second step number.
func TestNarrowTimeColumnKeepsItsUnit(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok&step=4")
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(360, 780)); err != nil {
		t.Fatal(err)
	}
	p := tb.player("handshake-ok")
	got := eval[map[string]any](tb, `(() => { const li = `+p.el+`.querySelector('.pl-lanes > li:not(.is-future)'); const t = li.querySelector('.pl-time'); const u = t.querySelector('.pl-time-unit');
		const tb = t.getBoundingClientRect(), ub = u.getBoundingClientRect();
		return {shown: getComputedStyle(u).display !== 'none' && ub.width > 0, inside: ub.left >= tb.left - 0.5 && ub.right <= tb.right + 0.5 && ub.bottom <= tb.bottom + 0.5, text: t.innerText}; })()`)
	if got["shown"] != true || got["inside"] != true || !strings.Contains(got["text"].(string), "ms") {
		t.Errorf("at 360 px the time cell reads %q (unit shown %v, inside the cell %v), want its ms", got["text"], got["shown"], got["inside"])
	}
	tb.noProblems()
}

// TestStatePanelLeavesOutAProtocolTheTraceNeverNames: the HTTP session
// scenarios record the session, not the negotiated version; after a
// successful initialize the panel must not read "protocol —".
func TestStatePanelLeavesOutAProtocolTheTraceNeverNames(t *testing.T) {
	tb := open(t, "playground.html#scenario=ttl-session-expired&step=6")
	p := tb.player("ttl-session-expired")
	if txt := p.text("state-panel"); strings.Contains(txt, "protocol—") || strings.Contains(txt, "protocol —") {
		t.Errorf("state panel of ttl-session-expired reads %q: a protocol it never records", txt)
	}
	tb2 := open(t, "playground.html#scenario=handshake-ok&step=3")
	p2 := tb2.player("handshake-ok")
	if txt := p2.text("state-panel"); !strings.Contains(txt, "protocol") {
		t.Errorf("state panel of handshake-ok reads %q, want the protocol it records", txt)
	}
	tb.noProblems()
	tb2.noProblems()
}

// TestYoursLinkWithoutItsRunShowsTheScenario: a failing check's link whose
// run this browser does not hold (shared, or storage cleared) opens the
// scenario and says why the learner's run is missing.
func TestYoursLinkWithoutItsRunShowsTheScenario(t *testing.T) {
	tb := open(t, "playground.html#scenario=paging-repeat&yours=catalog%2Fnot-a-check")
	p := tb.player("paging-repeat")
	if v := eval[string](tb, p.el+`.dataset.view || ''`); v != "" {
		t.Errorf("view = %q, want the scenario on its own", v)
	}
	msg := eval[string](tb, `document.querySelector('[data-testid=playground-error]').textContent`)
	if !strings.Contains(msg, "not kept in this browser") {
		t.Errorf("playground error = %q, want it to say the run is missing", msg)
	}
	tb.noProblems()
}
