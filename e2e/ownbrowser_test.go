package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A browser with a profile of its own (its own service worker and
// caches) on a server of its own, so that what it keeps offline and what
// reaches the server are this test's alone.
type ownBrowser struct {
	t   *testing.T
	ctx context.Context
	srv *httptest.Server
	gz  *gzipServer
}

func newOwnBrowser(t *testing.T, dir string) *ownBrowser {
	t.Helper()
	return newOwnBrowserAt(t, dir, "")
}

// newOwnBrowserAt serves dir under the URL path base ("/repo-name/").
func newOwnBrowserAt(t *testing.T, dir, base string) *ownBrowser {
	t.Helper()
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	bctx, stop, err := startBrowser(t, shared.chromium, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	if base == "" {
		base = "/"
	}
	gz := newGzipServerAt(dir, base)
	srv := httptest.NewServer(gz)
	t.Cleanup(srv.Close)
	return &ownBrowser{t: t, ctx: bctx, srv: srv, gz: gz}
}

// open opens path in a new tab of b.
func (b *ownBrowser) open(path string) *tab {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	b.t.Cleanup(cancel)
	// A cap, not a wait: Keep for offline downloads every wasm build.
	ctx, cancelT := context.WithTimeout(ctx, 15*time.Minute)
	b.t.Cleanup(cancelT)
	tb := &tab{t: b.t, ctx: ctx, url: b.srv.URL + "/" + path}
	if err := chromedp.Listen(ctx, tb.listen); err != nil {
		b.t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(tb.url)); err != nil {
		b.t.Fatalf("navigate %s: %v", path, err)
	}
	return tb
}

// offlineReady waits until the page says the course is kept for offline
// use, holding the wasm builds in want, and returns the build's version.
func (tb *tab) offlineReady(want ...string) string {
	tb.t.Helper()
	cond := `(() => { const s = document.querySelector('[data-testid=offline-status]'); if (!s || s.dataset.state !== 'ready') return false; const w = (s.dataset.wasm || '').split(' ');`
	for _, n := range want {
		cond += ` if (!w.includes(` + js(n) + `)) return false;`
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](cond+` return true; })()`, chromedp.WithPollingTimeout(offlineWait), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		st, _ := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`(() => { const s = document.querySelector('[data-testid=offline-status]'); return s ? s.dataset.state + ': ' + s.textContent + ' [' + (s.dataset.wasm || '') + ']' : 'no offline status'; })()`))
		tb.t.Fatalf("the page never said it was kept offline with %v: %v; it says %s", want, err, st)
	}
	return eval[string](tb, `document.querySelector('[data-testid=offline-status]').dataset.version`)
}

// goOffline turns the tab's network off with Chromium's network
// emulation, its service worker's included.
func (tb *tab) goOffline() {
	tb.t.Helper()
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		tb.t.Fatal(err)
	}
	if err := tb.emulateOffline(true); err != nil {
		tb.t.Fatal(err)
	}
}

// emulateOffline turns Chromium's network emulation for tb to offline, its
// service worker's fetches included, or back to online. The command's shape
// changed between Chromium releases: 156 takes offline in each rule and a
// flag for service workers, 148 (Debian bookworm's package in December
// 2026) one offline flag beside the rules and refuses the newer shape as
// invalid parameters. The newer shape goes first.
func (tb *tab) emulateOffline(off bool) error {
	_, err := chromedp.Call(tb.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: &off,
		MatchedNetworkConditions:    []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
	})
	if err == nil {
		return nil
	}
	type rule struct {
		URLPattern string  `json:"urlPattern"`
		Latency    float64 `json:"latency"`
		Down       float64 `json:"downloadThroughput"`
		Up         float64 `json:"uploadThroughput"`
	}
	type params struct {
		Offline bool   `json:"offline"`
		Rules   []rule `json:"matchedNetworkConditions"`
	}
	older := cdp.Command[params, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}
	if _, err2 := chromedp.Call(tb.ctx, older, params{Offline: off, Rules: []rule{{Down: -1, Up: -1}}}); err2 != nil {
		return fmt.Errorf("network emulation: %v; in Chromium 148's shape: %v", err, err2)
	}
	return nil
}

// offline cuts b's network: Chromium's emulation for tb, and the server
// drops whatever still reaches it (the emulation does not cover every
// fetch a service worker makes).
func (b *ownBrowser) offline(tb *tab) {
	b.t.Helper()
	tb.goOffline()
	b.gz.down.Store(true)
}

// navigate loads path in the same tab.
//
// chromedp's Navigate waits for the frame's load event, and once, offline
// with the page served by the service worker, it waited out the tab's
// 15-minute cap. So the wait is bounded, and when it runs out the page
// itself is asked whether it loaded: a clear failure within a minute and
// a half, or the test goes on. The page before is marked first, so that
// the answer comes from a new document even when the URL is the same one
// or the page rewrote its hash.
func (tb *tab) navigate(base, path string) {
	tb.t.Helper()
	tb.url = base + "/" + path
	ctx, cancel := context.WithTimeout(tb.ctx, navigateWait)
	defer cancel()
	// A page torn down mid-navigation (a redirect, a reload when the
	// service worker takes over) may not take the mark; it is not the
	// document the fallback would accept either, so the test goes on.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.e2eLeaving = true`)); err != nil {
		tb.t.Logf("navigate %s: could not mark the page before: %v", path, err)
	}
	err := chromedp.Do(ctx, chromedp.Navigate(tb.url))
	if err != nil && ctx.Err() != nil && tb.ctx.Err() == nil {
		tb.t.Logf("navigate %s: no load event within %v; asking the page", path, navigateWait)
		page := strings.SplitN(tb.url, "#", 2)[0]
		tb.waitFor(`!window.e2eLeaving && location.href.split('#')[0] === `+js(page)+` && document.readyState === 'complete'`, 30*time.Second)
		return
	}
	if err != nil {
		tb.t.Fatalf("navigate %s: %v", path, err)
	}
}

// navigateWait bounds the wait for a page's load event in navigate.
const navigateWait = time.Minute

// copySite copies the built site, linking the large wasm builds.
func copySite(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if strings.HasSuffix(p, ".wasm") {
			return os.Symlink(p, dst)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
