package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
// choices issues 25 and 35 made for the Chinese edition: each old form
// fails a line, and the chosen forms (some of which contain an old one, as
// 帧检查器 contains 检查器 and 工具目录 contains 目录) pass.
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
		// Issue 35: one term per idea.
		"服务器的应答", "服务器回应未知工具", "把旧调用的回复交给新调用", "真正的答复",
		"版本还价", "服务器提出了另一个版本", "严格的输入模式", "没有 Mcp-Session-Id 头部",
		"镜像请求体的请求头", "找不到方法", "方法未知", "无效参数", "评分程序", "模拟器的分接器",
		"每次触碰都给一个新的代次", "看第二个响应的形状", "不做发现：直接重试请求本身", "发现期间不允许",
		"读完整个目录", "候选目录", "挂住的服务器", "被异常拆除", "时灵时不灵的时间余量",
	} {
		if len(glossaryBreaks(rules, line)) == 0 {
			t.Errorf("%q passes the glossary; want it rejected", line)
		}
	}
	for _, line := range []string{
		"兼容新旧两版的客户端", "旧版和新版", "两版协议", "客户端支持这个版本",
		"两者在线路上是完全相同的字节", "把旧调用的响应交给新调用", "可识别的新版错误",
		"游标值", "两张陈旧票据", "一个新代次", "墙钟时间", "逐步查看一遍",
		"帧检查器标出第 1 行", "在帧详情面板里打开结果帧", "学完本课你能做到", "知道了结果",
		"服务器以 -32022 响应", "版本的反向提议", "严格的输入 schema", "`Mcp-Session-Id` 响应头",
		"请求头重复请求体的内容", "-32601（方法未找到）", "-32602（参数无效）", "评分器", "HTTP 拦截器",
		"每次 Touch 都给一个新的代次", "看第二个响应的结构", "不做探测：直接重试请求本身",
		"读完整个工具目录", "候选工具目录", "本页目录", "帧检查器", "卡住不动的服务器",
		"调度器发现会话的截止时间已过", "先回答下面的问题",
	} {
		if b := glossaryBreaks(rules, line); len(b) > 0 {
			t.Errorf("%q breaks the glossary (%s); want it accepted", line, b[0].variant)
		}
	}
}

// chineseText is one line of the Chinese edition's words, with where it
// came from.
type chineseText struct {
	file string
	line int
	text string
}

// chineseEdition reads the words of the real Chinese edition: the lessons
// and the exercise statements (outside fenced blocks), the Chinese column
// of the tables, the values of the interface strings and the exercises'
// Chinese configs. Keys and English columns are left out: they are the
// English the translation is keyed by.
func chineseEdition(t *testing.T) (texts []chineseText, ui map[string]string) {
	t.Helper()
	var md []string
	for _, g := range []string{"../../lessons/zh/*.md", "../../exercises/*/README.zh.md", "../../exercises/*/.meta/config.zh.json"} {
		m, err := filepath.Glob(g)
		if err != nil || len(m) == 0 {
			t.Fatalf("Glob(%q) = %v, %v; want files", g, m, err)
		}
		md = append(md, m...)
	}
	for _, f := range md {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fenced := false
		for i, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				fenced = !fenced
				continue
			}
			if !fenced {
				texts = append(texts, chineseText{f, i + 1, l})
			}
		}
	}
	for _, tbl := range []string{notesTable, scenariosTable, paramsTable} {
		f := filepath.Join("../../lessons/zh", tbl)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			fields := strings.Split(l, "\t")
			texts = append(texts, chineseText{f, i + 1, fields[len(fields)-1]})
		}
	}
	ui, err := readUI("../../site/i18n/zh.json")
	if err != nil {
		t.Fatal(err)
	}
	for en, zh := range ui {
		texts = append(texts, chineseText{"site/i18n/zh.json", 0, zh + " (for " + strconv.Quote(en) + ")"})
	}
	return texts, ui
}

// codeSpan matches Markdown code spans, which hold identifiers and wire
// text, not the edition's words.
var codeSpan = regexp.MustCompile("`[^`]*`")

// TestChineseEditionKeepsOneTermPerIdea holds the terms issue 35 chose,
// where a substring rule in glossary.tsv cannot: a word that is right in
// one sense and wrong in another (回答 answers the lessons' questions, never
// a request), a header named without saying whose, the era switch's word,
// English left on a Chinese page; and it requires each chosen term, so a
// rewrite that drops it shows.
func TestChineseEditionKeepsOneTermPerIdea(t *testing.T) {
	texts, ui := chineseEdition(t)
	forbidden := []struct {
		why string
		re  *regexp.Regexp
		// unless lets a line through: the same word in its other, right sense.
		unless *regexp.Regexp
		// code: the rule reads code spans too (a header's name is one).
		code bool
	}{
		{"a protocol response is 响应; 回答 only answers the lessons' questions",
			regexp.MustCompile(`回答`), regexp.MustCompile(`先回答|回答.{0,16}问题`), false},
		{"a header is a 请求头 or a 响应头, never a bare 头",
			regexp.MustCompile("(?:(?:Mcp|MCP|WWW)-[A-Za-z*-]+|HTTP)`? ?头(?:[^部]|$)"), nil, true},
		{"the scheduler's touch is Touch, the method's name",
			regexp.MustCompile(`(?:^|[^A-Za-z"])touch(?:[^A-Za-z(]|$)`), regexp.MustCompile(`"op"`), false},
		{"English left on a Chinese page",
			// The specification's section names (Lifecycle, Timeouts) are
			// citations and keep their capital.
			regexp.MustCompile(`(?i:round tripper|invalid params|method not found|an update of the course)|lifecycle`), nil, false},
	}
	for _, x := range texts {
		raw := x.text
		if strings.HasPrefix(x.file, "site/") {
			// A value's English key rides along for the message only.
			raw = raw[:strings.LastIndex(raw, " (for ")]
		}
		for _, f := range forbidden {
			text := raw
			if !f.code {
				text = codeSpan.ReplaceAllString(raw, "")
			}
			if f.re.MatchString(text) && (f.unless == nil || !f.unless.MatchString(text)) {
				t.Errorf("%s:%d: %q: %s", x.file, x.line, f.re.FindString(text), f.why)
			}
		}
	}
	// The era switch names the scenario's era, not its protocolVersion.
	era := regexp.MustCompile(`(?i)\beras?\b`)
	for en, zh := range ui {
		if era.MatchString(en) && strings.Contains(zh, "版本") {
			t.Errorf("zh.json %q = %q: an era is a 版别 (or 两版/另一版协议), not a 版本, which is protocolVersion's word", en, zh)
		}
	}
	for en, want := range map[string]string{
		"Catalog": "工具目录", "Contents": "本页目录", "Method not found": "方法未找到", "Era": "版别",
		"frame not terminated by LF": "帧没有以 LF 结尾",
	} {
		if ui[en] != want {
			t.Errorf("zh.json %q = %q, want %q", en, ui[en], want)
		}
	}
	var all strings.Builder
	for _, x := range texts {
		all.WriteString(x.text + "\n")
	}
	for _, term := range []string{
		"响应", "工具目录", "本页目录", "探测", "反向提议", "输入 schema", "请求头", "响应头",
		"方法未找到", "参数无效", "评分器", "步进线路", "拦截器", "版别", "模型上下文协议", "Touch",
	} {
		if !strings.Contains(all.String(), term) {
			t.Errorf("the Chinese edition never uses %s, a term issue 35 chose", term)
		}
	}
}
