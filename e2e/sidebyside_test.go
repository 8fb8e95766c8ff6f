package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestSideBySideEveryPair(t *testing.T) {
	for _, pair := range eraPairs(t) {
		a, b := pair[0], pair[1]
		t.Run(a.ID+"_"+b.ID, func(t *testing.T) {
			// Opened from either side, the older era is on the left.
			tb := open(t, "playground.html#scenario="+b.ID+"&view=compare&step=1")
			p := tb.player(b.ID)
			sbs := p.el + `.querySelector('[data-testid=side-by-side]')`
			tb.waitFor(sbs+` && !`+sbs+`.hidden && `+sbs+`.dataset.row === '1'`, 20*time.Second)
			if l, r := eval[string](tb, sbs+`.dataset.left`), eval[string](tb, sbs+`.dataset.right`); l != a.ID || r != b.ID {
				t.Errorf("side by side = %s | %s, want %s | %s", l, r, a.ID, b.ID)
			}
			rows := eval[int](tb, sbs+`.querySelectorAll('[data-testid=sbs-row]').length`)
			if rows == 0 {
				t.Fatal("no rows")
			}
			// Every event of both traces is on exactly one row.
			for side, id := range map[int]string{1: a.ID, 2: b.ID} {
				steps := eval[[]string](tb, `[...`+sbs+`.querySelectorAll('[data-testid=sbs-row] > .sbs-cell:nth-of-type(`+itoa(side)+`)')].map((c) => c.dataset.step).filter(Boolean)`)
				for i, s := range steps {
					if s != itoa(i+1) {
						t.Errorf("%s: row cells list steps %v, want 1…n in order", id, steps)
						break
					}
				}
			}
			eval[chromedp.Void](tb, sbs+`.querySelector('[data-testid=sbs-step]').click()`)
			if h := eval[string](tb, `location.hash`); h != "#scenario="+b.ID+"&view=compare&step=2" {
				t.Errorf("hash after Step = %q, want view=compare&step=2", h)
			}
			if n := eval[int](tb, sbs+`.querySelectorAll('.sbs-detail .sbs-inspector').length`); n != 2 {
				t.Errorf("%d inspectors under the rows, want one per era", n)
			}
			// Back to one era.
			eval[chromedp.Void](tb, p.q("side-by-side-toggle")+`.click()`)
			tb.waitFor(sbs+`.hidden && !`+p.el+`.querySelector('.pl-main').hidden`, 10*time.Second)
			if h := eval[string](tb, `location.hash`); strings.Contains(h, "view=") {
				t.Errorf("hash after closing = %q, want no view", h)
			}
			tb.noProblems()
		})
	}
}

func TestSideBySideHandshakeOnLesson(t *testing.T) {
	page := handshakePage(t)
	for _, width := range []int64{1280, 360} {
		t.Run(itoa(int(width)), func(t *testing.T) {
			tb := open(t, page)
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, 900)); err != nil {
				t.Fatal(err)
			}
			p := tb.player("handshake-ok")
			p.click("side-by-side-toggle")
			sbs := p.el + `.querySelector('[data-testid=side-by-side]')`
			tb.waitFor(sbs+` && !`+sbs+`.hidden`, 20*time.Second)
			type row struct{ L, R string }
			rows := eval[[]row](tb, `[...`+sbs+`.querySelectorAll('[data-testid=sbs-row]')].map((r) => { const c = r.querySelectorAll('.sbs-cell'); return {L: c[0].dataset.method || '', R: c[1].dataset.method || ''}; })`)
			has := func(l, r string) bool { return slices.Contains(rows, row{l, r}) }
			if !has("initialize", "server/discover") || !has("tools/list", "tools/list") {
				t.Errorf("rows %v: want initialize beside server/discover and tools/list beside tools/list", rows)
			}
			if h := eval[string](tb, `location.hash`); h != "#scenario=handshake-ok&view=compare&step=0" {
				t.Errorf("hash = %q, want view=compare&step=0", h)
			}
			for range 2 {
				p.click("sbs-step")
			}
			if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			tb.waitFor(sbs+` && !`+sbs+`.hidden && `+sbs+`.dataset.row === '2'`, 30*time.Second)
			// Readable: nothing wider than the screen; at 360 px each row
			// stacks its two eras.
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
				t.Errorf("page is %d px wide at %d px", w, width)
			}
			stacked := eval[bool](tb, `(() => { const c = `+sbs+`.querySelectorAll('[data-testid=sbs-row]')[1].querySelectorAll('.sbs-cell'); return c[1].getBoundingClientRect().top >= c[0].getBoundingClientRect().bottom - 1; })()`)
			if stacked != (width < 600) {
				t.Errorf("at %d px the two eras of a row are stacked = %v", width, stacked)
			}
			tb.noProblems()
		})
	}
}
