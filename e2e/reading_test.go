package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// These tests cover issue 23: a long lesson keeps the reader's place (the
// contents at hand, players that stop at the lesson's question, deep
// links, one trace-file menu per player), a newcomer knows where they are
// (lesson 1's introduction, the header at 360 px), the exercise workspace
// (line numbers, code blocks, the check list) and what the playground says
// it shows. Each runs at 1280 and 360 px where the layout differs, and in
// both editions where the words do.

// widths are the two viewports a reader brings: a laptop and a phone.
var widths = []struct {
	name string
	w, h int64
}{{"1280", 1280, 900}, {"360", 360, 740}}

// editions are the page prefixes of the English and Chinese editions.
var editions = []string{"", "zh/"}

// openAt opens path in a tab of its own (see newTab) already at width ×
// height (0: the browser's own size), as a reader's browser would: a page
// laid out at another width and then resized lands a deep link elsewhere.
func openAt(t testing.TB, path string, width, height int64) *tab {
	t.Helper()
	ctx := newTab(t)
	// The tab's whole life: every wait has its own, shorter bound, and a
	// test that walks every scenario in one tab needs minutes on a loaded
	// machine.
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancelT)
	tb := &tab{t: t, ctx: ctx, url: shared.srv.URL + "/" + path}
	if err := chromedp.Listen(ctx, tb.listen); err != nil {
		t.Fatal(err)
	}
	if width > 0 {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(tb.url)); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return tb
}

// shot writes the viewport as name.png into $E2E_SHOTS, when it is set.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	dir := os.Getenv("E2E_SHOTS")
	if dir == "" {
		return
	}
	tb.painted()
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

func TestLessonContentsFollowTheReader(t *testing.T) {
	for _, ed := range editions {
		for _, w := range widths {
			t.Run(ed+w.name, func(t *testing.T) {
				// A 2026-07-28 case of lesson 5, once a bold label: now a
				// heading with an anchor, listed in the contents.
				tb := openAt(t, ed+"05-paging-failures.html#a-repeated-cursor", w.w, w.h)
				tb.waitFor(`document.querySelector('[data-role=toc] a[aria-current]')`, 10*time.Second)
				tb.painted()
				current := eval[string](tb, `document.querySelector('[data-role=toc] a[aria-current]').getAttribute('href')`)
				if current != "#a-repeated-cursor" {
					t.Errorf("the contents mark %s as the section being read, want #a-repeated-cursor", current)
				}
				left := eval[string](tb, `document.querySelector('.toc-toggle [data-role=toc-left], .toc-status [data-role=toc-left]').textContent`)
				if !strings.Contains(left, "%") {
					t.Errorf("how much is left reads %q, want a percentage", left)
				}
				// In view while reading, whatever the width.
				inView := eval[bool](tb, `(() => { const n = document.querySelector('[data-role=toc]'); const box = (getComputedStyle(n.querySelector('.toc-toggle')).display === 'none' ? n.querySelector('.toc-body') : n.querySelector('.toc-toggle')).getBoundingClientRect(); return box.top >= 0 && box.top < innerHeight / 2 && box.height > 0; })()`)
				if !inView {
					t.Error("the contents are not on screen at a section deep in the lesson")
				}
				side := eval[bool](tb, `document.querySelector('.toc-body').getBoundingClientRect().right <= document.querySelector('.prose').getBoundingClientRect().left`)
				bar := eval[bool](tb, `getComputedStyle(document.querySelector('.toc-toggle')).display !== 'none'`)
				if w.w == 1280 && (!side || bar) {
					t.Errorf("at 1280 px: side column %v, compact bar %v; want a side column", side, bar)
				}
				if w.w == 360 {
					if !bar {
						t.Fatal("at 360 px there is no compact contents bar")
					}
					if eval[bool](tb, `document.querySelector('.toc-body').getBoundingClientRect().height > 0`) {
						t.Error("at 360 px the contents list is open before the reader asks")
					}
					tb.shot("toc-" + strings.TrimSuffix(ed, "/") + w.name + "-closed")
					eval[chromedp.Void](tb, `document.querySelector('.toc-toggle').click()`)
					tb.painted()
					if !eval[bool](tb, `document.querySelector('.toc-body').getBoundingClientRect().height > 100`) {
						t.Error("at 360 px the contents bar does not open the list")
					}
				}
				tb.shot("toc-" + strings.TrimSuffix(ed, "/") + w.name)
				tb.noProblems()
			})
		}
	}
}

func TestHeaderNameDoesNotRunIntoTheLinks(t *testing.T) {
	for _, ed := range editions {
		t.Run(ed+"360", func(t *testing.T) {
			tb := openAt(t, ed+"index.html", 360, 740)
			gap := eval[float64](tb, `document.querySelector('.site-links').getBoundingClientRect().left - document.querySelector('.brand span').getBoundingClientRect().right`)
			if gap < 0 {
				t.Errorf("the course name runs %.0f px under the links", -gap)
			}
			if over := eval[float64](tb, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
				t.Errorf("the page is %.0f px wider than the screen", over)
			}
			tb.shot("header-" + strings.TrimSuffix(ed, "/") + "360")
		})
	}
}

func TestLessonOneSaysWhatMCPIsFor(t *testing.T) {
	for _, ed := range editions {
		for _, w := range widths {
			t.Run(ed+w.name, func(t *testing.T) {
				tb := openAt(t, ed+"01-handshake.html#what-mcp-is-for", w.w, w.h)
				// Before the handshake: the section, its picture, the two
				// revisions and the three source articles.
				order := eval[bool](tb, `(() => { const a = document.getElementById('what-mcp-is-for'), b = document.getElementById('the-three-messages-2025-11-25'); return !!a && !!b && !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING); })()`)
				if !order {
					t.Error("no \"what MCP is for\" section before the handshake")
				}
				for _, id := range []string{"two-revisions-side-by-side", "where-this-course-comes-from"} {
					if !eval[bool](tb, `!!document.getElementById(`+js(id)+`)`) {
						t.Errorf("no #%s", id)
					}
				}
				fig := eval[[]float64](tb, `(() => { const s = document.querySelector('[data-testid=diagram] svg'); if (!s) return []; const r = s.getBoundingClientRect(); return [r.width, r.height, s.querySelectorAll('text').length]; })()`)
				if len(fig) != 3 || fig[0] < 200 || fig[1] < 60 || fig[2] < 8 {
					t.Errorf("the picture of hosts, clients and servers: %v (width, height, labels)", fig)
				}
				if over := eval[float64](tb, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
					t.Errorf("the page is %.0f px wider than the screen", over)
				}
				articles := eval[int](tb, `document.querySelectorAll('#where-this-course-comes-from ~ ul')[0].querySelectorAll(':scope > li').length`)
				if articles != 3 {
					t.Errorf("%d source articles named, want 3", articles)
				}
				tb.shot("intro-" + strings.TrimSuffix(ed, "/") + w.name)
				tb.noProblems()
			})
		}
	}
}

func TestStatePanelBesideTheFrames(t *testing.T) {
	// Lesson 1 says to watch the client state panel change as the frames go by.
	tb := openAt(t, "01-handshake.html#scenario=handshake-ok", 1280, 900)
	p := tb.player("handshake-ok")
	tb.painted()
	r := eval[[]float64](tb, `(() => { const f = `+p.el+`; const lanes = f.querySelector('.pl-diagram').getBoundingClientRect(), st = f.querySelector('[data-testid=state-panel]').getBoundingClientRect(), step = f.querySelector('[data-testid=step]').getBoundingClientRect(); return [lanes.right, st.left, st.bottom, step.top]; })()`)
	if r[1] < r[0] {
		t.Errorf("the state panel starts at x=%.0f, left of the frames' right edge %.0f: it is under them, not beside", r[1], r[0])
	}
	if r[2] > 900 || r[3] < 0 {
		t.Errorf("with the player at the top, the state panel ends at y=%.0f (step button at %.0f): off a 900 px screen", r[2], r[3])
	}
	tb.shot("state-beside-1280")
	tb.noProblems()
}

func TestPlayStopsAtTheLessonsQuestion(t *testing.T) {
	for _, ed := range editions {
		t.Run(strings.TrimSuffix(ed, "/")+"play", func(t *testing.T) {
			tb := openAt(t, ed+"01-handshake.html", 1280, 900)
			p := tb.player("handshake-ok")
			if got := eval[string](tb, p.el+`.dataset.pause`); got != "3" {
				t.Fatalf("handshake-ok's player pauses at %q, want 3 (\"Stop at step 3\")", got)
			}
			eval[chromedp.Void](tb, `(() => { const s = `+p.el+`.querySelector('.pl-speed'); s.value = '4'; s.dispatchEvent(new Event('change')); })()`)
			p.click("play")
			tb.waitFor(p.q("play")+`.getAttribute('aria-pressed') === 'false'`, 20*time.Second)
			if s := p.step(); s != 3 {
				t.Errorf("Play stopped at step %d, want 3", s)
			}
			if eval[bool](tb, p.q("pause-note")+`.hidden`) {
				t.Error("Play stopped without saying why")
			}
			// Play again goes on to the end.
			p.click("play")
			tb.waitFor(p.q("play")+`.getAttribute('aria-pressed') === 'false'`, 20*time.Second)
			if s, n := p.step(), eval[int](tb, `Number(`+p.q("scrubber")+`.max)`); s != n {
				t.Errorf("the second Play stopped at %d of %d", s, n)
			}
			tb.noProblems()
		})
	}
}

func TestOneTraceFileMenuPerPlayer(t *testing.T) {
	tb := openAt(t, "05-paging-failures.html", 1280, 900)
	tb.player("paging-repeat")
	r := eval[[]int](tb, `(() => { const ps = [...document.querySelectorAll('[data-testid=player]')]; const menus = ps.filter((p) => p.querySelectorAll('details[data-testid=io-menu]').length === 1).length; const shown = [...document.querySelectorAll('[data-testid=export], [data-testid=export-conformance], [data-testid=import]')].filter((b) => b.checkVisibility()).length; return [ps.length, menus, shown]; })()`)
	if r[0] == 0 || r[1] != r[0] || r[2] != 0 {
		t.Errorf("%d players, %d with one trace-file menu, %d export/import buttons on show; want one closed menu each", r[0], r[1], r[2])
	}
	tb.noProblems()
}

func TestDeepLinkOpensWithThePlayerInView(t *testing.T) {
	const link = "05-paging-failures.html#scenario=paging-2026-cycle&step=4"
	for _, ed := range editions {
		for _, w := range widths {
			t.Run(ed+w.name, func(t *testing.T) {
				tb := openAt(t, ed+link, w.w, w.h)
				p := tb.player("paging-2026-cycle")
				tb.waitFor(p.el+`.dataset.step === '4'`, 20*time.Second)
				tb.painted()
				r := eval[[]float64](tb, `(() => { const f = `+p.el+`.getBoundingClientRect(); const cover = Math.max(document.querySelector('.site-header').getBoundingClientRect().bottom, ...[...document.querySelectorAll('.toc-toggle')].filter((b) => getComputedStyle(b).display !== 'none').map((b) => b.getBoundingClientRect().bottom)); return [f.top, cover]; })()`)
				if r[0] < r[1]-1 || r[0] > float64(w.h)/3 {
					t.Errorf("the player's top is at y=%.0f with the sticky bars ending at %.0f: not in view", r[0], r[1])
				}
				tb.shot("deeplink-" + strings.TrimSuffix(ed, "/") + w.name)
				tb.noProblems()
			})
		}
	}
}

func TestEditorLineNumbersScrollWithTheCode(t *testing.T) {
	tb := openAt(t, "exercises/catalog.html", 1280, 900)
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, 20*time.Second)
	var src strings.Builder
	src.WriteString("package catalog\n")
	for i := 2; i <= 90; i++ {
		src.WriteString("// line " + itoa(i) + "\n")
	}
	tb.typeCode(src.String())
	r := eval[[]float64](tb, `(() => { const ta = document.querySelector('[data-testid=editor]'), g = document.querySelector('[data-role=lines]'); ta.scrollTop = ta.scrollHeight; ta.dispatchEvent(new Event('scroll')); const lh = parseFloat(getComputedStyle(ta).lineHeight); return [ta.getBoundingClientRect().height, g.getBoundingClientRect().height, document.querySelector('.editor').getBoundingClientRect().height, ta.scrollTop, g.scrollTop, lh]; })()`)
	if r[1] > r[0]+1 || r[2] > r[0]+3 {
		t.Errorf("with 90 lines the numbers are %.0f px tall and the editor %.0f px, beside a %.0f px textarea: the gutter grew", r[1], r[2], r[0])
	}
	if d := r[4] - r[3]; d < -r[5]/2 || d > r[5]/2 {
		t.Errorf("scrolled to the end, the code is at %.0f px and its numbers at %.0f px", r[3], r[4])
	}
	// The number beside the last line is the number of lines.
	lines := itoa(strings.Count(src.String(), "\n") + 1)
	last := eval[string](tb, `(() => { const ta = document.querySelector('[data-testid=editor]'), g = document.querySelector('[data-role=lines]'); const lh = parseFloat(getComputedStyle(ta).lineHeight); const pad = parseFloat(getComputedStyle(ta).paddingTop); const row = Math.floor((ta.scrollTop + ta.clientHeight - pad - lh) / lh); return g.textContent.split('\n')[row]; })()`)
	if last != lines {
		t.Errorf("the number at the bottom of the scrolled editor is %q, want %s", last, lines)
	}
	tb.shot("editor-scrolled-1280")
}

func TestExerciseCodeBlocksAreNotClipped(t *testing.T) {
	for _, ed := range editions {
		for _, w := range widths {
			t.Run(ed+w.name, func(t *testing.T) {
				tb := openAt(t, ed+"exercises/catalog.html", w.w, w.h)
				r := eval[[]float64](tb, `(() => { const pres = [...document.querySelectorAll('.prose pre')]; const cut = pres.filter((p) => p.scrollWidth > p.clientWidth + 1); const scrolls = cut.every((p) => ['auto', 'scroll'].includes(getComputedStyle(p).overflowX)); return [pres.length, cut.length, scrolls ? 1 : 0, document.documentElement.scrollWidth - innerWidth]; })()`)
				if r[0] == 0 {
					t.Fatal("no code blocks on the catalog exercise")
				}
				if w.w == 1280 && r[1] != 0 {
					t.Errorf("at 1280 px %.0f of %.0f code blocks are cut off", r[1], r[0])
				}
				if r[2] != 1 || r[3] > 0 {
					t.Errorf("a wide code block does not scroll in its own box (scrolls %v, page wider by %.0f px)", r[2] == 1, r[3])
				}
				eval[chromedp.Void](tb, `document.querySelector('.prose pre').scrollIntoView({block: 'center'})`)
				tb.shot("api-" + strings.TrimSuffix(ed, "/") + w.name)
			})
		}
	}
}

func TestCheckListUpdatesInPlace(t *testing.T) {
	tb := openAt(t, "exercises/catalog.html", 1280, 900)
	tb.waitFor(`!!(document.getElementById('runner') && document.getElementById('runner').runner)`, 20*time.Second)
	// The runner's own rendering, fed the grader's progress reports in turn:
	// the row of a finished check (and the link in it) must stay the node
	// it was while the other checks report.
	kept := eval[[]bool](tb, `(() => {
		const r = document.getElementById('runner').runner;
		const names = r.data.checks.map((c) => c.name);
		const fail = { name: names[0], status: 'fail', message: 'wrong', scenario: 'paging-normal', step: 3 };
		r.showChecks([fail], { running: names[1] });
		const row = r.el.checks.querySelector('[data-check="' + names[0] + '"]');
		const link = row.querySelector('a');
		const waiting = r.el.checks.querySelector('[data-check="' + names[2] + '"]');
		r.showChecks([fail, { name: names[1], status: 'pass' }], { running: names[2] });
		const sameAfterProgress = row.isConnected && link.isConnected;
		const waitingReplaced = !waiting.isConnected;
		r.showChecks([fail, ...names.slice(1).map((name) => ({ name, status: 'pass' }))]);
		const order = [...r.el.checks.children].map((li) => li.dataset.check).join() === names.join();
		return [sameAfterProgress, row.isConnected && link.isConnected, waitingReplaced, order];
	})()`)
	want := []string{"the failing row survives a progress report", "the failing row survives the final report", "a waiting row becomes running", "rows stay in the configured order"}
	for i, ok := range kept {
		if !ok {
			t.Errorf("check list: not so that %s", want[i])
		}
	}
	tb.noProblems()
}

func TestPlaygroundSaysWhatItShows(t *testing.T) {
	for _, ed := range editions {
		for _, w := range widths {
			t.Run(ed+w.name, func(t *testing.T) {
				tb := openAt(t, ed+"playground.html#scenario=paging-empty-token", w.w, w.h)
				p := tb.player("paging-empty-token")
				if st := p.waitLive(); st != "live" {
					t.Fatalf("the playground's run: %s", st)
				}
				set := func(v string) {
					eval[chromedp.Void](tb, `(() => { const i = document.querySelector('[data-param=max_pages]'); i.value = `+js(v)+`; i.dispatchEvent(new Event('input', {bubbles: true})); })()`)
				}
				set("5")
				if st, prev, hash := p.status(), eval[string](tb, p.el+`.dataset.previous || ''`), eval[string](tb, `decodeURIComponent(location.hash)`); st != "previous" || prev != "true" || !strings.Contains(hash, `"max_pages":5`) {
					t.Errorf("after changing max_pages: badge %s, previous %q, URL %s; want the trace marked as the previous run and the URL holding the change", st, prev, hash)
				}
				eval[chromedp.Void](tb, p.el+`.scrollIntoView({block: 'start'})`)
				tb.shot("playground-edited-" + strings.TrimSuffix(ed, "/") + w.name)
				set("10")
				if st, hash := p.status(), eval[string](tb, `location.hash`); st != "live" || strings.Contains(hash, "params") {
					t.Errorf("back at the preset: badge %s, URL %s; want live and no params", st, hash)
				}
				set("5")
				eval[chromedp.Void](tb, `document.querySelector('[data-testid=run]').click()`)
				tb.waitFor(p.q("live-status")+`.dataset.state === 'custom'`, 60*time.Second)
				if prev := eval[string](tb, p.el+`.dataset.previous || ''`); prev != "" {
					t.Errorf("after Run live the trace is still marked as the previous run")
				}
				// An imported trace: the heading names it and no parameters
				// pretend to describe it.
				p.importFile(runJSONL(t, "handshake-ok"))
				tb.waitFor(p.q("live-status")+`.dataset.state === 'imported'`, 20*time.Second)
				title := eval[string](tb, `(document.querySelector('[data-testid=imported-title]') || {textContent: ''}).textContent`)
				formShown := eval[bool](tb, `!document.querySelector('.pg-form').hidden`)
				if !strings.Contains(title, "trace.jsonl") || formShown {
					t.Errorf("after Import: heading %q, parameters shown %v; want the file named and no parameters", title, formShown)
				}
				eval[chromedp.Void](tb, `document.querySelector('.pg-about').scrollIntoView({block: 'start'})`)
				tb.shot("playground-imported-" + strings.TrimSuffix(ed, "/") + w.name)
				tb.noProblems()
			})
		}
	}
}

func TestOfflinePlaygroundOpensOnTheRecording(t *testing.T) {
	first, _, _ := twoLessons(t)
	b := newOwnBrowser(t, shared.dir)
	tb := b.open(first)
	tb.offlineReady() // lessons kept; no simulator yet
	// The playground opened once online, on a scenario of sim.wasm: it is
	// kept, with every recorded trace, and so is sim.wasm, which it ran.
	// Offline, a scenario of the build it never ran (sim-http.wasm).
	tb.navigate(b.srv.URL, "playground.html#scenario=paging-empty-token")
	tb.waitFor(`document.querySelector('[data-testid=offline-status]') && document.querySelector('[data-testid=offline-status]').dataset.traces === 'all'`, offlineWait)
	b.offline(tb)
	const id = "discover-fallback"
	tb.navigate(b.srv.URL, "playground.html#scenario="+id)
	p := tb.player(id)
	tb.waitFor(p.q("player-error")+`.dataset.kind === 'offline'`, 60*time.Second)
	// The notice comes from the simulator's death (app.js); the badge
	// changes when the run that died rejects, a moment later on a loaded
	// machine.
	tb.waitFor(p.q("live-status")+`.dataset.state !== 'running'`, 30*time.Second)
	if st := p.status(); st != "baked" {
		t.Errorf("offline, the playground's badge says %s, want the recording (baked)", st)
	}
	if msg := p.text("player-error"); !strings.Contains(msg, "not saved for offline use") {
		t.Errorf("offline notice %q, want it to say the simulator is not saved yet", msg)
	}
	if eval[bool](tb, `!!document.querySelector('[data-testid=restart-sim]')`) {
		t.Error("offline, the player offers Restart simulator")
	}
	eval[chromedp.Void](tb, p.el+`.scrollIntoView({block: 'start'})`)
	tb.shot("playground-offline-1280")
	// Back online: offer to keep the simulator for offline use.
	b.gz.down.Store(false)
	if err := tb.emulateOffline(false); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`!!`+p.q("keep-sim-offline"), 30*time.Second)
	eval[chromedp.Void](tb, p.el+`.scrollIntoView({block: 'start'})`)
	tb.shot("playground-online-again-1280")
}
