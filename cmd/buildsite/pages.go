package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// csp is every page's Content-Security-Policy: the page's own scripts and
// the wasm, nothing remote, no inline script or style.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

// pageData is what every template gets. Kind names the page's template.
type pageData struct {
	Kind string
	// Root prefixes the files both editions share (assets, traces, wasm);
	// Home prefixes the pages of this edition.
	Root, Home string
	// Lang is the page's language (en, zh-CN); Alt is the same page in
	// the other edition, and AltLang its language.
	Lang, Alt, AltLang string
	Path               string // the page within its edition: exercises/catalog.html
	Both               bool   // the site has both editions (the 404 page offers each)
	Title              string // the page's own title; the layout adds the course's
	Description        string
	CourseTitle        string
	CSP                string
	CSS                []string
	HasApp             bool
	Modules            []string      // every module app.js imports, to preload
	I18n               template.HTML // the scripts' interface strings, on pages not in English

	// index
	Lessons []lessonCard
	QuizIDs string      // every quiz's id, space-separated: the progress counts only these
	Orphans []*exercise // exercises no lesson links to

	// lesson (and the playground: ScenarioIndex)
	Lesson                    *lesson
	LessonNumber, LessonCount int
	Prev, Next                *lesson
	Exercises                 []*exercise
	Scenarios                 []scenario.Info

	// exercise
	Exercise *exercise
	UsedBy   []*lesson

	// playground
	Groups        []scenarioGroup
	ScenarioIndex template.HTML
}

type lessonCard struct {
	*lesson
	Number    string
	Exercises []*exercise
	Eras      []eraTag // the protocol eras of the lesson's scenarios, in order
}

type scenarioGroup struct {
	Title     string
	Href      string // the lesson page, or "" for scenarios no lesson shows
	Scenarios []scenario.Info
	Eras      []eraGroup // Scenarios again, by era
}

// exerciseCSS styles the editor and the grade results: only exercise pages
// link it.
const exerciseCSS = "exercise.css"

func (s *site) page(kind, name string) pageData {
	css := s.css
	if kind != "exercise" {
		css = slices.DeleteFunc(slices.Clone(css), func(n string) bool { return n == exerciseCSS })
	}
	depth := strings.Count(name, "/")
	d := pageData{
		Kind:        kind,
		Root:        s.root(depth),
		Home:        s.home(depth),
		Lang:        "en",
		Path:        name,
		Alt:         s.root(depth) + zhDir + "/" + name,
		AltLang:     "zh-CN",
		CourseTitle: s.t(courseTitle),
		CSP:         csp,
		CSS:         css,
		HasApp:      s.hasApp,
		Modules:     s.modules,
	}
	switch {
	case s.lang != "":
		d.Lang, d.Alt, d.AltLang = "zh-CN", s.root(depth)+name, "en"
	case s.zh == nil || kind == "404":
		// No other edition, or a page that is one for both.
		d.Alt, d.AltLang = "", ""
	}
	d.Both = s.zh != nil
	return d
}

// writePages renders every HTML page.
func (s *site) writePages(w *writer) error {
	i18n, err := s.scriptTable()
	if err != nil {
		return err
	}
	exec := func(kind, name string, d pageData) error {
		d.I18n = i18n
		t, err := template.New("layout.html").Funcs(s.templateFuncs()).ParseFiles(
			filepath.Join(s.cfg.Templates, "layout.html"),
			filepath.Join(s.cfg.Templates, kind+".html"),
		)
		if err != nil {
			return err
		}
		if s.lang != "" {
			name = s.lang + "/" + name
		}
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, "layout", d); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if s.lang != "" && !s.cfg.AllowEnglish {
			if err := checkNoEnglish(name, buf.Bytes()); err != nil {
				return err
			}
		}
		return w.file(name, buf.Bytes())
	}

	d := s.page("index", "index.html")
	for _, q := range s.quizzes {
		d.QuizIDs = strings.TrimSpace(d.QuizIDs + " " + q.ID)
	}
	d.Title = d.CourseTitle
	d.Description = s.t("Learn the Model Context Protocol by stepping through every JSON-RPC message between a real Go MCP client and server, in your browser.")
	linked := map[string]bool{}
	for i, l := range s.lessons {
		card := lessonCard{lesson: l, Number: fmt.Sprint(i + 1), Eras: s.lessonEras(l)}
		for _, id := range l.Exercises {
			card.Exercises = append(card.Exercises, s.exercises[id])
			linked[id] = true
		}
		d.Lessons = append(d.Lessons, card)
	}
	for _, id := range s.exerciseIDs() {
		if !linked[id] {
			d.Orphans = append(d.Orphans, s.exercises[id])
		}
	}
	if err := exec("index", "index.html", d); err != nil {
		return err
	}

	for i, l := range s.lessons {
		d := s.page("lesson", l.Slug+".html")
		d.Title, d.Description, d.Lesson = l.Title, l.Summary, l
		d.LessonNumber, d.LessonCount = i+1, len(s.lessons)
		if i > 0 {
			d.Prev = s.lessons[i-1]
		}
		if i+1 < len(s.lessons) {
			d.Next = s.lessons[i+1]
		}
		for _, id := range l.Exercises {
			d.Exercises = append(d.Exercises, s.exercises[id])
		}
		for _, id := range l.Scenarios {
			info, _ := s.scenarioInfo(id)
			d.Scenarios = append(d.Scenarios, info)
		}
		idx, err := s.lessonIndex(l)
		if err != nil {
			return err
		}
		d.ScenarioIndex = idx
		if err := exec("lesson", l.Slug+".html", d); err != nil {
			return err
		}
	}

	for _, id := range s.exerciseIDs() {
		ex := s.exercises[id]
		d := s.page("exercise", "exercises/"+id+".html")
		d.Title, d.Exercise = ex.Title, ex
		d.Description = fmt.Sprintf(s.t("Exercise: %s"), ex.Title)
		for _, l := range s.lessons {
			if slices.Contains(l.Exercises, id) {
				d.UsedBy = append(d.UsedBy, l)
			}
		}
		if err := exec("exercise", "exercises/"+id+".html", d); err != nil {
			return err
		}
	}

	d = s.page("playground", "playground.html")
	d.Title = s.t("Playground")
	d.Description = s.t("Pick any scenario, change its parameters and step through the messages.")
	d.Groups = s.scenarioGroups()
	idx, err := indexScript(s.infos)
	if err != nil {
		return err
	}
	d.ScenarioIndex = idx
	if err := exec("playground", "playground.html", d); err != nil {
		return err
	}

	// GitHub Pages serves 404.html for a missing path at any depth, where
	// relative links cannot work.
	if s.lang != "" {
		return nil // GitHub Pages serves one 404.html, at the top: the English edition's offers both
	}
	d = s.page("404", "404.html")
	if s.cfg.Base == "" {
		// Served in place of a missing page at any depth, its relative
		// links would resolve from there: this one page links from the
		// host's top instead, where a build without -base is served
		// (buildsite -serve, the e2e suite).
		d.Root, d.Home = "/", "/"
	}
	d.Title = "Page not found"
	return exec("404", "404.html", d)
}

func (s *site) exerciseIDs() []string {
	ids := make([]string, 0, len(s.exercises))
	for id := range s.exercises {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// scenarioGroups lists every scenario once, under the first lesson that
// plays it or names it, in course order; the rest by their lesson tag.
func (s *site) scenarioGroups() []scenarioGroup {
	placed := map[string]bool{}
	var groups []scenarioGroup
	for _, l := range s.lessons {
		g := scenarioGroup{Title: l.Title, Href: l.Slug + ".html"}
		for _, id := range append(slices.Clone(l.Sims), l.Scenarios...) {
			if placed[id] {
				continue
			}
			placed[id] = true
			info, _ := s.scenarioInfo(id)
			g.Scenarios = append(g.Scenarios, info)
		}
		if len(g.Scenarios) > 0 {
			groups = append(groups, g)
		}
	}
	var rest []scenarioGroup
	for _, info := range s.infos {
		if placed[info.ID] {
			continue
		}
		i := slices.IndexFunc(rest, func(g scenarioGroup) bool { return g.Title == s.tagTitle(info.Lesson) })
		if i < 0 {
			rest = append(rest, scenarioGroup{Title: s.tagTitle(info.Lesson)})
			i = len(rest) - 1
		}
		rest[i].Scenarios = append(rest[i].Scenarios, info)
	}
	groups = append(groups, rest...)
	for i := range groups {
		groups[i].Eras = byEra(groups[i].Scenarios)
	}
	return groups
}

// indexScript is v as JSON in the page's #scenario-index element. The JSON
// has Go's default HTML escaping, so it holds no "<" at all; "</" is
// escaped all the same, in case that ever changes.
func indexScript[T any](v []T) (template.HTML, error) {
	if v == nil {
		v = []T{}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.HTML(`<script type="application/json" id="scenario-index">` +
		strings.ReplaceAll(string(b), "</", `<\/`) + `</script>`), nil
}

func (s *site) tagTitle(tag string) string {
	if tag == "" {
		return s.t("More scenarios")
	}
	return s.t("More:") + " " + strings.ToUpper(tag[:1]) + tag[1:]
}
