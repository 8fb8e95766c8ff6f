package e2e

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hrefs finds the links and sources of a built page (the minifier may drop
// the quotes around a value).
var hrefs = regexp.MustCompile(`(?:href|src)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))`)

// TestEveryPageIsReachableFromTheHome follows every link and source from
// the English home page, as the site handler (buildsite -serve) serves
// them: every page of both editions is reached, and nothing linked is
// missing or redirects more than once.
func TestEveryPageIsReachableFromTheHome(t *testing.T) {
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	base, _ := url.Parse(shared.srv.URL + "/")
	client := &http.Client{
		Timeout: 30 * time.Second,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > 1 {
				return http.ErrUseLastResponse
			}
			return nil
		},
	}
	seen := map[string]bool{}
	queue := []string{base.String()}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if seen[u] {
			continue
		}
		seen[u] = true
		resp, err := client.Get(u)
		if err != nil {
			t.Fatalf("GET %s: %v", u, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d (reached from the home page)", u, resp.StatusCode)
			continue
		}
		if !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
			continue
		}
		page, _ := url.Parse(u)
		for _, m := range hrefs.FindAllSubmatch(body, -1) {
			ref := string(m[1]) + string(m[2]) + string(m[3])
			next, err := page.Parse(ref)
			if err != nil || next.Host != base.Host {
				continue
			}
			next.Fragment, next.RawQuery = "", ""
			if !seen[next.String()] {
				queue = append(queue, next.String())
			}
		}
	}
	for _, chinese := range []bool{false, true} {
		for _, p := range editionPages(t, chinese) {
			u := base.String() + p
			if strings.HasSuffix(p, "index.html") && !seen[u] {
				u = strings.TrimSuffix(u, "index.html") // linked as its directory
			}
			if !seen[u] && !seen[base.String()+p] && p != mismatchPage && p != "404.html" {
				t.Errorf("%s: no link from the home page reaches it", p)
			}
		}
	}
}

// TestLanguageSwitchBothWaysAndBack switches English → Chinese → English
// on the home page through the site handler: each page is styled, in its
// language, and the English home stays English once English was chosen.
func TestLanguageSwitchBothWaysAndBack(t *testing.T) {
	tb := open(t, "")
	t.Cleanup(func() { eval[chromedp.Void](tb, `localStorage.removeItem('mcp-playground:lang')`) })
	styled := `getComputedStyle(document.body).fontFamily !== '' && document.styleSheets.length > 0 && [...document.styleSheets].every((s) => s.cssRules.length > 0)`
	for _, want := range []struct{ lang, path string }{
		{"zh-CN", "/zh/index.html"},
		{"en", "/index.html"},
	} {
		tb.waitFor(`document.querySelector('[data-testid=lang-switch]')`, 20*time.Second)
		eval[chromedp.Void](tb, `document.querySelector('[data-testid=lang-switch]').click()`)
		tb.waitFor(`document.documentElement.lang === `+js(want.lang)+` && document.readyState === 'complete'`, 20*time.Second)
		if got := eval[string](tb, `location.pathname`); got != want.path {
			t.Errorf("after the switch to %s: at %s, want %s", want.lang, got, want.path)
		}
		if !eval[bool](tb, styled) {
			t.Errorf("%s: the page has no stylesheet", want.path)
		}
	}
	// The English home, opened again, stays English: the choice is English now.
	tb.navigate(shared.srv.URL, "")
	tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
	tb.painted() // a redirect, were there one, would have started by now
	if lang := eval[string](tb, `document.documentElement.lang`); lang != "en" {
		t.Errorf("the English home opened in %s after English was chosen", lang)
	}
	// With no choice remembered, each way of naming the Chinese home
	// opens it (the redirect to zh/zh/ was the bug).
	for _, p := range []string{"zh", "zh/", "zh/index.html"} {
		eval[chromedp.Void](tb, `localStorage.removeItem('mcp-playground:lang')`)
		tb.navigate(shared.srv.URL, p)
		tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
		if got := eval[string](tb, `location.pathname + ' ' + document.documentElement.lang`); got != "/zh/ zh-CN" && got != "/zh/index.html zh-CN" {
			t.Errorf("/%s opened %s, want the Chinese home", p, got)
		}
	}
	tb.noProblems()
}

// TestNestedNotFoundIsStyledAndItsLinksWork opens missing pages at several
// depths: each shows the course's 404 page, styled, in both languages, and
// every link on it leads to a page that exists.
func TestNestedNotFoundIsStyledAndItsLinksWork(t *testing.T) {
	for _, p := range []string{"nope.html", "exercises/nope.html", "zh/exercises/deeper/nope.html"} {
		t.Run(p, func(t *testing.T) {
			tb := open(t, p)
			tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
			if !eval[bool](tb, `document.styleSheets.length > 0 && [...document.styleSheets].every((s) => s.cssRules.length > 0)`) {
				t.Errorf("the 404 page at /%s has no stylesheet", p)
			}
			links := eval[[]string](tb, `[...document.querySelectorAll('main a[href]')].map((a) => a.href)`)
			if len(links) < 4 {
				t.Errorf("the 404 page offers %d links, want both editions' home and playground", len(links))
			}
			for _, l := range links {
				resp, err := http.Get(l)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("the 404 page at /%s links to %s: status %d", p, l, resp.StatusCode)
				}
			}
			if !slices.ContainsFunc(links, func(l string) bool { return strings.HasSuffix(l, "/zh/index.html") }) {
				t.Errorf("the 404 page offers no way to the Chinese edition: %v", links)
			}
		})
	}
}
