package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

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
