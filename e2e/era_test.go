package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// These tests cover the two protocol eras in the page: a player's era
// switch (a scenario's counterpart in one click, kept in the hash), the
// playground's era filter, the side-by-side view of both eras, and the
// era tags on the index. They are generic over scenario.Info.Counterpart:
// every pair the build knows is compared side by side.

// eraInfo is the part of scenarios.json these tests read.
type eraInfo struct {
	ID          string `json:"id"`
	Lesson      string `json:"lesson"`
	Era         string `json:"era"`
	Counterpart string `json:"counterpart"`
}

func eraInfos(t *testing.T) map[string]eraInfo {
	t.Helper()
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	b, err := os.ReadFile(filepath.Join(shared.dir, "scenarios.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []eraInfo
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	m := map[string]eraInfo{}
	for _, in := range list {
		m[in.ID] = in
	}
	return m
}

// eraPairs lists every counterpart pair once, older era first, sorted.
func eraPairs(t *testing.T) [][2]eraInfo {
	infos := eraInfos(t)
	var pairs [][2]eraInfo
	for _, in := range infos {
		o, ok := infos[in.Counterpart]
		if !ok || in.Era >= o.Era {
			continue
		}
		pairs = append(pairs, [2]eraInfo{in, o})
	}
	slices.SortFunc(pairs, func(a, b [2]eraInfo) int { return strings.Compare(a[0].ID, b[0].ID) })
	if len(pairs) == 0 {
		t.Fatal("no scenario names a counterpart in scenarios.json")
	}
	return pairs
}

// handshakePage is the lesson page that plays handshake-ok.
func handshakePage(t *testing.T) string {
	t.Helper()
	for page, ids := range lessonPages(t) {
		if !strings.Contains(page, "playground") && slices.Contains(ids, "handshake-ok") {
			return page
		}
	}
	t.Fatal("no lesson plays handshake-ok")
	return ""
}

// eraButton is the era switch's button for era in player p.
func (p *player) eraButton(era string) string {
	return p.el + `.querySelector('[data-testid=era-switch] button[data-era=` + js(era) + `]')`
}

// currentMethod is the method of the player's current row.
func (p *player) currentMethod() string {
	p.tb.t.Helper()
	return eval[string](p.tb, `((`+p.el+`.querySelector('.pl-frame.is-current') || {dataset: {}}).dataset.method || '')`)
}

func TestEraSwitchOnLesson(t *testing.T) {
	infos := eraInfos(t)
	ok, disc := infos["handshake-ok"], infos["discover-2026"]
	if ok.Counterpart != "discover-2026" || disc.Counterpart != "handshake-ok" {
		t.Fatalf("handshake-ok ↔ discover-2026 are not counterparts in scenarios.json: %+v %+v", ok, disc)
	}
	page := handshakePage(t)

	for _, fetched := range []bool{false, true} {
		name := "counterpart on the page"
		if fetched {
			name = "counterpart fetched from traces/"
		}
		t.Run(name, func(t *testing.T) {
			tb := open(t, page)
			p := tb.player("handshake-ok")
			if st := p.waitLive(); st != "live" {
				t.Fatalf("handshake-ok status %s, want live", st)
			}
			if fetched {
				// Without a player of discover-2026 on the page, the trace
				// must come from the build's traces/ directory.
				eval[chromedp.Void](tb, `document.querySelectorAll('figure.player[data-scenario="discover-2026"]').forEach((f) => f.remove())`)
			}
			for range 20 {
				if p.currentMethod() == "tools/list" {
					break
				}
				p.click("step")
			}
			if m := p.currentMethod(); m != "tools/list" {
				t.Fatalf("never reached tools/list in handshake-ok (at %q)", m)
			}
			if !eval[bool](tb, p.eraButton("2025-11-25")+`.getAttribute('aria-pressed') === 'true'`) {
				t.Error("the 2025-11-25 button is not pressed while handshake-ok is shown")
			}
			eval[chromedp.Void](tb, p.eraButton("2026-07-28")+`.click()`)
			tb.waitFor(p.el+`.dataset.loaded === 'discover-2026'`, 20*time.Second)
			// The same situation's step: tools/list in both eras.
			if m := p.currentMethod(); m != "tools/list" {
				t.Errorf("after the switch the current row is %q, want tools/list", m)
			}
			step := p.step()
			if h := eval[string](tb, `location.hash`); h != "#scenario=handshake-ok&era=2026-07-28&step="+itoa(step) {
				t.Errorf("hash after the switch = %q, want scenario=handshake-ok&era=2026-07-28&step=%d", h, step)
			}
			if !eval[bool](tb, p.eraButton("2026-07-28")+`.getAttribute('aria-pressed') === 'true'`) {
				t.Error("the 2026-07-28 button is not pressed after the switch")
			}
			// The caption names what is on screen.
			if c := eval[string](tb, p.el+`.querySelector('figcaption .player-era').textContent`); c != "2026-07-28" {
				t.Errorf("caption era after the switch = %q, want 2026-07-28", c)
			}
			if c := eval[string](tb, p.el+`.querySelector('figcaption a.player-open').getAttribute('href')`); !strings.HasSuffix(c, "#scenario=discover-2026") {
				t.Errorf("caption link after the switch = %q, want the playground at discover-2026", c)
			}
			if st := p.waitLive(); st != "live" {
				t.Errorf("discover-2026 after the switch: status %s, want live (verified by the page's simulator)", st)
			}
			// What the page asked for (served by the network or by the
			// service worker's cache alike).
			paths := eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)`)
			got := slices.Contains(paths, "/traces/discover-2026.jsonl")
			if got != fetched {
				t.Errorf("requested /traces/discover-2026.jsonl = %v, want %v (requests: %v)", got, fetched, paths)
			}

			// The hash keeps the choice.
			if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			tb.waitFor(playerExpr("handshake-ok")+` && `+playerExpr("handshake-ok")+`.dataset.loaded === 'discover-2026' && `+playerExpr("handshake-ok")+`.dataset.step === '`+itoa(step)+`'`, 30*time.Second)

			// And back, in one click.
			eval[chromedp.Void](tb, p.eraButton("2025-11-25")+`.click()`)
			tb.waitFor(p.el+`.dataset.loaded === 'handshake-ok'`, 20*time.Second)
			if m := p.currentMethod(); m != "tools/list" {
				t.Errorf("after switching back the current row is %q, want tools/list", m)
			}
			if h := eval[string](tb, `location.hash`); strings.Contains(h, "era=") || !strings.HasPrefix(h, "#scenario=handshake-ok") {
				t.Errorf("hash after switching back = %q, want handshake-ok without an era", h)
			}
			tb.noProblems()
		})
	}
}

func TestEraSwitchOnPlayground(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	eval[chromedp.Void](tb, p.eraButton("2026-07-28")+`.click()`)
	tb.waitFor(p.el+`.dataset.loaded === 'discover-2026'`, 20*time.Second)
	if v := eval[string](tb, `document.querySelector('[data-testid=scenario-picker]').value`); v != "discover-2026" {
		t.Errorf("picker = %q after the era switch, want discover-2026", v)
	}
	if h := eval[string](tb, `location.hash`); !strings.HasPrefix(h, "#scenario=discover-2026") {
		t.Errorf("hash = %q, want scenario=discover-2026", h)
	}
	// A scenario without a counterpart has no switch.
	eval[chromedp.Void](tb, `(() => { const s = document.querySelector('[data-testid=scenario-picker]'); s.value = 'ttl-renew'; s.dispatchEvent(new Event('change')); })()`)
	tb.waitFor(p.el+`.dataset.loaded === 'ttl-renew'`, 20*time.Second)
	if eval[bool](tb, `(() => { const b = `+p.el+`.querySelector('.pl-erabar'); return !b.hidden && b.offsetParent !== null; })()`) {
		if eraInfos(t)["ttl-renew"].Counterpart == "" {
			t.Error("ttl-renew has no counterpart but the player offers an era switch")
		}
	}
	tb.noProblems()
}

func TestEraFilter(t *testing.T) {
	infos := eraInfos(t)
	want := 0
	for _, in := range infos {
		if in.Era == "2026-07-28" {
			want++
		}
	}
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	const filter = `document.querySelector('[data-testid=era-filter]')`
	setFilter := func(era string) {
		eval[chromedp.Void](tb, `(() => { const s = `+filter+`; s.value = `+js(era)+`; s.dispatchEvent(new Event('change')); })()`)
	}
	picked := func() (eras []string) {
		return eval[[]string](tb, `[...document.querySelectorAll('[data-testid=scenario-picker] option')].map((o) => o.dataset.era)`)
	}
	visible := func() []string {
		return eval[[]string](tb, `[...document.querySelectorAll('.scenario-nav a[data-scenario]')].filter((a) => a.offsetParent !== null).map((a) => a.dataset.era)`)
	}
	check := func(what string) {
		t.Helper()
		for _, list := range [][]string{picked(), visible()} {
			if len(list) != want {
				t.Errorf("%s: %d scenarios listed, want the %d of 2026-07-28", what, len(list), want)
			}
			for _, e := range list {
				if e != "2026-07-28" {
					t.Errorf("%s: a %s scenario is listed under the 2026-07-28 filter", what, e)
					break
				}
			}
		}
		for _, label := range eval[[]string](tb, `[...document.querySelectorAll('[data-testid=scenario-picker] optgroup')].map((g) => g.label)`) {
			if !strings.HasSuffix(label, " · 2026-07-28") {
				t.Errorf("%s: picker group %q, want lesson · era", what, label)
			}
		}
	}

	setFilter("2026-07-28")
	// handshake-ok is 2025-11-25: its counterpart takes its place.
	tb.waitFor(p.el+`.dataset.loaded === 'discover-2026'`, 20*time.Second)
	check("after choosing the filter")
	if h := eval[string](tb, `location.hash`); !strings.Contains(h, "filter=2026-07-28") || !strings.HasPrefix(h, "#scenario=discover-2026") {
		t.Errorf("hash = %q, want scenario=discover-2026 with filter=2026-07-28", h)
	}
	p.click("step")
	if h := eval[string](tb, `location.hash`); !strings.Contains(h, "filter=2026-07-28") {
		t.Errorf("hash after Step = %q, lost the filter", h)
	}

	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`document.querySelector('[data-testid=player]') && document.querySelector('[data-testid=player]').dataset.loaded === 'discover-2026' && `+filter+`.value === '2026-07-28'`, 30*time.Second)
	check("after a reload")

	setFilter("")
	tb.waitFor(`document.querySelectorAll('[data-testid=scenario-picker] option').length === `+itoa(len(infos)), 10*time.Second)
	if n := len(visible()); n != len(infos) {
		t.Errorf("all eras: %d scenarios in the list, want %d", n, len(infos))
	}
	if h := eval[string](tb, `location.hash`); strings.Contains(h, "filter=") {
		t.Errorf("hash = %q with every era shown, want no filter", h)
	}
	tb.noProblems()
}

func TestEraTagsOnIndex(t *testing.T) {
	infos := eraInfos(t)
	tb := open(t, "index.html")
	type card struct {
		Lesson string
		Eras   []string
	}
	cards := eval[[]card](tb, `[...document.querySelectorAll('.lesson-card')].map((c) => ({Lesson: c.dataset.lesson, Eras: [...c.querySelectorAll('[data-testid=era-tag]')].map((e) => e.dataset.era)}))`)
	if len(cards) == 0 {
		t.Fatal("no lesson cards")
	}
	pages := lessonPages(t)
	for _, c := range cards {
		if len(c.Eras) == 0 {
			t.Errorf("lesson %s: no era tag", c.Lesson)
		}
		for _, id := range pages[c.Lesson+".html"] {
			if e := infos[id].Era; !slices.Contains(c.Eras, e) {
				t.Errorf("lesson %s plays %s (%s) but its card says %v", c.Lesson, id, e, c.Eras)
			}
		}
	}
	tb.noProblems()
}

// TestEraScreenshots writes PNGs of the era switch, the era filter and the
// side-by-side view at 1280 and 360 px into $E2E_SHOTS.
func TestEraScreenshots(t *testing.T) {
	dir := shotsDir(t)
	page := handshakePage(t)
	type shot struct {
		name, path string
		ready      string // JavaScript: true when the page shows it
		scrollTo   string // JavaScript: the element to put under the header, or ""
	}
	sbsOpen := `(document.querySelector('[data-testid=side-by-side]:not([hidden])'))`
	var shots []shot
	for _, w := range []string{"1280", "360"} {
		shots = append(shots,
			shot{"era-switch-" + w, page + "#scenario=handshake-ok&era=2026-07-28&step=5",
				playerExpr("handshake-ok") + `.dataset.loaded === 'discover-2026'`, playerExpr("handshake-ok")},
			shot{"era-filter-" + w, "playground.html#scenario=discover-2026&filter=2026-07-28&step=2",
				`document.querySelector('[data-testid=player]').dataset.loaded === 'discover-2026'`, ""},
			shot{"era-filter-nav-" + w, "playground.html#scenario=discover-2026&filter=2026-07-28&step=2",
				`document.querySelector('[data-testid=player]').dataset.loaded === 'discover-2026'`, `document.querySelector('.scenario-nav')`},
			shot{"side-by-side-" + w, page + "#scenario=handshake-ok&view=compare&step=2",
				sbsOpen, playerExpr("handshake-ok")},
			shot{"side-by-side-detail-" + w, page + "#scenario=handshake-ok&view=compare&step=2",
				sbsOpen, sbsOpen + `.querySelector('.sbs-detail')`},
			shot{"index-eras-" + w, "index.html", `document.querySelector('[data-testid=era-tag]')`, `document.querySelector('.outline')`},
		)
		// A pair outside the handshake: a paging shape when there is one.
		pairs := eraPairs(t)
		pick := slices.IndexFunc(pairs, func(p [2]eraInfo) bool { return p[0].ID == "paging-empty-token" })
		if pick < 0 {
			pick = slices.IndexFunc(pairs, func(p [2]eraInfo) bool { return p[0].ID != "handshake-ok" })
		}
		if pick >= 0 {
			id := pairs[pick][0].ID
			shots = append(shots, shot{"side-by-side-" + id + "-" + w, "playground.html#scenario=" + id + "&view=compare&step=4", sbsOpen, `document.querySelector('[data-testid=player]')`})
		}
	}
	for _, s := range shots {
		t.Run(s.name, func(t *testing.T) {
			tb := open(t, s.path)
			width := int64(1280)
			if strings.HasSuffix(s.name, "-360") {
				width = 360
			}
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, 1000)); err != nil {
				t.Fatal(err)
			}
			tb.waitFor(s.ready, 30*time.Second)
			tb.painted()
			if s.scrollTo != "" {
				eval[chromedp.Void](tb, `window.scrollTo(0, `+s.scrollTo+`.getBoundingClientRect().top + window.scrollY - 70)`)
				tb.painted()
			}
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
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

func itoa(n int) string { return strconv.Itoa(n) }
