package main

import (
	"encoding/json"
	"errors"
	"fmt"
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
)

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
// code and sim blocks byte for byte, quizzes and diagrams in everything
// but their words, headings in number and level.
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
		case strings.HasPrefix(e.Info, "diagram"):
			if a, b := diagramShape(e.Info, e.Body), diagramShape(c.Info, c.Body); a != b {
				z.errs = append(z.errs, &fileError{zf, c.Line, fmt.Sprintf("diagram differs from %s:%d in more than its words: %s, want %s", ef, e.Line, b, a)})
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

// glossaryRule is one variant the glossary rules out: the term to use
// instead, its English, and the other terms that contain the variant (a
// variant inside one of them is that term, not the variant: 检查器 is ruled
// out for the inspector, 帧检查器 is the frame checker).
type glossaryRule struct {
	variant, term, en string
	within            []string
}

// readGlossary reads the rules of a glossary table.
func readGlossary(file string) ([]glossaryRule, error) {
	rows, err := readTable(file, 3)
	if err != nil {
		return nil, err
	}
	var terms []string
	for _, r := range rows {
		terms = append(terms, r.Fields[1])
	}
	var rules []glossaryRule
	for _, r := range rows {
		for _, v := range strings.Split(r.Fields[2], ",") {
			if v = strings.TrimSpace(v); v == "" {
				continue
			}
			g := glossaryRule{variant: v, term: r.Fields[1], en: r.Fields[0]}
			for _, t := range terms {
				if t != v && strings.Contains(t, v) {
					g.within = append(g.within, t)
				}
			}
			rules = append(rules, g)
		}
	}
	return rules, nil
}

// glossaryBreaks returns the rules line breaks.
func glossaryBreaks(rules []glossaryRule, line string) []glossaryRule {
	var broken []glossaryRule
	for _, g := range rules {
		rest := line
		for _, t := range g.within {
			rest = strings.ReplaceAll(rest, t, "")
		}
		if strings.Contains(rest, g.variant) {
			broken = append(broken, g)
		}
	}
	return broken
}

// checkGlossary fails every line of the Chinese text (lessons, exercise
// statements and their check texts and hints, trace notes, scenario and
// parameter texts, interface strings) that uses a variant the glossary
// rules out, so that one English term reads the same everywhere.
func (z *site) checkGlossary() error {
	rules, err := readGlossary(filepath.Join(z.cfg.Lessons, glossaryTable))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	check := func(file string, src []byte) {
		for i, line := range strings.Split(string(src), "\n") {
			for _, g := range glossaryBreaks(rules, line) {
				z.errs = append(z.errs, &fileError{file, i + 1, fmt.Sprintf("%s: the glossary's term for %q is %s", g.variant, g.en, g.term)})
			}
		}
	}
	for _, l := range z.lessons {
		check(l.File, l.Source)
	}
	for _, id := range z.exerciseIDs() {
		check(path.Join("exercises", id, "README."+z.lang+".md"), z.exercises[id].Source)
		config := "config." + z.lang + ".json"
		if b, err := os.ReadFile(filepath.Join(z.cfg.Exercises, id, ".meta", config)); err == nil {
			check(path.Join("exercises", id, ".meta", config), b)
		}
	}
	for _, t := range []string{notesTable, scenariosTable, paramsTable} {
		if b, err := os.ReadFile(filepath.Join(z.cfg.Lessons, t)); err == nil {
			check(path.Join("lessons", z.lang, t), b)
		}
	}
	if b, err := os.ReadFile(filepath.Join(z.cfg.I18n, z.lang+".json")); err == nil {
		check(path.Join("site", "i18n", z.lang+".json"), b)
	}
	return nil
}
