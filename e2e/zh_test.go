package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Tests of the Chinese edition (zh/): a learner reading Chinese steps a
// player with Chinese notes, answers a quiz, switches language keeping the
// step, and grades an exercise with Chinese check names.

var han = regexp.MustCompile(`\p{Han}`)

// TestChineseLessonStepsWithChineseNotes steps a Chinese lesson's player
// and reads its notes in Chinese, then answers a quiz there and finds the
// answer on the English page too: both editions save under one id.
func TestChineseLessonStepsWithChineseNotes(t *testing.T) {
	tb := open(t, "zh/04-catalog.html")
	if lang := eval[string](tb, `document.documentElement.lang`); lang != "zh-CN" {
		t.Errorf("html lang = %q, want zh-CN", lang)
	}
	p := tb.player("paging-normal")
	p.click("step")
	p.click("step")
	notes := eval[[]string](tb, `[...`+p.el+`.querySelectorAll('.inspector-note, .pl-lanes .pl-label')].map((e) => e.textContent).filter((s) => s.trim())`)
	chinese := 0
	for _, n := range notes {
		if han.MatchString(n) {
			chinese++
		}
	}
	if chinese == 0 {
		t.Errorf("no note in Chinese after two steps; notes shown: %q", notes)
	}
	if txt := p.text("step-count"); !han.MatchString(txt) && !regexp.MustCompile(`^\d+\s*/\s*\d+$`).MatchString(strings.TrimSpace(txt)) {
		t.Errorf("step count %q is English", txt)
	}

	// A quiz answered here is answered on the English page too.
	q := `document.querySelector('[data-quiz=catalog-end-of-walk]')`
	tb.waitFor(q+` && `+q+`.querySelector('.quiz-result')`, 20*time.Second)
	eval[chromedp.Void](tb, q+`.querySelector('.quiz-choice[data-correct=true]').click()`)
	if !eval[bool](tb, q+`.querySelector('.quiz-choice[data-correct=true]').classList.contains('is-correct')`) {
		t.Error("the right answer is not marked correct")
	}
	if why := eval[string](tb, q+`.querySelector('.quiz-choice[data-correct=true]').parentElement.querySelector('.quiz-why').textContent`); !han.MatchString(why) {
		t.Errorf("the quiz's why is not Chinese: %q", why)
	}
	en := open(t, "04-catalog.html")
	eq := `document.querySelector('[data-quiz=catalog-end-of-walk]')`
	en.waitFor(eq+` && `+eq+`.querySelector('.quiz-choice.is-correct')`, 20*time.Second)
	tb.noProblems()
	en.noProblems()
}

// TestLanguageSwitchKeepsTheStep switches from a Chinese playground at a
// step to the English one, which opens at the same step, and back.
func TestLanguageSwitchKeepsTheStep(t *testing.T) {
	tb := open(t, "zh/playground.html#scenario=paging-normal&step=5")
	p := tb.player("paging-normal")
	if p.step() != 5 {
		t.Fatalf("step = %d, want 5 from the deep link", p.step())
	}
	p.click("step")
	tb.waitFor(`/step=6/.test(location.hash)`, 10*time.Second)
	eval[chromedp.Void](tb, `document.querySelector('[data-testid=lang-switch]').click()`)
	tb.waitFor(`!location.pathname.includes('/zh/') && document.documentElement.lang === 'en'`, 20*time.Second)
	tb.url = eval[string](tb, `location.href`)
	p = tb.player("paging-normal")
	if got := p.step(); got != 6 {
		t.Errorf("after switching to English the step is %d, want 6 (url %s)", got, tb.url)
	}
	// The choice is remembered: the English home page now goes to the
	// Chinese one only if Chinese was chosen; English was.
	home := open(t, "index.html")
	home.waitFor(`document.readyState === 'complete'`, 20*time.Second)
	if lang := eval[string](home, `document.documentElement.lang`); lang != "en" {
		t.Errorf("after choosing English the home page is %s", lang)
	}
	tb.noProblems()
	home.noProblems()
}

// TestFirstVisitFollowsTheBrowserLanguageOnce opens the home page in a
// browser that prefers Chinese: it goes to the Chinese home page. A deep
// link does not move.
func TestFirstVisitFollowsTheBrowserLanguageOnce(t *testing.T) {
	prefersZh := `Object.defineProperty(navigator, 'languages', {get: () => ['zh-CN', 'zh']});`
	deep := openWith(t, "03-first-tool.html", prefersZh)
	if lang := eval[string](deep, `document.documentElement.lang`); lang != "en" {
		t.Errorf("a deep link to an English lesson opened in %s", lang)
	}
	deep.noProblems()

	// Nothing remembered yet, as in a new browser profile. The suite
	// shares one profile: forget the choice again afterwards, so that no
	// other test's home page turns Chinese.
	forget := func() { eval[chromedp.Void](deep, `localStorage.removeItem('mcp-playground:lang')`) }
	forget()
	t.Cleanup(forget)
	t.Run("fresh", func(t *testing.T) {
		home := openWith(t, "index.html", prefersZh)
		home.waitFor(`document.documentElement.lang === 'zh-CN'`, 20*time.Second)
		if !strings.Contains(eval[string](home, `location.pathname`), "/zh/") {
			t.Errorf("a browser preferring Chinese stayed on %s", eval[string](home, `location.pathname`))
		}
		home.noProblems()
	})
}

// openWith opens path after script runs in every new document of the tab.
func openWith(t testing.TB, path, script string) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserFor(t))
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, url: shared.srv.URL + "/" + path}
	if err := chromedp.Listen(ctx, tb.listen); err != nil {
		t.Fatal(err)
	}
	addScript := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(ctx, addScript, chromedp.Navigate(tb.url)); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return tb
}

// TestChineseExerciseGradesWithChineseCheckNames grades the catalog
// exercise's solution on its Chinese page: full marks, every check shown
// by its Chinese label.
func TestChineseExerciseGradesWithChineseCheckNames(t *testing.T) {
	tb := openExercise(t, "../zh/exercises/catalog")
	tb.typeCode(exerciseFile(t, "catalog", ".meta/solution.go"))
	tb.press("grade", gradeTimeout)
	rows := tb.checks()
	if len(rows) == 0 {
		t.Fatalf("no checks shown: %q", eval[string](tb, `document.querySelector("[data-role=errors]").textContent`))
	}
	for _, r := range rows {
		if r.Status != "pass" {
			t.Errorf("check %s = %s, want pass", r.Name, r.Status)
		}
		if !han.MatchString(r.Text) {
			t.Errorf("check %s is shown as %q: no Chinese", r.Name, r.Text)
		}
	}
	if got, max := tb.score(); got != max || max <= 0 {
		t.Errorf("score = %d / %d, want full marks", got, max)
	}
	tb.noProblems()
}

// englishSentence is three English words in a row, apart by spaces: a
// sentence left in English. Code in a message ("nil, nil, context.Canceled")
// is apart by commas, names are joined by - or _.
var englishSentence = regexp.MustCompile(`[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}`)

// TestChineseExerciseFailuresSpeakChinese grades code that fails every
// check (the starter) on the Chinese catalog page: each failing check's
// message reads in Chinese, with its values (the call, the scenario) as
// they are (with E2E_SHOTS, the results are saved at 1280 and 360 px).
// Then a file that imports "os": the refusal names the import and says
// why in Chinese only.
func TestChineseExerciseFailuresSpeakChinese(t *testing.T) {
	tb := openExercise(t, "../zh/exercises/catalog")
	starter := exerciseFile(t, "catalog", "catalog.go")
	tb.typeCode(starter)
	tb.press("grade", gradeTimeout)
	msgs := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid=check][data-status=fail]')].map((li) =>
		[li.dataset.check, (li.querySelector('.check-message') || {textContent: ''}).textContent]))`)
	if len(msgs) == 0 {
		t.Fatalf("the starter failed no check: checks %v, errors %q", tb.checks(), eval[string](tb, `document.querySelector('[data-role=errors]').textContent`))
	}
	for check, msg := range msgs {
		if !han.MatchString(msg) || englishSentence.MatchString(msg) {
			t.Errorf("check %s says %q: want it in Chinese", check, msg)
		}
		if !strings.Contains(msg, "Enumerate(ctx, lister, Limits{MaxPages: ") {
			t.Errorf("check %s says %q: the call it made is gone", check, msg)
		}
	}
	for _, w := range []int64{1280, 360} {
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		eval[chromedp.Void](tb, `document.querySelector('[data-role=results]').scrollIntoView({block: 'start'})`)
		tb.shot(fmt.Sprintf("zh-exercise-failing-%d", w))
	}

	refused := strings.Replace(starter, "import (", "import (\n\t\"os\"", 1) + "\nvar _ = os.Args\n"
	if refused == starter+"\nvar _ = os.Args\n" {
		t.Fatal("the catalog starter has no import block to add os to")
	}
	tb.typeCode(refused)
	tb.press("grade", gradeTimeout)
	eval[chromedp.Void](tb, `document.querySelector('[data-role=errors]').scrollIntoView({block: 'center'})`)
	tb.shot("zh-exercise-refused-import-360")
	box := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`)
	if !strings.Contains(box, `不允许导入 "os"`) || englishSentence.MatchString(box) || strings.Contains(box, "评分器出错") {
		t.Errorf("a file importing os is refused with %q: want the reason in Chinese only, as the code's fault, not the grader's", box)
	}
	tb.noProblems()
}

// englishChrome finds the page's interface text that is English: text
// outside the lesson's prose, code and trace data with three English
// words in a row and no Chinese, and the same in title, aria-label and
// placeholder attributes.
const englishChrome = `(() => {
	const skip = 'pre, code, kbd, samp, script, style, textarea, .prose, .lesson-header .lead, .inspector-fields, .inspector-bytes, [data-testid=frame-bytes], .pl-lanes, .inspector-label, .lang-switch, .check-msg, .exercise-data';
	const english = /[A-Za-z]{2,}[ ,]+[a-z]{2,}[ ,]+[a-z]{2,}/;
	const han = /\p{Script=Han}/u;
	const out = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const el = n.parentElement;
		if (!el || el.closest(skip) || el.closest('[hidden]')) continue;
		const s = n.textContent.trim();
		if (english.test(s) && !han.test(s)) out.push(s.slice(0, 80));
	}
	for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
		if (el.closest('pre, code, .prose, .pl-lanes')) continue;
		for (const a of ['title', 'aria-label', 'placeholder']) {
			const s = el.getAttribute(a);
			if (s && english.test(s) && !han.test(s)) out.push(a + ': ' + s.slice(0, 80));
		}
	}
	return [...new Set(out)];
})()`

// TestChinesePagesShowNoEnglishInterface opens every Chinese page and
// looks for English in its interface: a string a script or template forgot
// to translate.
func TestChinesePagesShowNoEnglishInterface(t *testing.T) {
	for _, pg := range editionPages(t, true) {
		t.Run(pg, func(t *testing.T) {
			tb := open(t, pg)
			tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
			if figs := eval[int](tb, `document.querySelectorAll('figure.player').length`); figs > 0 {
				tb.waitFor(`[...document.querySelectorAll('figure.player')].every((f) => f.dataset.loaded)`, 30*time.Second)
			}
			if got := eval[[]string](tb, englishChrome); len(got) > 0 {
				t.Errorf("English on the Chinese page:\n  %s", strings.Join(got, "\n  "))
			}
			tb.noProblems()
		})
	}
}

// TestChineseScreenshots saves the Chinese home, a lesson and the
// catalog exercise at 1280 and 360 px wide, for a person to look at.
func TestChineseScreenshots(t *testing.T) {
	dir := shotsDir(t)
	for _, pg := range []string{"zh/index.html", "zh/04-catalog.html#scenario=paging-normal&step=7", "zh/exercises/catalog.html", "zh/playground.html#scenario=paging-empty-token&step=6", "404.html"} {
		for _, w := range []int64{1280, 360} {
			tb := open(t, pg)
			tb.waitFor(`document.readyState === 'complete'`, 20*time.Second)
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(w, 900)); err != nil {
				t.Fatal(err)
			}
			tb.painted()
			png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s-%d.png", strings.NewReplacer("/", "_", "#", "_", "&", "_", "=", "-").Replace(pg), w)
			if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestChineseFrameCheckerSpeaksChinese steps the banner scenario on the
// Chinese transports lesson: the frame checker's verdict on the banner
// line reads in Chinese in the lane and in the frame details (不是 JSON),
// and so does the prompt before the first step.
func TestChineseFrameCheckerSpeaksChinese(t *testing.T) {
	tb := open(t, "zh/02-transports.html")
	p := tb.player("stdio-banner")
	empty := eval[string](tb, `getComputedStyle(`+p.el+`.querySelector('.pl-lanes'), '::after').content`)
	if !strings.Contains(empty, "线路上还没有任何消息") {
		t.Errorf("before the first step the lanes say %s, want the Chinese prompt", empty)
	}
	p.stepTo("the banner line", func(f frameInfo) bool { return f.Method == "bytes" })
	verdict := p.text("trace-event")
	lane := eval[string](tb, p.el+`.querySelector('.pl-frame.is-current .pl-label').textContent`)
	for what, got := range map[string]string{"frame details": verdict, "lane": lane} {
		if !strings.Contains(got, "不是 JSON") || strings.Contains(got, "not JSON") {
			t.Errorf("%s: %q, want the verdict in Chinese (不是 JSON)", what, got)
		}
	}
	tb.noProblems()
}

// TestChinesePlaygroundSpeaksChineseWhenEmpty opens the Chinese playground
// and looks at its player before the first step, once loaded and once
// more after importing a trace: the empty lanes' prompt and the rest of
// the interface read in Chinese. With E2E_SHOTS set it saves both at 1280
// and 360 px wide.
func TestChinesePlaygroundSpeaksChineseWhenEmpty(t *testing.T) {
	trace := runJSONL(t, "handshake-ok")
	for _, w := range []int64{1280, 360} {
		tb := open(t, "zh/playground.html#scenario=handshake-ok")
		if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		p := tb.player("handshake-ok")
		tb.waitFor(p.el+`.dataset.loaded`, 30*time.Second)
		for _, when := range []string{"loaded", "imported"} {
			if when == "imported" {
				p.importAndWait(trace)
				p.click("reset")
			}
			if p.step() != 0 {
				t.Fatalf("%s: the player is at step %d, want 0", when, p.step())
			}
			empty := eval[string](tb, `getComputedStyle(`+p.el+`.querySelector('.pl-lanes'), '::after').content`)
			if !han.MatchString(empty) || englishSentence.MatchString(empty) {
				t.Errorf("%s, %d px: the empty lanes say %s, want Chinese", when, w, empty)
			}
			if got := eval[[]string](tb, englishChrome); len(got) > 0 {
				t.Errorf("%s, %d px: English on the Chinese playground:\n  %s", when, w, strings.Join(got, "\n  "))
			}
			eval[chromedp.Void](tb, p.el+`.scrollIntoView({block: 'start'})`)
			tb.shot(fmt.Sprintf("zh-playground-empty-%s-%d", when, w))
		}
		tb.noProblems()
	}
}

// TestPlayersDrawWhileTheNotesAreLate: a Chinese page's trace notes come
// from notes.json, and a fetch of it that stalls (a failing connection, a
// queue of downloads ahead of it) must not keep the page's players away.
// Once in several clean-clone checks a Chinese lesson's players had not
// drawn after 30 s with no error on the page: app.js waited on that fetch
// with no bound.
func TestPlayersDrawWhileTheNotesAreLate(t *testing.T) {
	b := newOwnBrowser(t, shared.dir)
	release := b.gz.hold("/notes.json")
	t.Cleanup(release)
	tb := b.open("zh/01-handshake.html")
	tb.waitFor(`document.querySelectorAll('figure.player').length > 0 && [...document.querySelectorAll('figure.player')].every((f) => f.dataset.loaded)`, 20*time.Second)
	paths, _ := b.gz.requested(0)
	if !slices.ContainsFunc(paths, func(p string) bool { return strings.HasSuffix(p, "/notes.json") }) {
		t.Fatalf("the page never asked for notes.json, so nothing was held; it asked for %v", paths)
	}
	// A step with a note: the inspector shows it, in English while the
	// notes are held.
	p := &player{tb: tb, el: `document.querySelector('[data-testid=player]')`}
	inspectorNote := p.el + `.querySelector('.inspector-note')`
	for i := 0; i < 40 && !eval[bool](tb, `!!`+inspectorNote); i++ {
		p.click("step")
	}
	if !eval[bool](tb, `!!`+inspectorNote) {
		t.Fatal("no step of the first player shows a note in the inspector")
	}
	han := `/[\u4e00-\u9fff]/.test(` + inspectorNote + `.textContent)`
	if eval[bool](tb, han) {
		t.Fatalf("the note is in Chinese while notes.json is held: %s", eval[string](tb, inspectorNote+`.textContent`))
	}
	step, status := p.step(), p.status()
	release()
	tb.waitFor(`!!`+inspectorNote+` && `+han, 20*time.Second)
	if got := p.step(); got != step {
		t.Errorf("the redraw moved the player from step %d to %d", step, got)
	}
	if got := p.status(); got != status {
		t.Errorf("the redraw changed the player's status from %s to %s", status, got)
	}
	tb.noProblems()
}
