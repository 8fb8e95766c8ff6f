package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A suite is the built site, its server and one browser shared by the
// tests; each test opens a tab of its own (kept from test to test, see
// newTab).
type suite struct {
	root     string // repository root
	dir      string // the built site
	chromium string
	srv      *httptest.Server
	site     *gzipServer // srv's handler: what was requested
	browser  context.Context
	stop     func()
	skip     string // why the browser tests are skipped, when they are
	// mismatchOf is the lesson page that mismatchPage copies, if any.
	mismatchOf string
}

// shared is set once by TestMain before any test runs and read-only after:
// building the site and starting Chromium once keeps the run short.
var shared *suite

func TestMain(m *testing.M) {
	s, err := newSuite()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	shared = s
	code := m.Run()
	s.close()
	os.Exit(code)
}

// findChromium returns the browser to drive, or "" when there is none.
func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "" // named but absent: treated as missing, which CI turns into a failure
		}
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func newSuite() (*suite, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return nil, err
	}
	s := &suite{root: root, chromium: findChromium()}
	if s.chromium == "" {
		if os.Getenv("CI") != "" {
			return nil, fmt.Errorf("Chromium is missing and CI is set: install it (apt-get install -y chromium) or set CHROMIUM=/path/to/chrome")
		}
		s.skip = "Chromium not found (apt-get install -y chromium, or set CHROMIUM); the browser suite needs it"
		return s, nil
	}
	if dir := os.Getenv("E2E_SITE"); dir != "" {
		s.dir, err = filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
	} else {
		tmp, err := os.MkdirTemp("", "mcp-playground-e2e-")
		if err != nil {
			return nil, err
		}
		s.dir = tmp
		if err := buildSite(root, tmp); err != nil {
			os.RemoveAll(tmp)
			return nil, err
		}
	}
	g := newGzipServer(s.dir)
	// A page whose baked trace differs from what the simulator produces:
	// the player must show the mismatch, never hide it.
	if page, body, ok := tamperedLesson(s.dir); ok {
		g.overlay = map[string][]byte{"/" + mismatchPage: body}
		s.mismatchOf = page
	}
	s.site = g
	s.srv = httptest.NewServer(g)
	return s, nil
}

// mismatchPage is served beside the site: a copy of a lesson page with one
// note of its first baked trace changed.
const mismatchPage = "e2e-mismatch.html"

func tamperedLesson(dir string) (string, []byte, bool) {
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	sort.Strings(pages)
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		i := bytes.Index(b, []byte("baked-trace"))
		if i < 0 {
			continue
		}
		j := bytes.Index(b[i:], []byte(`"note":"`))
		if j < 0 {
			continue
		}
		at := i + j + len(`"note":"`)
		out := append(append(append([]byte(nil), b[:at]...), "TAMPERED "...), b[at:]...)
		return filepath.Base(p), out, true
	}
	return "", nil, false
}

// buildSite builds the site into dir with cmd/buildsite, as a learner's
// `go run ./cmd/buildsite` would.
func buildSite(root, dir string) error {
	cmd := exec.Command("go", "run", "./cmd/buildsite", "-out", dir)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go run ./cmd/buildsite -out %s: %v\n%s", dir, err, out)
	}
	return nil
}

func (s *suite) close() {
	if s.stop != nil {
		s.stop()
	}
	if s.srv != nil {
		s.srv.Close()
	}
	if os.Getenv("E2E_SITE") == "" && s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// allocatorOptions are the flags that work in this environment (and in CI
// containers), with a fresh profile in userDataDir.
func allocatorOptions(chromium, userDataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(userDataDir),
		chromedp.WindowSize(1280, 900),
	}
}

// startBrowser starts Chromium with profile as its user data directory and
// returns its context and what stops it. A start that fails is tried once
// more, logged: Chromium now and then dies in its first second on a loaded
// machine (a crashpad dump, no page loaded yet), which says nothing about
// the site.
func startBrowser(t testing.TB, chromium, profile string) (context.Context, context.CancelFunc, error) {
	t.Helper()
	var err error
	for try := range 2 {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), allocatorOptions(chromium, profile)...)
		bctx, cancelB := chromedp.NewContext(actx)
		if err = chromedp.Do(bctx); err == nil {
			return bctx, func() { cancelB(); cancelA() }, nil
		}
		cancelB()
		cancelA()
		if try == 0 {
			t.Logf("start %s failed, trying once more: %v", chromium, err)
		}
	}
	return nil, nil, fmt.Errorf("start %s: %v", chromium, err)
}

var browserMu sync.Mutex // guards the lazy start of shared.browser

// browserFor returns the shared browser, starting it on first use.
func browserFor(t testing.TB) context.Context {
	t.Helper()
	s := shared
	if s.skip != "" {
		t.Skip(s.skip)
	}
	browserMu.Lock()
	defer browserMu.Unlock()
	if s.browser == nil {
		profile, err := os.MkdirTemp("", "mcp-playground-chromium-")
		if err != nil {
			t.Fatal(err)
		}
		bctx, stop, err := startBrowser(t, s.chromium, profile)
		if err != nil {
			t.Fatal(err)
		}
		s.browser = bctx
		s.stop = func() {
			stop()
			os.RemoveAll(profile)
		}
	}
	return s.browser
}

// Tabs are reused across tests: when a test ends, its tab is cleared of
// the test's emulation, left on about:blank and kept, and the next test
// that opens a page attaches to it. A new tab costs a renderer process and
// a cold start of the page's wasm: a playground load measured 4.0 to 4.5
// CPU-seconds in a new tab and 2.3 to 3.0 in a reused one, on a suite that
// is CPU-bound on two cores. Each test still gets its own DevTools session,
// so its listeners hear only its own pages.
var tabPool struct {
	sync.Mutex
	ids []target.ID
}

// newTab returns a tab of the shared browser for t: a kept one when there
// is one, else a new one. It goes back to the pool when t ends. A kept tab
// that will not attach is closed and a new one opened in its place.
func newTab(t testing.TB) context.Context {
	t.Helper()
	browser := browserFor(t)
	tabPool.Lock()
	var kept target.ID
	if n := len(tabPool.ids); n > 0 {
		kept, tabPool.ids = tabPool.ids[n-1], tabPool.ids[:n-1]
	}
	tabPool.Unlock()
	if kept != "" {
		ctx, cancel, err := attachTab(browser, chromedp.WithTargetID(kept))
		if err == nil {
			t.Cleanup(func() { releaseTab(ctx, cancel) })
			return ctx
		}
		t.Logf("a kept tab did not attach, closing it and opening a new one: %v", err)
		closeTarget(kept)
	}
	ctx, cancel, err := attachTab(browser)
	if err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	t.Cleanup(func() { releaseTab(ctx, cancel) })
	return ctx
}

// attachWait bounds a tab's attach: a browser that does not answer fails
// the test that asked, instead of holding it to the suite's timeout.
const attachWait = 30 * time.Second

// attachTab attaches a DevTools session to a tab, on the context it
// returns: chromedp runs a tab's session on the context of its first call,
// and a test's later contexts (with their deadlines) end before releaseTab
// uses the session. So the wait is bounded from outside, not by a deadline
// on that context.
func attachTab(browser context.Context, opts ...chromedp.ContextOption) (context.Context, context.CancelFunc, error) {
	ctx, cancel := chromedp.NewContext(browser, append([]chromedp.ContextOption{chromedp.WithDetachOnCancel()}, opts...)...)
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(ctx) }()
	timer := time.NewTimer(attachWait)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
		if err == nil {
			return ctx, cancel, nil
		}
		done <- err // for the wait below: the attach has ended
	case <-timer.C:
		err = fmt.Errorf("no answer in %v", attachWait)
	}
	// A tab this attach created must not outlive it: cancel only
	// detaches (WithDetachOnCancel).
	var created target.ID
	if c := chromedp.FromContext(ctx); c != nil && c.Target != nil && len(opts) == 0 {
		created = c.Target.TargetID
	}
	cancel()
	<-done
	if created != "" {
		closeTarget(created)
	}
	return nil, nil, err
}

// closeTarget closes a tab, giving up after a few seconds: it is only
// called for a tab that already failed to answer.
func closeTarget(id target.ID) {
	ctx, cancel := context.WithTimeout(shared.browser, 5*time.Second)
	defer cancel()
	_, _ = chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: id})
}

// releaseTab clears what a test may have set on its tab (the viewport,
// CPU throttling, touch, emulated media), leaves the page, so that nothing
// of it runs on (its worker, a grade), detaches and keeps the tab. A tab
// that does not answer is closed instead.
//
// The emulation is cleared in the test's own session, before it detaches:
// Chromium 148 keeps a detached session's device metrics on the tab, and
// another session's clear does not reach them.
func releaseTab(ctx context.Context, cancel context.CancelFunc) {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Target == nil {
		cancel()
		return
	}
	id := c.Target.TargetID
	err := clearTab(ctx)
	cancel()
	if err == nil {
		tabPool.Lock()
		tabPool.ids = append(tabPool.ids, id)
		tabPool.Unlock()
		return
	}
	closeTarget(id)
}

// clearTab undoes a test's emulation in its session and leaves the page
// for about:blank.
func clearTab(ctx context.Context) error {
	rctx, rcancel := context.WithTimeout(ctx, 20*time.Second)
	defer rcancel()
	_, err := chromedp.Call(rctx, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
	if err == nil {
		_, err = chromedp.Call(rctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1})
	}
	if err == nil {
		_, err = chromedp.Call(rctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{})
	}
	if err == nil {
		_, err = chromedp.Call(rctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
	}
	if err == nil {
		err = chromedp.Do(rctx, chromedp.Navigate("about:blank"))
	}
	return err
}

// A tab is one page under test. It records console errors, uncaught
// exceptions, error log entries and JavaScript dialogs.
type tab struct {
	t   testing.TB
	ctx context.Context
	url string

	mu       sync.Mutex
	problems []string
	dialogs  []string
}

// open opens path (relative to the site root, hash included) in a tab of
// its own at the browser's own size; openAt (reading_test.go) opens one at
// another.
func open(t testing.TB, path string) *tab {
	t.Helper()
	return openAt(t, path, 0, 0)
}

func (tb *tab) listen(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			tb.problems = append(tb.problems, "console."+string(ev.Type)+": "+strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		tb.problems = append(tb.problems, "exception: "+(&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError && !strings.Contains(ev.Entry.URL, "favicon.ico") {
			tb.problems = append(tb.problems, fmt.Sprintf("log %s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
		}
	case *page.EventJavascriptDialogOpening:
		tb.dialogs = append(tb.dialogs, string(ev.Type)+": "+ev.Message)
		// Dismiss it from another goroutine: a listener must not run commands.
		go chromedp.Call(tb.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
	}
}

// noProblems fails the test if the page logged an error or opened a dialog.
func (tb *tab) noProblems() {
	tb.t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, p := range tb.problems {
		tb.t.Errorf("%s: %s", tb.url, p)
	}
	for _, d := range tb.dialogs {
		tb.t.Errorf("%s: a dialog opened: %s", tb.url, d)
	}
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

// painted returns once the page has laid out and painted what the last
// change (a new viewport, a scroll) did: two animation frames later, the
// second of which runs after the first one's paint.
func (tb *tab) painted() {
	tb.t.Helper()
	frames := `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))`
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](frames, chromedp.EvalAwaitPromise)); err != nil {
		tb.t.Fatalf("waiting for a paint: %v", err)
	}
}

// waitFor polls a JavaScript expression until it is truthy.
func (tb *tab) waitFor(expr string, timeout time.Duration) {
	tb.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return
		}
		// A navigation that is still settling destroys the page's JavaScript
		// context under the poll; poll again in the new one.
		if transient(err) && time.Now().Before(deadline) {
			continue
		}
		tb.t.Fatalf("waiting for %s: %v\n%s", expr, err, tb.debug())
	}
}

func transient(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Cannot find context with specified id") || strings.Contains(s, "Execution context was destroyed") || strings.Contains(s, "Inspected target navigated or closed")
}

// debug returns what the first player shows, for failure messages.
func (tb *tab) debug() string {
	s, _ := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`(() => { const p = document.querySelector('[data-testid=player]'); if (!p) return 'no player'; return 'status=' + (p.querySelector('[data-testid=live-status]')||{}).textContent + ' step=' + p.dataset.step + ' error=' + (p.querySelector('[data-testid=player-error]')||{}).textContent; })()`))
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return s + "\nproblems: " + strings.Join(tb.problems, "\n")
}

// js quotes s as a JavaScript string literal.
func js(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
