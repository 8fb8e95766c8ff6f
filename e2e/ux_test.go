package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/scenario"

	"github.com/chromedp/chromedp"
)

// These tests cover what a reviewer saw learners trip on: where a deep
// link leaves the lanes, how the inspector explains an empty cursor and an
// HTTP exchange, how a trace without a wire is drawn, the playground's
// enumerated parameters, and which simulator build a page fetches.

func TestDeepLinkShowsItsFrameInTheLanes(t *testing.T) {
	const link = "04-catalog.html#scenario=paging-empty-token&step=17"
	tb := open(t, link)
	p := tb.player("paging-empty-token")
	tb.waitFor(p.el+`.dataset.step === '17'`, 20*time.Second)
	inBox := eval[bool](tb, `(() => {
		const box = `+p.el+`.querySelector('.pl-lanes').getBoundingClientRect();
		const li = `+p.el+`.querySelector('.pl-frame.is-current').getBoundingClientRect();
		return li.top >= box.top - 1 && li.bottom <= box.bottom + 1;
	})()`)
	if !inBox {
		t.Errorf("%s: the current row is outside the lanes box", link)
	}
	// Opening a link is not a learner action: the hash stays as written.
	if h := eval[string](tb, `location.hash`); h != "#scenario=paging-empty-token&step=17" {
		t.Errorf("hash after opening = %q, want it unchanged", h)
	}
	p.click("back")
	if h := eval[string](tb, `location.hash`); !strings.HasSuffix(h, "step=16") {
		t.Errorf("hash after Back = %q, want step=16", h)
	}
	tb.noProblems()
}

func TestEmptyCursorSentBackIsExplainedAsTheEcho(t *testing.T) {
	tb := open(t, "playground.html#scenario=paging-empty-token")
	p := tb.player("paging-empty-token")
	c := p.stepTo(`tools/list with "cursor":""`, func(c frameInfo) bool {
		return c.Method == "tools/list" && strings.Contains(c.Bytes, `"cursor":""`)
	})
	if !strings.Contains(c.Fields, "sent back unchanged") || strings.Contains(c.Fields, "reject it") {
		t.Errorf("fields for the echoed \"\" cursor = %q, want it named as the previous nextCursor sent back", c.Fields)
	}
	tb.noProblems()
}

func TestLabelsNameStepsAndIDsApart(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok&step=2")
	p := tb.player("handshake-ok")
	tb.waitFor(p.el+`.dataset.step === '2'`, 20*time.Second)
	// A no-break space keeps "id" and its value on one line.
	label := strings.ReplaceAll(eval[string](tb, p.el+`.querySelector('.pl-frame.is-current .pl-label').textContent`), "\u00a0", " ")
	seq := eval[string](tb, p.el+`.querySelector('.pl-frame.is-current .pl-seq').textContent`)
	head := eval[string](tb, p.el+`.querySelector('.inspector-head').textContent`)
	if strings.Contains(label, "#") || !strings.Contains(label, "id 1") {
		t.Errorf("label = %q, want the JSON-RPC id as \"id 1\" and no #", label)
	}
	if seq != "2" || !strings.HasPrefix(head, "step 2") {
		t.Errorf("step column %q, inspector head %q; want 2 and \"step 2 …\"", seq, head)
	}
	tb.noProblems()
}

func TestLiveStatusSaysWhatItMeans(t *testing.T) {
	page, id := firstLesson(t)
	tb := open(t, page)
	p := tb.player(id)
	// Said in words on the page, not only in a tooltip (no touch screen
	// shows one): recorded first, then run in this browser.
	if st, text, line := p.status(), p.text("live-status"), p.text("trace-source"); st != "baked" || text != "recorded" || !strings.Contains(line, "Nothing has run in your browser yet") {
		t.Errorf("before Run live: status %s, badge %q, line %q; want baked, \"recorded\" and a line saying nothing ran here", st, text, line)
	}
	if !eval[bool](tb, p.q("trace-source")+`.getBoundingClientRect().height > 0`) {
		t.Error("the line that says what the trace is takes no space on screen")
	}
	if st := p.waitLive(); st != "live" {
		t.Fatalf("status %s, want live", st)
	}
	text, line := p.text("live-status"), p.text("trace-source")
	if text != "ran in your browser" || !strings.Contains(line, "byte for byte") {
		t.Errorf("live badge = %q, line %q; want \"ran in your browser\" and a line that explains it", text, line)
	}
	if !eval[bool](tb, p.q("run-live")+`.hidden`) {
		t.Error("Run live is still offered once the trace ran live")
	}
	tb.noProblems()
}

func TestSchedulerTraceIsOneTimeline(t *testing.T) {
	tb := open(t, "playground.html#scenario=ttl-renew")
	p := tb.player("ttl-renew")
	if !eval[bool](tb, p.el+`.querySelector('.pl-diagram').classList.contains('is-timeline')`) {
		t.Error("ttl-renew (no direction on any event) is drawn as two lanes")
	}
	if heads := eval[string](tb, p.el+`.querySelector('.pl-lane-heads').textContent`); strings.Contains(heads, "client") {
		t.Errorf("lane heads = %q, want one timeline", heads)
	}
	// A trace with a wire keeps its lanes.
	eval[chromedp.Void](tb, `(() => { const s = document.querySelector('[data-testid=scenario-picker]'); s.value = 'handshake-ok'; s.dispatchEvent(new Event('change')); })()`)
	tb.waitFor(p.el+`.dataset.loaded === 'handshake-ok'`, 20*time.Second)
	if eval[bool](tb, p.el+`.querySelector('.pl-diagram').classList.contains('is-timeline')`) {
		t.Error("handshake-ok is drawn as a timeline, want client and server lanes")
	}
	tb.noProblems()
}

func TestHTTPExchangeReadsAsHTTP(t *testing.T) {
	tb := open(t, "playground.html#scenario=ttl-session-expired")
	p := tb.player("ttl-session-expired")
	for range 60 {
		p.click("step")
		ev := p.text("trace-event")
		if strings.Contains(ev, " 404") {
			if !strings.HasPrefix(ev, "HTTP/1.1 404") {
				t.Errorf("trace event = %q, want a status line", ev)
			}
			if strings.Contains(p.text("frame-inspector"), `{"status":404}`) {
				t.Error("the inspector still shows the trace payload {\"status\":404} as if it were wire bytes")
			}
			tb.noProblems()
			return
		}
	}
	t.Fatal("no HTTP 404 in ttl-session-expired")
}

func TestPlaygroundOffersTheWordsAParameterTakes(t *testing.T) {
	tb := open(t, "playground.html#scenario=paging-normal")
	tb.player("paging-normal")
	opts := eval[[]string](tb, `[...document.querySelectorAll('select[data-param=twist] option')].map(o => o.textContent)`)
	if len(opts) == 0 || opts[0] != "(none)" || !slices.Contains(opts, "invalid-cursor") {
		t.Errorf("twist options = %q, want (none) first and invalid-cursor among them", opts)
	}
	if v := eval[string](tb, `document.querySelector('select[data-param=twist]').value`); v != "" {
		t.Errorf("twist = %q, want the preset's (none)", v)
	}
	if n := eval[int](tb, `document.querySelectorAll('select[data-param=client]').length`); n != 1 {
		t.Errorf("%d selects for client, want 1", n)
	}
	tb.noProblems()
}

// TestOnlyHTTPScenariosFetchTheHTTPBuild checks that the streamable HTTP
// build (sim-http.wasm) is started by a page that runs an HTTP scenario
// live and by no other, and that a lesson running every player live (the
// "always run live" setting) which needs it starts only it (it runs every
// scenario). The wasm is fetched inside the worker, outside the page's
// timeline: the worker's URL names the build it hosts.
func TestOnlyHTTPScenariosFetchTheHTTPBuild(t *testing.T) {
	pages := lessonPages(t)
	runtime := map[string]string{}
	for _, in := range scenario.List() {
		runtime[in.ID] = in.Runtime
	}
	var plain, withHTTP string
	for page, ids := range pages {
		if strings.Contains(page, "playground") {
			continue
		}
		if slices.ContainsFunc(ids, func(id string) bool { return runtime[id] == scenario.RuntimeHTTP }) {
			if withHTTP == "" || page < withHTTP {
				withHTTP = page
			}
		} else if plain == "" || page < plain {
			plain = page
		}
	}
	if withHTTP == "" {
		t.Fatal("no lesson page shows a scenario of the larger build")
	}
	type want struct {
		page                string
		wantHTTP, wantPlain bool
	}
	cases := []want{
		{"playground.html#scenario=handshake-ok", false, true},
		{withHTTP, true, false},
		{"playground.html#scenario=ttl-session-expired", true, false},
	}
	if plain != "" {
		cases = append(cases, want{plain, false, true})
	}
	for _, tc := range cases {
		t.Run(tc.page, func(t *testing.T) {
			tb := open(t, tc.page)
			if strings.Contains(tc.page, "playground") {
				tb.player(strings.TrimPrefix(tc.page, "playground.html#scenario=")).waitLive()
			} else {
				tb.alwaysLive(true)
				for _, id := range pages[tc.page] {
					if st := tb.player(id).waitLive(); st != "live" {
						t.Errorf("player %s: status %s, want live", id, st)
					}
				}
			}
			workers := eval[[]string](tb, `performance.getEntriesByType('resource').map((e) => new URL(e.name)).filter((u) => u.pathname.endsWith('/worker.js')).map((u) => u.searchParams.get('wasm') || 'sim.wasm')`)
			gotHTTP := slices.Contains(workers, "sim-http.wasm")
			gotPlain := slices.Contains(workers, "sim.wasm")
			if gotHTTP != tc.wantHTTP || gotPlain != tc.wantPlain {
				t.Errorf("%s started sim-http.wasm %v, sim.wasm %v; want %v, %v (workers: %v)", tc.page, gotHTTP, gotPlain, tc.wantHTTP, tc.wantPlain, workers)
			}
			tb.noProblems()
		})
	}
}

// TestEveryModuleIsPreloaded checks the modulepreload links, which
// cmd/buildsite derives from app.js's static imports, against the modules
// a page actually loads: a module reached some other way would be missed.
func TestEveryModuleIsPreloaded(t *testing.T) {
	page, id := firstLesson(t)
	tb := open(t, page)
	tb.player(id).waitLive()
	got := eval[[]string](tb, `[...document.querySelectorAll('link[rel=modulepreload]')].map(l => new URL(l.href).pathname.split('/').pop()).sort()`)
	loaded := eval[[]string](tb, `[...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.endsWith('.js')).map(p => p.split('/').pop()))].filter(n => n !== 'app.js' && n !== 'sw.js' && !n.endsWith('worker.js')).sort()`)
	if !slices.Equal(got, loaded) {
		t.Errorf("modulepreload links %v, modules loaded %v: cmd/buildsite's moduleGraph misses an import", got, loaded)
	}
	tb.noProblems()
}

func TestBeforeTheFirstStepShowsTheStartingState(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok&step=0")
	p := tb.player("handshake-ok")
	tb.waitFor(p.el+`.dataset.step === '0'`, 20*time.Second)
	head := eval[string](tb, p.el+`.querySelector('.pl-side').textContent`)
	if got := p.text("client-state"); got != "NEW" || !strings.Contains(head, "before the first step") {
		t.Errorf("at step 0: client %q, panel %q; want NEW under \"State before the first step\"", got, head)
	}
	tb.noProblems()
}
