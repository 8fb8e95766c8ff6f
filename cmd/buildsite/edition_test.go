package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

func TestNoteTemplateKeepsWordsAndTakesValues(t *testing.T) {
	tests := []struct {
		note, tpl string
		vals      []string
	}{
		{"The client closes the session.", "The client closes the session.", nil},
		{"The client initializes (protocol 2025-11-25).", "The client initializes (protocol {1}).", []string{"2025-11-25"}},
		{`cursor "bm90LWlzc3VlZC0x": sent back unchanged.`, "cursor {1}: sent back unchanged.", []string{`"bm90LWlzc3VlZC0x"`}},
		{"Touch(\"A\", 9, 5). deadline 14.", "Touch({1}, {2}, {3}). deadline {4}.", []string{`"A"`, "9", "5", "14"}},
		{"Error -32602 from go-sdk v1.8.0 on session-1.", "Error {1} from go-sdk {2} on {3}.", []string{"-32602", "v1.8.0", "session-1"}},
		{"alice's walk, page 1 of PEN-01.", "alice's walk, page {1} of {2}.", []string{"1", "PEN-01"}},
	}
	for _, tt := range tests {
		tpl, vals := noteTemplate(tt.note)
		if tpl != tt.tpl || !slices.Equal(vals, tt.vals) {
			t.Errorf("noteTemplate(%q) = %q, %q; want %q, %q", tt.note, tpl, vals, tt.tpl, tt.vals)
		}
		if got := fillTemplate(tpl, vals); got != tt.note {
			t.Errorf("fillTemplate(noteTemplate(%q)) = %q", tt.note, got)
		}
	}
}

// zhSite writes a Chinese edition for testdata/small into a temp copy of
// its lessons: each lesson as it is (only its words would differ), the
// note and scenario tables filled from the fake catalog, and edit applied
// to the files (by path under lessons/) before the build.
func zhSite(t *testing.T, edit func(files map[string]string)) (Config, error) {
	t.Helper()
	cfg := zhConfig(t, edit)
	return cfg, Build(context.Background(), cfg)
}

// zhConfig is zhSite's configuration, before the build. Its Chinese
// lessons are English copies, so it allows English on the pages.
func zhConfig(t *testing.T, edit func(files map[string]string)) Config {
	t.Helper()
	cfg := smallConfig(t)
	cfg.AllowEnglish = true
	dir := filepath.Join(t.TempDir(), "lessons")
	files := map[string]string{}
	names, _ := sortedNames(cfg.Lessons, ".md")
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(cfg.Lessons, n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = string(b)
		zh := strings.Replace(string(b), "Some *prose*", "一些*文字*", 1)
		files["zh/"+n] = strings.Replace(zh, "## Code & tables", "## 代码与表格", 1)
	}
	var notes, scen strings.Builder
	var runs []*scenario.Result
	for _, in := range (fakeCatalog{}).List() {
		r, _ := (fakeCatalog{}).Run(context.Background(), in.ID)
		runs = append(runs, r)
		fmt.Fprintf(&scen, "%s\ttitle\t%s\t中%s\n%s\tsummary\t%s\t中%s\n", in.ID, in.Title, in.Title, in.ID, in.Summary, in.Summary)
	}
	tpls, _ := simNotes(runs)
	for _, tpl := range tpls {
		fmt.Fprintf(&notes, "%s\t中%s\n", tpl, tpl)
	}
	files["zh/notes.tsv"] = notes.String()
	files["zh/scenarios.tsv"] = scen.String()
	files["zh/glossary.tsv"] = "cursor\t游标\t光标\n"
	if edit != nil {
		edit(files)
	}
	for n, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Lessons = dir
	cfg.I18n = "../../site/i18n"
	// The exercise's Chinese statement, beside a copy of the English.
	ex := filepath.Join(t.TempDir(), "exercises", "greet")
	os.MkdirAll(ex, 0o755)
	b, _ := os.ReadFile("testdata/small/exercises/greet/README.md")
	os.WriteFile(filepath.Join(ex, "README.md"), b, 0o644)
	os.WriteFile(filepath.Join(ex, "README.zh.md"), b, 0o644)
	cfg.Exercises = filepath.Dir(ex)
	return cfg
}

// TestTranslatedPageWithEnglishFailsTheBuild: the check is on unless a
// test site turns it off, and names the page and the sentence.
func TestTranslatedPageWithEnglishFailsTheBuild(t *testing.T) {
	cfg := zhConfig(t, nil)
	cfg.AllowEnglish = false
	err := Build(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "English on a translated page") || !strings.Contains(err.Error(), "zh/") {
		t.Errorf("Build error = %v, want a translated page failing with its English", err)
	}
}

func TestChineseEditionMirrorsTheEnglish(t *testing.T) {
	cfg, err := zhSite(t, nil)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	got := readTree(t, cfg.Out)
	for _, name := range []string{"index.html", "01-alpha.html", "playground.html", "exercises/greet.html"} {
		zh, ok := got["zh/"+name]
		if !ok {
			t.Errorf("zh/%s not written", name)
			continue
		}
		if !strings.Contains(zh, `<html lang="zh-CN"`) {
			t.Errorf("zh/%s: no lang zh-CN", name)
		}
		if !strings.Contains(got[name], `hreflang="zh-CN"`) || !strings.Contains(zh, `hreflang="en"`) {
			t.Errorf("%s: the two editions do not name each other with hreflang", name)
		}
		// The editions share one set of assets: a Chinese page without
		// them is unstyled and its players never load.
		if en, z := assetRefs.FindAllString(got[name], -1), assetRefs.FindAllString(zh, -1); len(en) == 0 || !slices.Equal(en, z) {
			t.Errorf("zh/%s links assets %q, want %q as %s does", name, z, en, name)
		}
	}
	if _, ok := got["zh/404.html"]; ok {
		t.Error("zh/404.html written: GitHub Pages serves only the top one, which offers both")
	}
	if !strings.Contains(got["404.html"], `href="/zh/index.html"`) {
		t.Error("404.html does not offer the Chinese edition")
	}
	if !strings.Contains(got["zh/01-alpha.html"], "中Alpha") {
		t.Error("zh/01-alpha.html: the player does not show the scenario's Chinese title")
	}
	// An answer saved on one edition's quiz shows on the other's.
	key := regexp.MustCompile(`data-choice="([^"]+)"`)
	if en, zh := key.FindAllStringSubmatch(got["01-alpha.html"], -1), key.FindAllStringSubmatch(got["zh/01-alpha.html"], -1); len(en) == 0 || fmt.Sprint(en) != fmt.Sprint(zh) {
		t.Errorf("quiz choice keys differ between editions: %v and %v", en, zh)
	}
	// A translated heading keeps its English anchor, so a link to a
	// section (and the language switch, which keeps the hash) lands on it.
	if !strings.Contains(got["zh/01-alpha.html"], `<h2 id="code--tables">代码与表格</h2>`) || !strings.Contains(got["zh/01-alpha.html"], `href="#code--tables"`) {
		t.Error("zh/01-alpha.html: the translated heading does not keep the English anchor code--tables")
	}
	if hero := got["zh/hero.svg"]; !strings.Contains(hero, ">客户端</text>") || !strings.Contains(got["zh/index.html"], `src="hero.svg"`) {
		t.Errorf("zh/index.html does not show a hero with Chinese lane names: %q", hero)
	}
	if _, ok := got["zh/notes.json"]; !ok {
		t.Error("zh/notes.json not written")
	}
}

func TestChineseEditionFailsWhatDoesNotMatch(t *testing.T) {
	tests := []struct {
		name string
		edit func(map[string]string)
		want string
	}{
		{"missing lesson", func(f map[string]string) { delete(f, "zh/02-beta.md") },
			"lessons/zh/02-beta.md:1: missing: translate lessons/02-beta.md"},
		{"changed program", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], `fmt.Println("hi")`, `fmt.Println("你好")`, 1)
		}, "lessons/zh/01-alpha.md:33: go block differs from lessons/01-alpha.md:33"},
		{"changed player", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], "```sim scenario=alpha", "```sim scenario=beta", 1)
		}, `lessons/zh/01-alpha.md:11: block "sim scenario=beta", want "sim scenario=alpha" as at lessons/01-alpha.md:11`},
		{"quiz answer moved", func(f map[string]string) {
			s := strings.Replace(f["zh/01-alpha.md"], "    correct: true\n", "", 1)
			f["zh/01-alpha.md"] = strings.Replace(s, "    why: Text, never markup.", "    correct: true\n    why: Text, never markup.", 1)
		}, "quiz differs from lessons/01-alpha.md:16 in more than its words"},
		{"heading dropped", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], "## 代码与表格\n", "", 1)
		}, `headings "## ## ##", want "## ## ## ##"`},
		{"front matter list", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], "scenarios: [alpha]", "scenarios: [beta]", 1)
		}, "lessons/zh/01-alpha.md:1: front matter lists scenarios [beta]"},
		{"malformed front matter", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], "scenarios: [alpha]", "scenarios: [alpha", 1)
		}, "lessons/zh/01-alpha.md:1: bad front matter: line 3: did not find expected"},
		{"unknown scenario in a player", func(f map[string]string) {
			f["zh/01-alpha.md"] = strings.Replace(f["zh/01-alpha.md"], "```sim scenario=alpha", "```sim scenario=nope", 1)
		}, "lessons/zh/01-alpha.md:11: sim: unknown scenario \"nope\""},
		{"untranslated note", func(f map[string]string) { f["zh/notes.tsv"] = "" },
			"lessons/zh/notes.tsv:1: no template for the note"},
		{"note loses a value", func(f map[string]string) {
			f["zh/notes.tsv"] += "Step {1} of {2}.\t第几步\n"
		}, "placeholders [], want [1 2] as in the English"},
		{"stale scenario text", func(f map[string]string) {
			f["zh/scenarios.tsv"] = strings.Replace(f["zh/scenarios.tsv"], "\ttitle\t", "\ttitle\tOld ", 1)
		}, "title changed to"},
		{"glossary variant", func(f map[string]string) {
			f["zh/02-beta.md"] = strings.Replace(f["zh/02-beta.md"], "\n\n", "\n\n光标\n\n", 1)
		}, "lessons/zh/02-beta.md:8: 光标: the glossary's term for \"cursor\" is 游标"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := zhSite(t, tt.edit)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Build error = %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestInterfaceStringsAreTranslated fails when a script or template asks
// for an interface string site/i18n/zh.json lacks: a Chinese page would
// show it in English.
func TestInterfaceStringsAreTranslated(t *testing.T) {
	ui, err := readUI("../../site/i18n/zh.json")
	if err != nil {
		t.Fatal(err)
	}
	strs, err := scriptStrings("../../site/js")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strs {
		if strings.TrimSpace(ui[s]) == "" {
			t.Errorf("site/js: t(%q) has no Chinese in site/i18n/zh.json", s)
		}
	}
	// Placeholders survive translation.
	for en, zh := range ui {
		if a, b := placeholders(en), placeholders(zh); !slices.Equal(a, b) {
			t.Errorf("zh.json %q: placeholders %v, want %v", en, b, a)
		}
		if strings.Count(en, "%") != strings.Count(zh, "%") {
			t.Errorf("zh.json %q: %q has other fmt verbs", en, zh)
		}
	}
}

// assetRefs matches a page's stylesheet, module and script references,
// whatever the path up to the assets folder.
var assetRefs = regexp.MustCompile(`assets/[^"]+`)

func TestLineBreaksBetweenHanCharactersRenderAsNothing(t *testing.T) {
	md, err := newMarkdown()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ src, want string }{
		{"第一行\n第二行。\n", "<p>第一行第二行。</p>"},
		{"句子结束，\n下一句\n", "<p>句子结束，下一句</p>"},
		{"中文\nEnglish words\n", "<p>中文\nEnglish words</p>"},
		{"不能是 `null`。\n2025-11-25 还禁止\n", "<p>不能是 <code>null</code>。2025-11-25 还禁止</p>"},
		{"English, then\n（括号）\n", "<p>English, then（括号）</p>"},
		{"two English\nlines\n", "<p>two English\nlines</p>"},
	}
	for _, tt := range tests {
		r, errs := md.render(&site{}, "x.md", "", "", []byte(tt.src), nil)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if got := strings.TrimSpace(string(r.HTML)); got != tt.want {
			t.Errorf("render(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestSkeletonAddsOnlyWhatIsMissing: -zh-skeleton appends an empty row
// for each note template, run name, scenario text and parameter doc the
// tables lack, and nothing the second time.
func TestSkeletonAddsOnlyWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	zh := filepath.Join(dir, zhDir)
	os.MkdirAll(zh, 0o755)
	os.WriteFile(filepath.Join(zh, notesTable), []byte("Known note.\t已知。\n"), 0o644)
	os.WriteFile(filepath.Join(zh, scenariosTable), []byte("s1\ttitle\tOne\t一\n"), 0o644)
	runs := []*scenario.Result{{
		Info: scenario.Info{ID: "s1", Title: "One", Summary: "The first.",
			ParamDocs: map[string]scenario.ParamDoc{"pages": {Doc: "pages to serve; 1 to 20"}}},
		Events: []trace.Event{{Note: "Known note."}, {Note: "Page 2 of 3.", Run: "walk 1"}},
	}}
	cfg := Config{Lessons: dir}
	added, err := writeSkeleton(cfg, runs)
	if err != nil {
		t.Fatal(err)
	}
	if added != 4 {
		t.Errorf("first run added %d rows, want 4 (a note, a run name, a summary, a parameter doc)", added)
	}
	notes, _ := os.ReadFile(filepath.Join(zh, notesTable))
	for _, want := range []string{"# e.g. Page 2 of 3.\nPage {1} of {2}.\t\n", "walk {1}\t\n"} {
		if !strings.Contains(string(notes), want) {
			t.Errorf("notes.tsv lacks %q:\n%s", want, notes)
		}
	}
	if again, err := writeSkeleton(cfg, runs); err != nil || again != 0 {
		t.Errorf("second run added %d rows (err %v), want 0", again, err)
	}
}

// TestGlossaryRejectsTheOldForms holds the course's own glossary to the
// choices issue 25 made for the Chinese edition: each old form fails a
// line, and the chosen forms (some of which contain an old one, as
// 帧检查器 contains 检查器) pass.
func TestGlossaryRejectsTheOldForms(t *testing.T) {
	rules, err := readGlossary("../../lessons/zh/glossary.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"握手时代的会话", "双时代客户端", "协议时代", "客户端能讲这个版本",
		"两者在线上是完全相同的字节", "响应了结了新调用", "不属于公认新版错误",
		"游标令牌", "两张旧票据", "一个新代号", "挂钟时间",
		"单步走一遍", "逐步执行", "逐帧查看", "在检查器里打开结果帧", "学完本课你能做什么",
	} {
		if len(glossaryBreaks(rules, line)) == 0 {
			t.Errorf("%q passes the glossary; want it rejected", line)
		}
	}
	for _, line := range []string{
		"兼容新旧两版的客户端", "旧版和新版", "两版协议", "客户端支持这个版本",
		"两者在线路上是完全相同的字节", "把旧调用的回复交给新调用", "可识别的新版错误",
		"游标值", "两张陈旧票据", "一个新代次", "墙钟时间", "逐步查看一遍",
		"帧检查器标出第 1 行", "在帧详情面板里打开结果帧", "学完本课你能做到", "知道了结果",
	} {
		if b := glossaryBreaks(rules, line); len(b) > 0 {
			t.Errorf("%q breaks the glossary (%s); want it accepted", line, b[0].variant)
		}
	}
}
