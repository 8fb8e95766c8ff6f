package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
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

// importFile sets the player's file input to a file holding text.
func (p *player) importFile(text string) {
	p.tb.t.Helper()
	path := filepath.Join(p.tb.t.TempDir(), "trace.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		p.tb.t.Fatal(err)
	}
	sel := fmt.Sprintf(`[data-testid=player][data-scenario=%s] [data-testid=import-file]`, js(eval[string](p.tb, p.el+`.dataset.scenario`)))
	if err := chromedp.Do(p.tb.ctx, chromedp.SetUploadFiles(chromedp.CSS(sel), []string{path})); err != nil {
		p.tb.t.Fatal(err)
	}
}

func runJSONL(t *testing.T, id string) string {
	t.Helper()
	res, err := scenario.Run(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.JSONL()
}

func finalClient(t *testing.T, id string) string {
	t.Helper()
	res, err := scenario.Run(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Final().Client; c != "" {
		return c
	}
	return "—"
}

// conformanceOnly strips every line to the fields other tools record.
func conformanceOnly(t *testing.T, jsonl string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(jsonl) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if string(m["kind"]) != `"message"` {
			continue
		}
		out := map[string]json.RawMessage{}
		for _, k := range []string{"seq", "direction", "transport", "kind", "payload"} {
			out[k] = m[k]
		}
		enc, _ := json.Marshal(out)
		b.Write(enc)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestImportedTraceReplays(t *testing.T) {
	tests := []struct {
		name       string
		trace      string
		wantFrames int
		wantClient string // client state at the end
	}{
		{"full trace", runJSONL(t, "handshake-request-before-init"), strings.Count(runJSONL(t, "handshake-request-before-init"), "\n"), finalClient(t, "handshake-request-before-init")},
		{"conformance fields only", conformanceOnly(t, runJSONL(t, "handshake-ok")), strings.Count(conformanceOnly(t, runJSONL(t, "handshake-ok")), "\n"), "—"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := open(t, "playground.html#scenario=handshake-ok")
			p := tb.player("handshake-ok")
			p.waitLive()
			p.importFile(tc.trace)
			tb.waitFor(p.q("live-status")+`.dataset.state === 'imported'`, 20*time.Second)
			if n := eval[int](tb, p.el+`.querySelectorAll('.pl-frame').length`); n != tc.wantFrames {
				t.Errorf("imported %d events, want %d", n, tc.wantFrames)
			}
			p.seekEnd()
			if got := p.text("client-state"); got != tc.wantClient {
				t.Errorf("client state at the end = %q, want %q", got, tc.wantClient)
			}
			p.click("back")
			if p.step() != tc.wantFrames-1 {
				t.Errorf("Back after import: step %d, want %d", p.step(), tc.wantFrames-1)
			}
			tb.noProblems()
		})
	}
}

func TestBrokenImportNamesTheLine(t *testing.T) {
	good := strings.SplitAfter(runJSONL(t, "handshake-ok"), "\n")
	tests := []struct {
		name, line3, want string
	}{
		{"truncated JSON", `{"seq":3,"kind":"message"`, "line 3: invalid JSON"},
		{"not an object", `[1,2,3]`, "line 3: not a JSON object"},
		{"unknown kind", `{"seq":3,"kind":"telepathy"}`, `line 3: unknown kind "telepathy"`},
		{"message without direction", `{"seq":3,"kind":"message","payload":{}}`, "line 3: message without a direction"},
		{"missing seq", `{"kind":"note"}`, `line 3: missing "seq"`},
	}
	// One page for every case: each failed import must leave it usable for
	// the next.
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p.tb.t = t
			p.click("reset")
			p.importFile(good[0] + good[1] + tc.line3 + "\n" + good[3])
			tb.waitFor(`!`+p.q("player-error")+`.hidden && `+p.q("player-error")+`.textContent.includes(`+js(tc.want)+`)`, 20*time.Second)
			// The page stays usable: the trace shown before is still there.
			p.click("step")
			p.click("step")
			if p.step() != 2 || p.status() != "live" {
				t.Errorf("after a failed import: step %d status %s, want 2 and live", p.step(), p.status())
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

func TestImportedMarkupStaysText(t *testing.T) {
	const evil = `<img src=x onerror=alert(1)>`
	name := `<script>alert(2)</script>`
	req := map[string]any{"seq": 1, "direction": "client-to-server", "transport": "in-memory", "kind": "message",
		"payload": map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}
	res := map[string]any{"seq": 2, "direction": "server-to-client", "transport": "in-memory", "kind": "message",
		"payload": map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"tools": []any{map[string]any{"name": name, "description": evil, "inputSchema": map[string]any{"type": "object"}}}}},
		"note":    evil,
		"state":   map[string]any{"client": evil, "catalog": []string{name, evil}, "error": evil}}
	var b strings.Builder
	for _, ev := range []any{req, res} {
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(ev)
	}
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	p.importFile(b.String())
	tb.waitFor(p.q("live-status")+`.dataset.state === 'imported'`, 20*time.Second)
	p.seekEnd()
	if got := p.list("catalog"); !slices.Equal(got, []string{name, evil}) {
		t.Errorf("catalog = %q, want the names as text", got)
	}
	if cur := p.current(); !strings.Contains(cur.Bytes, evil) {
		t.Errorf("frame bytes = %q, want the description as text", cur.Bytes)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=player] img, img[src=x], [data-testid=player] script:not(.baked-trace)').length`); n != 0 {
		t.Errorf("the import created %d img or script elements", n)
	}
	tb.noProblems() // includes: no dialog opened
}

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

var quizAttr = regexp.MustCompile(`data-quiz="?([^"\s>]+)`)

func TestQuizGradesAndRemembers(t *testing.T) {
	var page, quiz string
	for _, pg := range sitePages(t) {
		b, _ := os.ReadFile(filepath.Join(shared.dir, filepath.FromSlash(pg)))
		if m := quizAttr.FindSubmatch(b); m != nil {
			page, quiz = pg, string(m[1])
			break
		}
	}
	if page == "" {
		t.Skip("no page has a quiz")
	}
	tb := open(t, page)
	q := `document.querySelector('[data-quiz=` + js(quiz) + `]')`
	tb.waitFor(q+` && `+q+`.querySelector('.quiz-result')`, 20*time.Second)
	eval[chromedp.Void](tb, q+`.querySelector('.quiz-choice[data-correct=false]').click()`)
	marks := func(tb *tab) map[string]any {
		return eval[map[string]any](tb, `(() => { const q = `+q+`; const wrong = q.querySelector('.quiz-choice[data-correct=false]'); const right = q.querySelector('.quiz-choice[data-correct=true]');
		return {wrong: wrong.classList.contains('is-wrong'), right: right.classList.contains('is-correct'),
			wrongWhy: !wrong.parentElement.querySelector('.quiz-why').hidden, rightWhy: !right.parentElement.querySelector('.quiz-why').hidden,
			reveal: !q.querySelector('[data-testid=quiz-reveal]').hidden}; })()`)
	}
	// A wrong pick says why it is wrong and leaves the right answer to
	// find: another try, or "Show the answer".
	want := map[string]any{"wrong": true, "right": false, "wrongWhy": true, "rightWhy": false, "reveal": true}
	if got := marks(tb); !maps.Equal(got, want) {
		t.Errorf("after a wrong answer %v, want %v", got, want)
	}
	eval[chromedp.Void](tb, q+`.querySelector("[data-testid=quiz-reveal]").click()`)
	want = map[string]any{"wrong": true, "right": true, "wrongWhy": true, "rightWhy": true, "reveal": false}
	if got := marks(tb); !maps.Equal(got, want) {
		t.Errorf("after Show the answer %v, want %v", got, want)
	}
	tb2 := open(t, page)
	tb2.waitFor(q+` && `+q+`.querySelector('.quiz-choice.is-wrong')`, 20*time.Second)
	if got := marks(tb2); !maps.Equal(got, want) {
		t.Errorf("after a reload %v, want %v (what was shown stays shown)", got, want)
	}
	tb3 := open(t, "index.html")
	tb3.waitFor(`document.querySelector('[data-testid=progress]') && /quiz/.test(document.querySelector('[data-testid=progress]').textContent)`, 20*time.Second)
	if txt := eval[string](tb3, `document.querySelector('[data-testid=progress]').textContent`); !strings.Contains(txt, "lesson") {
		t.Errorf("progress = %q, want lessons read", txt)
	}
	for _, x := range []*tab{tb, tb2, tb3} {
		x.noProblems()
	}
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

func TestExportDownloadsTheTraceShown(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	path, got := tb.download(func() { p.click("export") }, "handshake-ok.jsonl")
	if want := runJSONL(t, "handshake-ok"); string(got) != want {
		t.Errorf("exported trace differs from the scenario's trace:\n%s\nwant:\n%s", got, want)
	}
	if filepath.Base(path) != "handshake-ok.jsonl" {
		t.Errorf("downloaded as %s, want handshake-ok.jsonl", filepath.Base(path))
	}
	tb.noProblems()
}

// download runs click, which must start a download, and returns the
// downloaded file's path and bytes. fallback names the file when Chromium
// reports no path.
func (tb *tab) download(click func(), fallback string) (string, []byte) {
	t := tb.t
	t.Helper()
	dir := t.TempDir()
	done := make(chan string, 1)
	if err := chromedp.ListenBrowser(tb.ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- e.FilePath:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	events := true
	if _, err := chromedp.CallBrowser(tb.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &events}); err != nil {
		t.Fatal(err)
	}
	click()
	var path string
	select {
	case path = <-done:
	case <-tb.ctx.Done():
		t.Fatal("no download completed")
	}
	if path == "" {
		path = filepath.Join(dir, fallback)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, got
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
