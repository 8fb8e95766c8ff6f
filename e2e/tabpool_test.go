package e2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// TestAKeptTabStartsClean: the tab a test leaves goes to the next test
// without the first one's page, viewport or emulated media.
func TestAKeptTabStartsClean(t *testing.T) {
	var first string
	t.Run("leaves a narrow, dark tab", func(t *testing.T) {
		tb := openAt(t, "index.html", 360, 740)
		if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}); err != nil {
			t.Fatal(err)
		}
		tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
		if w := eval[int](tb, `innerWidth`); w != 360 {
			t.Fatalf("innerWidth = %d, want 360", w)
		}
		first = string(chromedp.FromContext(tb.ctx).Target.TargetID)
	})
	t.Run("gets it back clean", func(t *testing.T) {
		tb := open(t, "index.html")
		tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
		if id := string(chromedp.FromContext(tb.ctx).Target.TargetID); id != first {
			t.Fatalf("the second test got tab %s, not the first test's %s: nothing was kept", id, first)
		}
		if w := eval[int](tb, `innerWidth`); w != 1280 {
			t.Errorf("innerWidth = %d, want the browser's 1280", w)
		}
		if eval[bool](tb, `matchMedia('(prefers-color-scheme: dark)').matches`) {
			t.Error("the kept tab still emulates a dark color scheme")
		}
		tb.noProblems()
	})
}

// TestAKeptTabThatIsGoneIsReplaced: a kept tab that closed while it
// waited (a renderer that died, a tab closed from outside) costs the next
// test nothing: it gets a new tab, and the dead one leaves the pool.
func TestAKeptTabThatIsGoneIsReplaced(t *testing.T) {
	var gone target.ID
	t.Run("leaves a tab", func(t *testing.T) {
		tb := open(t, "index.html")
		tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
		gone = chromedp.FromContext(tb.ctx).Target.TargetID
	})
	closeTarget(gone)
	// Chromium answers CloseTarget before the tab is gone: wait until it
	// is no longer listed, so that the next attach meets a closed tab and
	// not one in teardown.
	waitGone(t, gone)
	t.Run("opens a page all the same", func(t *testing.T) {
		tb := open(t, "index.html")
		tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
		if id := chromedp.FromContext(tb.ctx).Target.TargetID; id == gone {
			t.Fatalf("got the closed tab %s back", id)
		}
		tb.noProblems()
	})
	tabPool.Lock()
	defer tabPool.Unlock()
	if slices.Contains(tabPool.ids, gone) {
		t.Errorf("the closed tab %s is still kept", gone)
	}
}

// waitGone waits (up to 10 s) until the browser no longer lists tab id.
func waitGone(t *testing.T, id target.ID) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		infos, err := chromedp.CallBrowser(shared.browser, target.GetTargets, target.GetTargetsParams{})
		if err != nil {
			t.Fatalf("list the tabs: %v", err)
		}
		if !slices.ContainsFunc(infos.TargetInfos, func(i *target.Info) bool { return i.TargetID == id }) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("tab %s is still listed 10 s after it was closed", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
