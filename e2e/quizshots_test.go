package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
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
		tb.waitFor(q+` && `+q+`.querySelector('.quiz-result')`, 20e9)
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
