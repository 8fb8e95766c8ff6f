package e2e

import (
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// practiceLink is a lesson's link to the playground that sets parameters.
var practiceLink = regexp.MustCompile(`href="(playground\.html#scenario=[^"&]+&amp;params=[^"]+)"`)

// TestPracticeLinksRunTheirParameters follows every playground link in a
// lesson that sets parameters: the playground must run the scenario with
// them, live and without an error, since a practice task asks the learner
// to check an answer there. The build already checks that the simulator
// accepts them; this checks that the page passes them on.
func TestPracticeLinksRunTheirParameters(t *testing.T) {
	var links []string
	for _, p := range sitePages(t) {
		b, err := os.ReadFile(filepath.Join(shared.dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range practiceLink.FindAllSubmatch(b, -1) {
			links = append(links, html.UnescapeString(string(m[1])))
		}
	}
	slices.Sort(links)
	links = slices.Compact(links)
	if len(links) < 10 {
		t.Fatalf("found %d practice links, want the lessons' (at least 10)", len(links))
	}
	for _, link := range links {
		t.Run(link, func(t *testing.T) {
			frag, _ := url.ParseQuery(strings.TrimPrefix(link, "playground.html#"))
			id := frag.Get("scenario")
			tb := open(t, link)
			p := tb.player(id)
			tb.waitFor(p.q("live-status")+`.dataset.state === 'custom'`, 60*time.Second)
			if id == "paging-slow-page" && strings.Contains(frag.Get("params"), `"request_timeout_ms":0`) {
				p.seekEnd()
				if s := p.snapshot(); !strings.Contains(s, "whole-walk timeout of 15000 ms") {
					t.Errorf("without a per-request deadline the walk should end at the whole-walk one; state panel:\n%s", s)
				}
			}
			tb.noProblems()
		})
	}
}
