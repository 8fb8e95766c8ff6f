package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestQuizScreenshots writes a quiz after a wrong pick and after "Show the
// answer", at 1280 and 360 px, into $E2E_SHOTS for a person to look at.
func TestQuizScreenshots(t *testing.T) {
	dir := shotsDir(t)
	for _, width := range []int64{1280, 360} {
		tb := open(t, "01-handshake.html")
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		q := `document.querySelector('[data-testid=quiz]')`
		tb.waitFor(q+` && `+q+`.querySelector('.quiz-result')`, 20*time.Second)
		eval[chromedp.Void](tb, q+`.querySelector('.quiz-choice[data-correct=false]').click()`)
		eval[chromedp.Void](tb, `window.scrollTo(0, `+q+`.getBoundingClientRect().top + window.scrollY - 70)`)
		for _, stage := range []string{"wrong", "revealed"} {
			if stage == "revealed" {
				eval[chromedp.Void](tb, q+`.querySelector('[data-testid=quiz-reveal]').click()`)
			}
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, "quiz-"+stage+"-"+map[int64]string{1280: "1280", 360: "360"}[width]+".png")
			if err := os.WriteFile(name, buf, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tb.noProblems()
	}
}

// TestQuizArrowKeysMoveBetweenChoices presses the arrow keys on a quiz
// choice: focus moves to the next and previous choice, wrapping, as in a
// radio group, and never leaves the quiz.
func TestQuizArrowKeysMoveBetweenChoices(t *testing.T) {
	tb := open(t, "01-handshake.html")
	q := `document.querySelector('[data-testid=quiz]')`
	tb.waitFor(q+` && `+q+`.querySelector('.quiz-result')`, 20*time.Second)
	focused := func() int {
		return eval[int](tb, `[...`+q+`.querySelectorAll('button.quiz-choice')].indexOf(document.activeElement)`)
	}
	n := eval[int](tb, q+`.querySelectorAll('button.quiz-choice').length`)
	eval[chromedp.Void](tb, q+`.querySelector('button.quiz-choice').focus()`)
	for _, step := range []struct {
		key  string
		want int
	}{
		{kb.ArrowDown, 1},
		{kb.ArrowDown, 2},
		{kb.ArrowUp, 1},
		{kb.End, n - 1},
		{kb.ArrowDown, 0},
		{kb.ArrowUp, n - 1},
		{kb.Home, 0},
	} {
		if err := chromedp.Do(tb.ctx, chromedp.KeyEvent(step.key)); err != nil {
			t.Fatal(err)
		}
		if got := focused(); got != step.want {
			t.Fatalf("after %q focus is on choice %d, want %d", step.key, got, step.want)
		}
	}
	tb.noProblems()
}
