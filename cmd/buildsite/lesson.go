package main

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// A lesson is one lessons/NN-slug.md, parsed and rendered.
type lesson struct {
	File      string // as shown in errors: lessons/NN-slug.md
	Slug      string // NN-slug; the page is Slug + ".html"
	Title     string
	Summary   string
	Scenarios []string
	Exercises []string
	Body      template.HTML
	Source    []byte   // the Markdown, for the editions' parity check
	Sims      []string // scenarios the body plays, in order
	TOC       []tocEntry
	Anchors   []string // every heading's id, in order
}

// lessonName is the shape of a lesson file name.
var lessonName = regexp.MustCompile(`^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*\.md$`)

func (s *site) readLessons() error {
	names, err := sortedNames(s.cfg.Lessons, ".md")
	if err != nil {
		return err
	}
	for _, name := range names {
		file := path.Join("lessons", s.lang, name)
		if !lessonName.MatchString(name) {
			s.errs = append(s.errs, &fileError{file, 1, "file name must be NN-slug.md (two digits, lower-case words joined by -)"})
			continue
		}
		src, err := os.ReadFile(filepath.Join(s.cfg.Lessons, name))
		if err != nil {
			return err
		}
		l, errs := s.parseLesson(file, strings.TrimSuffix(name, ".md"), src)
		s.errs = append(s.errs, errs...)
		if l != nil {
			s.lessons = append(s.lessons, l)
		}
	}
	return nil
}

// frontMatter is the YAML between the --- lines.
type frontMatter struct {
	Title     string   `yaml:"title"`
	Summary   string   `yaml:"summary"`
	Scenarios []string `yaml:"scenarios"`
	Exercises []string `yaml:"exercises"`
}

// parseLesson parses and renders one lesson. It returns every problem it
// finds; the lesson is nil only when nothing past the front matter could be
// read.
func (s *site) parseLesson(file, slug string, src []byte) (*lesson, []error) {
	fm, body, fmErrs := s.parseFrontMatter(file, src)
	if body == nil {
		return nil, fmErrs
	}
	l := &lesson{File: file, Slug: slug, Title: fm.Title, Summary: fm.Summary,
		Scenarios: fm.Scenarios, Exercises: fm.Exercises, Source: src}
	var anchors []string
	if s.en != nil {
		if e := s.en.lesson(slug); e != nil {
			anchors = e.Anchors
		}
	}
	r, errs := s.md.render(s, file, s.home(0), "", body, anchors)
	l.Body, l.Sims, l.TOC, l.Anchors = r.HTML, r.Sims, r.TOC, r.IDs
	return l, append(fmErrs, errs...)
}

// parseFrontMatter splits src into its front matter and Markdown. The
// returned body has the front matter replaced by as many empty lines, so
// offsets into it give the line numbers of the file. body is nil when the
// front matter cannot be found at all.
func (s *site) parseFrontMatter(file string, src []byte) (frontMatter, []byte, []error) {
	var fm frontMatter
	fail := func(line int, format string, args ...any) []error {
		return []error{&fileError{file, line, fmt.Sprintf(format, args...)}}
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	if len(lines) == 0 || strings.TrimRight(string(lines[0]), "\r\n") != "---" {
		return fm, nil, fail(1, "missing front matter: the file must start with a --- line")
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(string(lines[i]), " \r\n") == "---" {
			end = i
			break
		}
	}
	if end < 0 {
		return fm, nil, fail(1, "front matter is not closed: no second --- line")
	}
	yamlSrc := bytes.Join(lines[1:end], nil)
	body := append(bytes.Repeat([]byte("\n"), end+1), bytes.Join(lines[end+1:], nil)...)

	// The YAML starts on line 2 of the file.
	const off = 1
	var doc yaml.Node
	if err := yaml.Unmarshal(yamlSrc, &doc); err != nil {
		return fm, body, fail(1, "bad front matter: %s", shiftYAMLLines(err.Error(), off))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return fm, body, fail(1, "bad front matter: want a mapping with title, summary, scenarios, exercises")
	}
	var errs []error
	m := doc.Content[0]
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := k.Line + off
		if seen[k.Value] {
			errs = append(errs, &fileError{file, line, fmt.Sprintf("front matter: %s given twice", k.Value)})
			continue
		}
		seen[k.Value] = true
		switch k.Value {
		case "title", "summary":
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
				errs = append(errs, &fileError{file, line, fmt.Sprintf("front matter: %s must be a string", k.Value)})
				continue
			}
			if k.Value == "title" {
				fm.Title = strings.TrimSpace(v.Value)
			} else {
				fm.Summary = strings.TrimSpace(v.Value)
			}
		case "scenarios", "exercises":
			if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
				continue
			}
			if v.Kind != yaml.SequenceNode {
				errs = append(errs, &fileError{file, line, fmt.Sprintf("front matter: %s must be a list of ids", k.Value)})
				continue
			}
			for _, item := range v.Content {
				il := item.Line + off
				if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
					errs = append(errs, &fileError{file, il, fmt.Sprintf("front matter: %s: want an id, got %s", k.Value, strings.TrimPrefix(item.Tag, "!!"))})
					continue
				}
				id := item.Value
				if k.Value == "scenarios" {
					if _, ok := s.scenarioInfo(id); !ok {
						errs = append(errs, &fileError{file, il, fmt.Sprintf("unknown scenario %q in front matter (%s)", id, s.knownScenarios(id))})
						continue
					}
					fm.Scenarios = append(fm.Scenarios, id)
				} else {
					if _, ok := s.exercises[id]; !ok {
						errs = append(errs, &fileError{file, il, fmt.Sprintf("unknown exercise %q in front matter: no exercises/%s/README.md", id, id)})
						continue
					}
					fm.Exercises = append(fm.Exercises, id)
				}
			}
		default:
			errs = append(errs, &fileError{file, line, fmt.Sprintf("front matter: unknown key %q (known: title, summary, scenarios, exercises)", k.Value)})
		}
	}
	if fm.Title == "" {
		errs = append(errs, &fileError{file, 1, "front matter: missing title"})
	}
	return fm, body, errs
}

var yamlLine = regexp.MustCompile(`line ([0-9]+)`)

// shiftYAMLLines rewrites the "line N" in a YAML error, which counts from
// the start of the YAML, into a line of the Markdown file.
func shiftYAMLLines(msg string, off int) string {
	msg = strings.TrimPrefix(msg, "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n  ")
	msg = strings.ReplaceAll(msg, "\n  ", "; ")
	return yamlLine.ReplaceAllStringFunc(msg, func(m string) string {
		var n int
		fmt.Sscanf(m, "line %d", &n)
		return fmt.Sprintf("line %d", n+off)
	})
}

// lesson returns the lesson of this slug, nil when there is none.
func (s *site) lesson(slug string) *lesson {
	for _, l := range s.lessons {
		if l.Slug == slug {
			return l
		}
	}
	return nil
}
