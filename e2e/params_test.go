package e2e

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// familyFirsts returns the first scenario of every family, from the site's
// scenarios.json.
func familyFirsts(t *testing.T) []scenarioInfo {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(shared.dir, "scenarios.json"))
	if err != nil {
		t.Fatal(err)
	}
	var all []scenarioInfo
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatal(err)
	}
	var out []scenarioInfo
	for _, s := range all {
		if !slices.ContainsFunc(out, func(o scenarioInfo) bool { return o.Family == s.Family }) {
			out = append(out, s)
		}
	}
	return out
}

type scenarioInfo struct {
	ID        string                     `json:"id"`
	Family    string                     `json:"family"`
	Choices   map[string][]string        `json:"choices"`
	Params    map[string]json.RawMessage `json:"params"`
	ParamDocs map[string]struct {
		Doc string `json:"doc"`
	} `json:"param_docs"`
}

// TestEveryChoiceRunsThroughTheForm picks, on the first scenario of every
// family, each word of each enumerated parameter in the playground's own
// form and presses Run live. Each word either runs, or fails with a message
// that names a parameter the form shows (retry idempotent needs a key: the
// key field is there), and then the old trace is marked as the previous
// run. Every field carries its one-line meaning.
func TestEveryChoiceRunsThroughTheForm(t *testing.T) {
	tb := open(t, "playground.html")
	pg := `document.querySelector('[data-testid=playground]')`
	runBtn := pg + `.querySelector('[data-testid=run]')`
	for _, s := range familyFirsts(t) {
		if len(s.Choices) == 0 {
			continue
		}
		// Through the picker, as a learner would.
		eval[chromedp.Void](tb, `(() => { const sel = document.querySelector('[data-testid=scenario-picker]'); sel.value = `+js(s.ID)+`; sel.dispatchEvent(new Event('change')); })()`)
		p := tb.player(s.ID)
		p.waitLive()
		if h := eval[string](tb, `location.hash`); !strings.Contains(h, "scenario="+s.ID) {
			t.Errorf("%s: after picking it the address reads %q", s.ID, h)
		}
		fields := eval[[]string](tb, `[...`+pg+`.querySelectorAll('[data-param]')].map((e) => e.dataset.param)`)
		undocumented := eval[[]string](tb, `[...`+pg+`.querySelectorAll('.pg-field')].filter((l) => { const d = l.querySelector('[data-testid=param-doc]'); return !d || d.textContent.length < 12; }).map((l) => l.querySelector('[data-param]').dataset.param)`)
		if len(undocumented) > 0 {
			t.Errorf("%s: fields without a meaning: %v", s.ID, undocumented)
		}
		params := slices.Sorted(maps.Keys(s.Choices))
		for _, param := range params {
			for _, word := range s.Choices[param] {
				var preset string
				_ = json.Unmarshal(s.Params[param], &preset)
				if word == preset {
					continue
				}
				// The preset everywhere else, this word here, then Run live.
				eval[chromedp.Void](tb, `(() => { `+pg+`.querySelector('.pg-actions .pl-small').click();
					const f = `+pg+`.querySelector('[data-param=`+js(param)+`]'); f.value = `+js(word)+`; f.dispatchEvent(new Event('change', {bubbles: true}));
					`+pg+`.querySelector('form').requestSubmit(); })()`)
				tb.waitFor(`!`+runBtn+`.disabled`, 60*time.Second)
				msg := eval[string](tb, `(() => { const e = `+pg+`.querySelector('[data-testid=playground-error]'); return e.hidden ? '' : e.textContent; })()`)
				if msg == "" {
					if st := p.status(); st != "custom" {
						t.Errorf("%s %s=%s: no error, status %s, want custom (a run with these parameters)", s.ID, param, word, st)
					}
					continue
				}
				t.Logf("%s %s=%s: %s", s.ID, param, word, msg)
				if !strings.Contains(msg, ": parameters: ") {
					t.Errorf("%s %s=%s: the run itself failed (%q), not the parameters' validation: the form offers a word that cannot run", s.ID, param, word, msg)
				}
				names := false
				for _, f := range fields {
					if f != param && regexp.MustCompile(`(^|[^a-z_])`+regexp.QuoteMeta(f)+`([^a-z_]|$)`).MatchString(msg) {
						names = true
					}
				}
				if !names {
					t.Errorf("%s %s=%s fails with %q, which names no other parameter of the form %v: a learner cannot tell what to change", s.ID, param, word, msg, fields)
				}
				if prev := eval[string](tb, p.el+`.dataset.previous || ''`); prev != "true" || !strings.Contains(p.text("player-error"), "previous run") {
					t.Errorf("%s %s=%s: after the error the old trace is not marked as the previous run (data-previous %q, player says %q)", s.ID, param, word, prev, p.text("player-error"))
				}
			}
		}
	}
	tb.noProblems()
}

// TestRunLiveSaysWhatChanged: on the playground at desktop height, Run
// live with a changed parameter brings the player into view and says
// which parameter changed; the lesson the scenario belongs to is named by
// number and title, and linked.
func TestRunLiveSaysWhatChanged(t *testing.T) {
	tb := open(t, "playground.html#scenario=disconnect-after-execute")
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	p := tb.player("disconnect-after-execute")
	p.waitLive()
	pg := `document.querySelector('[data-testid=playground]')`
	lesson := eval[map[string]string](tb, `(() => { const a = `+pg+`.querySelector('[data-testid=scenario-lesson]'); return {text: a.textContent, href: a.getAttribute('href') || ''}; })()`)
	if !regexp.MustCompile(`^Lesson \d+: \S`).MatchString(lesson["text"]) || !strings.HasSuffix(lesson["href"], ".html") {
		t.Errorf("the scenario's lesson reads %q linking %q, want \"Lesson N: title\" linked to its page", lesson["text"], lesson["href"])
	}
	// retry idempotent needs the key field, which the preset leaves out.
	eval[chromedp.Void](tb, `(() => { const set = (n, v) => { const f = `+pg+`.querySelector('[data-param=' + n + ']'); f.value = v; f.dispatchEvent(new Event('change', {bubbles: true})); };
		set('retry', 'idempotent'); set('key', 'order-1'); `+pg+`.querySelector('form').requestSubmit(); })()`)
	tb.waitFor(p.q("live-status")+`.dataset.state === 'custom'`, 60*time.Second)
	got := eval[map[string]any](tb, `(() => { const r = `+pg+`.querySelector('[data-testid=run-result]'); const b = r.getBoundingClientRect(); const f = `+p.el+`.getBoundingClientRect();
		return {text: r.hidden ? '' : r.textContent, top: b.top, playerTop: f.top, h: innerHeight, hash: location.hash}; })()`)
	text, _ := got["text"].(string)
	if !strings.Contains(text, `retry: "idempotent"`) || !strings.Contains(text, `key: "order-1"`) {
		t.Errorf("after Run live the page says %q, want the changed parameters named", text)
	}
	if top, h := got["playerTop"].(float64), got["h"].(float64); top < 0 || top > h/2 {
		t.Errorf("after Run live the player's top is at %v px of %v: not brought into view", top, h)
	}
	if hash, _ := got["hash"].(string); !strings.Contains(hash, "params=") || !strings.Contains(hash, "order-1") {
		t.Errorf("address %q does not hold the parameters run", hash)
	}
	if dir := os.Getenv("E2E_SHOTS"); dir != "" {
		for _, w := range []int64{1280, 360} {
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(w, map[int64]int64{1280: 900, 360: 780}[w])); err != nil {
				t.Fatal(err)
			}
			eval[chromedp.Void](tb, pg+`.querySelector('[data-testid=run-result]').scrollIntoView({block: 'start'})`)
			buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "playground-ran-"+itoa(int(w))+".png"), buf, 0o644); err != nil {
				t.Fatal(err)
			}
			eval[chromedp.Void](tb, pg+`.scrollIntoView({block: 'start'})`)
			buf, err = chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "playground-form-"+itoa(int(w))+".png"), buf, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tb.noProblems()
}
