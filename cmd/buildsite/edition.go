package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v3"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// chineseEdition reads the Chinese edition (lessons/zh/, README.zh.md,
// the tables beside them) and checks it against the English one, s. It is
// nil when there is no lessons/zh/ at all (test sites). Problems are in
// the returned site's errs, by file and line, like the English edition's.
func (s *site) chineseEdition() (*site, error) {
	dir := filepath.Join(s.cfg.Lessons, zhDir)
	names, err := sortedNames(dir, ".md")
	if err != nil || len(names) == 0 {
		return nil, err
	}
	// The assets (css, hasApp, modules) are the English edition's, known
	// once it has written them: Build copies them then.
	z := &site{cfg: s.cfg, ctx: s.ctx, md: s.md, traces: s.traces, pages: s.pages,
		lang: zhDir, missing: map[string]bool{}, en: s}
	z.cfg.Lessons = dir
	if z.ui, err = readUI(filepath.Join(s.cfg.I18n, zhDir+".json")); err != nil {
		return nil, err
	}
	if err := z.translateScenarios(s.infos); err != nil {
		return nil, err
	}
	if err := z.checkNotes(); err != nil {
		return nil, err
	}
	if err := z.readExercises(); err != nil {
		return nil, err
	}
	if err := z.readLessons(); err != nil {
		return nil, err
	}
	z.checkParity(s)
	if err := z.checkGlossary(); err != nil {
		return nil, err
	}
	return z, nil
}

// readUI reads an edition's interface strings: English string to its own.
// A missing file is an empty table (every string then fails the build).
func readUI(file string) (map[string]string, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return m, nil
}

// t is the edition's text for the English interface string en. A string
// the Chinese table lacks shows in English and fails the build.
func (s *site) t(en string) string {
	if s.lang == "" {
		return en
	}
	if v, ok := s.ui[en]; ok && v != "" {
		return v
	}
	s.missing[en] = true
	return en
}

// untranslated fails the build with every interface string the edition's
// pages asked for and its table lacks.
func (s *site) untranslated() error {
	if len(s.missing) == 0 {
		return nil
	}
	var m []string
	for k := range s.missing {
		m = append(m, fmt.Sprintf("%q", k))
	}
	sort.Strings(m)
	return fmt.Errorf("site/i18n/%s.json: %d interface strings untranslated: %s", s.lang, len(m), strings.Join(m, ", "))
}

// translateScenarios gives the edition its own scenario list, titles and
// summaries from lessons/zh/scenarios.tsv. A row whose English no longer
// matches the scenario's is stale and fails the build, as a missing one does.
func (z *site) translateScenarios(infos []scenario.Info) error {
	file := path.Join("lessons", zhDir, scenariosTable)
	rows, err := readTable(filepath.Join(z.cfg.Lessons, scenariosTable), 4)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	type text struct {
		en, zh string
		line   int
	}
	tr := map[string]text{}
	for _, r := range rows {
		tr[r.Fields[0]+"\t"+r.Fields[1]] = text{r.Fields[2], r.Fields[3], r.Line}
	}
	params := map[string]string{}
	prows, err := readTable(filepath.Join(z.cfg.Lessons, paramsTable), 2)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	for _, r := range prows {
		params[r.Fields[0]] = r.Fields[1]
	}
	missingParams := 0
	for _, in := range infos {
		if len(in.ParamDocs) > 0 {
			docs := make(map[string]scenario.ParamDoc, len(in.ParamDocs))
			for name, d := range in.ParamDocs {
				if zh := strings.TrimSpace(params[d.Doc]); zh != "" {
					d.Doc = zh
				} else {
					missingParams++
				}
				docs[name] = d
			}
			in.ParamDocs = docs
		}
		for _, f := range []struct {
			name string
			p    *string
		}{{"title", &in.Title}, {"summary", &in.Summary}} {
			t, ok := tr[in.ID+"\t"+f.name]
			switch {
			case !ok:
				z.errs = append(z.errs, &fileError{file, 1, fmt.Sprintf("no %s for scenario %s: run go run ./cmd/buildsite -zh-skeleton and translate the new rows", f.name, in.ID)})
			case t.en != *f.p:
				z.errs = append(z.errs, &fileError{file, t.line, fmt.Sprintf("scenario %s's %s changed to %q: translate it again", in.ID, f.name, *f.p)})
			case strings.TrimSpace(t.zh) == "":
				z.errs = append(z.errs, &fileError{file, t.line, fmt.Sprintf("scenario %s's %s is not translated", in.ID, f.name)})
			default:
				*f.p = t.zh
			}
		}
		z.infos = append(z.infos, in)
	}
	if missingParams > 0 {
		z.errs = append(z.errs, &fileError{path.Join("lessons", zhDir, paramsTable), 1, fmt.Sprintf("%d parameter docs untranslated: run go run ./cmd/buildsite -zh-skeleton and translate the new rows", missingParams)})
	}
	return nil
}

// checkNotes checks that every note of every baked trace has a Chinese
// template, with the same placeholders as the English.
func (z *site) checkNotes() error {
	file := path.Join("lessons", zhDir, notesTable)
	rows, err := readNotes(filepath.Join(z.cfg.Lessons, notesTable))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	have := map[string]tableRow{}
	for _, r := range rows {
		have[r.Fields[0]] = r
		if strings.TrimSpace(r.Fields[1]) == "" {
			z.errs = append(z.errs, &fileError{file, r.Line, "note template not translated"})
		} else if a, b := placeholders(r.Fields[0]), placeholders(r.Fields[1]); !slices.Equal(a, b) {
			z.errs = append(z.errs, &fileError{file, r.Line, fmt.Sprintf("placeholders %v, want %v as in the English", b, a)})
		}
	}
	runs := make([]*scenario.Result, 0, len(z.infos))
	for _, in := range z.infos {
		runs = append(runs, z.traces[in.ID])
	}
	tpls, examples := simNotes(runs)
	n := 0
	for i, tpl := range tpls {
		if _, ok := have[tpl]; !ok {
			if n++; n <= 3 {
				z.errs = append(z.errs, &fileError{file, 1, fmt.Sprintf("no template for the note %q: run go run ./cmd/buildsite -zh-skeleton and translate the new rows", examples[i])})
			}
		}
	}
	if n > 3 {
		z.errs = append(z.errs, &fileError{file, 1, fmt.Sprintf("and %d more notes without a template", n-3)})
	}
	return nil
}

// readNotes reads notes.tsv.
func readNotes(file string) ([]tableRow, error) { return readTable(file, 2) }

// checkParity checks that the Chinese edition teaches what the English
// does: the same lessons, front matter lists, players, programs and
// quizzes, and exercise statements that name the same API.
func (z *site) checkParity(en *site) {
	byName := map[string]*lesson{}
	for _, l := range z.lessons {
		byName[l.Slug] = l
	}
	for _, e := range en.lessons {
		zf := path.Join("lessons", zhDir, e.Slug+".md")
		l := byName[e.Slug]
		if l == nil {
			z.errs = append(z.errs, &fileError{zf, 1, fmt.Sprintf("missing: translate %s", e.File)})
			continue
		}
		delete(byName, e.Slug)
		if !slices.Equal(l.Scenarios, e.Scenarios) || !slices.Equal(l.Exercises, e.Exercises) {
			z.errs = append(z.errs, &fileError{zf, 1, fmt.Sprintf("front matter lists scenarios %v and exercises %v, want %v and %v as in %s", l.Scenarios, l.Exercises, e.Scenarios, e.Exercises, e.File)})
		}
		z.compareBlocks(e.File, e.Source, zf, l.Source)
	}
	for name := range byName {
		z.errs = append(z.errs, &fileError{path.Join("lessons", zhDir, name+".md"), 1, "no English lesson of this name"})
	}
	for _, id := range en.exerciseIDs() {
		e, c := en.exercises[id], z.exercises[id]
		zf := path.Join("exercises", id, "README.zh.md")
		if c == nil {
			continue // readExercises reported it
		}
		z.compareBlocks(path.Join("exercises", id, "README.md"), e.Source, zf, c.Source)
		for _, api := range apiNames(e.Source) {
			if !slices.Contains(apiNames(c.Source), api) {
				z.errs = append(z.errs, &fileError{zf, 1, fmt.Sprintf("the English statement names `%s`; this one does not", api)})
			}
		}
	}
}

// A block is a fenced block of a Markdown file, or its headings' shape.
type block struct {
	Line int
	Info string
	Body string
}

// blocks lists the fenced code blocks of a Markdown file and, as one last
// pseudo-block, the levels of its headings.
func (s *site) blocks(src []byte) []block {
	doc := s.md.gm.Parser().Parse(text.NewReader(src))
	var out []block
	var levels []string
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			var b strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				b.Write(seg.Value(src))
			}
			info := ""
			if n.Info != nil {
				info = string(n.Info.Segment.Value(src))
			}
			line := 1 // the fence's line: a player's block has no lines of its own
			if n.Info != nil {
				line = lineAt(src, n.Info.Segment.Start)
			} else if n.Lines().Len() > 0 {
				line = lineAt(src, n.Lines().At(0).Start) - 1
			}
			out = append(out, block{line, info, b.String()})
		case *ast.Heading:
			levels = append(levels, strings.Repeat("#", n.Level))
		}
		return ast.WalkContinue, nil
	})
	return append(out, block{0, "headings", strings.Join(levels, " ")})
}

// compareBlocks checks the Chinese file zf against the English file ef:
// code and sim blocks byte for byte, quizzes in everything but their
// words, headings in number and level.
func (z *site) compareBlocks(ef string, esrc []byte, zf string, zsrc []byte) {
	eb, zb := z.blocks(esrc), z.blocks(zsrc)
	if len(eb) != len(zb) {
		z.errs = append(z.errs, &fileError{zf, 1, fmt.Sprintf("%d fenced blocks, want %d as in %s", len(zb)-1, len(eb)-1, ef)})
		return
	}
	for i := range eb {
		e, c := eb[i], zb[i]
		switch {
		case e.Info == "headings":
			if e.Body != c.Body {
				z.errs = append(z.errs, &fileError{zf, 1, fmt.Sprintf("headings %q, want %q as in %s", c.Body, e.Body, ef)})
			}
		case e.Info != c.Info:
			z.errs = append(z.errs, &fileError{zf, c.Line, fmt.Sprintf("block %q, want %q as at %s:%d", c.Info, e.Info, ef, e.Line)})
		case strings.HasPrefix(e.Info, "quiz"):
			if a, b := quizShape(e.Body), quizShape(c.Body); a != b {
				z.errs = append(z.errs, &fileError{zf, c.Line, fmt.Sprintf("quiz differs from %s:%d in more than its words: %s, want %s", ef, e.Line, b, a)})
			}
		case e.Body != c.Body:
			z.errs = append(z.errs, &fileError{zf, c.Line, fmt.Sprintf("%s block differs from %s:%d: players and programs are copied as they are", e.Info, ef, e.Line)})
		}
	}
}

// quizShape is a quiz block without its words: its id, trace, expect and
// which choice is correct, as one string to compare.
func quizShape(body string) string {
	var q struct {
		ID       string    `yaml:"id"`
		Scenario string    `yaml:"scenario"`
		After    *int      `yaml:"after"`
		Expect   yaml.Node `yaml:"expect"`
		Choices  []struct {
			Correct bool `yaml:"correct"`
		} `yaml:"choices"`
	}
	if err := yaml.Unmarshal([]byte(body), &q); err != nil {
		return "unreadable: " + err.Error()
	}
	var expect any
	_ = q.Expect.Decode(&expect)
	correct := make([]bool, len(q.Choices))
	for i, c := range q.Choices {
		correct[i] = c.Correct
	}
	after := -1
	if q.After != nil {
		after = *q.After
	}
	b, _ := json.Marshal([]any{q.ID, q.Scenario, after, expect, correct})
	return string(b)
}

// apiCode matches a code span that names Go or protocol API.
var apiCode = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_./-]*)`")

// apiNames lists, sorted and once each, the identifiers a statement puts
// in code font.
func apiNames(src []byte) []string {
	seen := map[string]bool{}
	for _, m := range apiCode.FindAllSubmatch(src, -1) {
		seen[string(m[1])] = true
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// glossaryTable is the Chinese edition's terms: English, Chinese, and the
// variants the text must not use, comma-separated.
const glossaryTable = "glossary.tsv"

// checkGlossary fails every line of the Chinese text (lessons, exercise
// statements, trace notes, scenario texts) that uses a variant the
// glossary rules out, so that one English term reads the same everywhere.
func (z *site) checkGlossary() error {
	rows, err := readTable(filepath.Join(z.cfg.Lessons, glossaryTable), 3)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	type avoid struct{ variant, term, en string }
	var avoids []avoid
	for _, r := range rows {
		for _, v := range strings.Split(r.Fields[2], ",") {
			if v = strings.TrimSpace(v); v != "" {
				avoids = append(avoids, avoid{v, r.Fields[1], r.Fields[0]})
			}
		}
	}
	check := func(file string, src []byte) {
		for i, line := range strings.Split(string(src), "\n") {
			for _, a := range avoids {
				if strings.Contains(line, a.variant) {
					z.errs = append(z.errs, &fileError{file, i + 1, fmt.Sprintf("%s: the glossary's term for %q is %s", a.variant, a.en, a.term)})
				}
			}
		}
	}
	for _, l := range z.lessons {
		check(l.File, l.Source)
	}
	for _, id := range z.exerciseIDs() {
		check(path.Join("exercises", id, "README."+z.lang+".md"), z.exercises[id].Source)
	}
	for _, t := range []string{notesTable, scenariosTable} {
		if b, err := os.ReadFile(filepath.Join(z.cfg.Lessons, t)); err == nil {
			check(path.Join("lessons", z.lang, t), b)
		}
	}
	return nil
}

// templateFuncs are the page templates' words: t for an interface string,
// tf for one with fmt verbs, tz for the Chinese of a string on a page that
// shows both languages (the 404 page).
func (s *site) templateFuncs() template.FuncMap {
	zh := func(en string) string {
		if s.lang != "" {
			return s.t(en)
		}
		if s.zh != nil {
			return s.zh.t(en)
		}
		return en
	}
	return template.FuncMap{
		"t":  s.t,
		"tf": func(format string, args ...any) string { return fmt.Sprintf(s.t(format), args...) },
		"tz": zh,
		// th formats a translated HTML fragment; the table is the
		// repository's own text, and the arguments are escaped.
		"th": func(format string, args ...any) template.HTML {
			for i, a := range args {
				args[i] = template.HTMLEscapeString(fmt.Sprint(a))
			}
			return template.HTML(fmt.Sprintf(s.t(format), args...))
		},
	}
}

// jsString matches a script's interface string: t('English') or
// t('English', ...). Scripts write them with single quotes, whole.
var jsString = regexp.MustCompile(`\bt\('((?:[^'\\]|\\.)*)'`)

// scriptStrings lists the interface strings of the site's scripts.
func scriptStrings(dir string) ([]string, error) {
	names, err := sortedNames(dir, ".js")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		for _, m := range jsString.FindAllStringSubmatch(string(b), -1) {
			var str string
			if err := json.Unmarshal([]byte(`"`+strings.ReplaceAll(m[1], `\'`, `'`)+`"`), &str); err != nil {
				return nil, fmt.Errorf("%s: t('%s'): %v", n, m[1], err)
			}
			if !seen[str] {
				seen[str] = true
				out = append(out, str)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// scriptTable is the edition's interface strings for its scripts, as the
// JSON a page embeds; "" for English, whose scripts hold their own words.
func (s *site) scriptTable() (template.HTML, error) {
	if s.lang == "" {
		return "", nil
	}
	strs, err := scriptStrings(s.cfg.JS)
	if err != nil {
		return "", err
	}
	m := map[string]string{}
	for _, en := range strs {
		m[en] = s.t(en)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	return template.HTML(`<script type="application/json" id="i18n">` + strings.ReplaceAll(string(b), "</", `<\/`) + `</script>`), nil
}

// writeNotes writes the edition's trace note templates, English to its
// own, as notes.json for the player (i18n.js) to read.
func (z *site) writeNotes(w *writer) error {
	rows, err := readNotes(filepath.Join(z.cfg.Lessons, notesTable))
	if err != nil {
		return err
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[r.Fields[0]] = r.Fields[1]
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return w.raw(z.lang+"/notes.json", b)
}

// heroFile is the home page's picture, in the static folder: a
// handshake between two lanes, named in its <text> elements.
const heroFile = "hero.svg"

// writeHero writes the edition's copy of the home page's picture, with
// its two lanes named in the edition's language (the frames on it are
// protocol identifiers and stay as they are).
func (z *site) writeHero(w *writer) error {
	b, err := os.ReadFile(filepath.Join(z.cfg.Static, heroFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	svg := strings.NewReplacer(">Client</text>", ">"+z.t("client")+"</text>", ">Server</text>", ">"+z.t("server")+"</text>").Replace(string(b))
	return w.file(z.lang+"/"+heroFile, []byte(svg))
}
