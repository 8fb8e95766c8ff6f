package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots writes PNGs of a lesson player and the playground, at
// desktop width and at 360 px, into $E2E_SHOTS for a person to look at. It
// asserts nothing about pixels.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("E2E_SHOTS")
	if dir == "" {
		t.Skip("set E2E_SHOTS=/some/dir to write screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var lesson, lessonScenario string
	for page, ids := range lessonPages(t) {
		if !strings.Contains(page, "playground") && (lesson == "" || page < lesson) {
			lesson, lessonScenario = page, ids[0]
		}
	}
	shots := []struct {
		name, path, scenario string
		width                int64
		steps                int
	}{
		{"playground-1280", "playground.html#scenario=handshake-ok&step=3", "handshake-ok", 1280, 0},
		{"playground-360", "playground.html#scenario=handshake-ok&step=3", "handshake-ok", 360, 0},
		{"index-1280", "index.html", "", 1280, 0},
		{"index-360", "index.html", "", 360, 0},
	}
	if lesson != "" {
		shots = append(shots,
			struct {
				name, path, scenario string
				width                int64
				steps                int
			}{"lesson-1280", lesson, lessonScenario, 1280, 4},
			struct {
				name, path, scenario string
				width                int64
				steps                int
			}{"lesson-360", lesson, lessonScenario, 360, 4})
	}
	for _, s := range shots {
		t.Run(s.name, func(t *testing.T) {
			tb := open(t, s.path)
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(s.width, 900)); err != nil {
				t.Fatal(err)
			}
			if s.scenario != "" {
				p := tb.player(s.scenario)
				p.waitLive()
				for range s.steps {
					p.click("step")
				}
				eval[chromedp.Void](tb, p.el+`.scrollIntoView()`)
			}
			buf, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
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
