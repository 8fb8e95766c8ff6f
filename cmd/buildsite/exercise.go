package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// An exercise is one exercises/<id>/ folder with a README.md statement.
type exercise struct {
	ID    string
	Title string
	Body  template.HTML
	// Anchors are its headings' ids, in order: a translation's headings
	// take them.
	Anchors []string
	// Source is the statement's Markdown, for the editions' parity check.
	Source []byte
	// File is the learner's file ("catalog.go"), "" when the exercise has
	// no .meta/config.json (then the page has no editor).
	File string
	// Starter is the learner's file as the exercise ships it.
	Starter string
	// Data is the JSON the page's exercise runner reads: the starter and
	// its hash, the solution, hints and checks.
	Data template.HTML
}

// runnerData is what an exercise page embeds for the in-browser grader.
type runnerData struct {
	ID          string        `json:"id"`
	File        string        `json:"file"`
	Starter     string        `json:"starter"`
	StarterHash string        `json:"starterHash"` // sha256 hex: keys the learner's saved code
	Solution    string        `json:"solution"`
	Hints       []string      `json:"hints"`
	Checks      []runnerCheck `json:"checks"`
	// Messages translates the grader's failure messages on a page in
	// another language: English template to the page's (gradermsg.go).
	Messages *messageTable `json:"messages,omitempty"`
}

type runnerCheck struct {
	Name string `json:"name"`
	// Label is the check's name in the page's language, when that is not
	// English; Name stays what go test and the classroom report.
	Label   string `json:"label,omitempty"`
	Points  int    `json:"points"`
	Summary string `json:"summary"`
}

// readRunnerData reads what the page's grader needs from the exercise's
// .meta/config.json, starter and solution. An exercise without a config
// has no runner: it returns empty values and no error.
func readRunnerData(dir, id string, tr *runnerText, messages *messageTable) (file, starterSrc string, data template.HTML, err error) {
	b, err := os.ReadFile(filepath.Join(dir, ".meta", "config.json"))
	if errors.Is(err, os.ErrNotExist) {
		return "", "", "", nil
	}
	if err != nil {
		return "", "", "", err
	}
	var c struct {
		File   string        `json:"file"`
		Hints  []string      `json:"hints"`
		Checks []runnerCheck `json:"checks"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return "", "", "", fmt.Errorf("exercises/%s/.meta/config.json: %v", id, err)
	}
	if c.File == "" {
		return "", "", "", nil // a config that names no learner's file: no runner
	}
	if tr != nil {
		if err := tr.apply(&c.Hints, c.Checks); err != nil {
			return "", "", "", fmt.Errorf("exercises/%s/.meta/config.zh.json: %v", id, err)
		}
	}
	starter, err := os.ReadFile(filepath.Join(dir, c.File))
	if err != nil {
		return "", "", "", err
	}
	solution, err := os.ReadFile(filepath.Join(dir, ".meta", "solution.go"))
	if err != nil {
		return "", "", "", err
	}
	// The hash is the file's, so code saved before the page's wording
	// changed still loads.
	sum := sha256.Sum256(starter)
	starter = []byte(inPage(string(starter)))
	d := runnerData{ID: id, File: c.File, Starter: string(starter), StarterHash: hex.EncodeToString(sum[:]),
		Solution: string(solution), Hints: c.Hints, Checks: c.Checks, Messages: messages}
	j, err := json.Marshal(d)
	if err != nil {
		return "", "", "", err
	}
	// json.Marshal escapes <, > and & already; the script element cannot end early.
	return c.File, string(starter), template.HTML(`<script type="application/json" id="exercise-data">` + string(j) + `</script>`), nil
}

// inPage is a starter as the exercise page shows it: its comments point to
// README.md, which in the page is the statement above the editor. The
// exported classroom starter keeps README.md, which sits beside it there.
func inPage(starter string) string {
	return strings.ReplaceAll(starter, "README.md", "the statement above")
}

// readExercises renders every exercise statement. The page lives one level
// down (exercises/<id>.html), so its links start with "../".
func (s *site) readExercises() error {
	s.exercises = map[string]*exercise{}
	entries, err := os.ReadDir(s.cfg.Exercises)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var ids []string
	for _, e := range entries {
		if e.IsDir() {
			if _, err := os.Stat(filepath.Join(s.cfg.Exercises, e.Name(), "README.md")); err == nil {
				ids = append(ids, e.Name())
			}
		}
	}
	sort.Strings(ids)
	readme, config := "README.md", "config.json"
	if s.lang != "" {
		readme, config = "README."+s.lang+".md", "config."+s.lang+".json"
	}
	for _, id := range ids {
		file := path.Join("exercises", id, readme)
		src, err := os.ReadFile(filepath.Join(s.cfg.Exercises, id, readme))
		if errors.Is(err, os.ErrNotExist) {
			s.errs = append(s.errs, &fileError{file, 1, "missing: translate exercises/" + id + "/README.md"})
			continue
		}
		if err != nil {
			return err
		}
		title, body := splitTitle(src)
		if title == "" {
			title = configTitle(filepath.Join(s.cfg.Exercises, id, ".meta", config))
		}
		if title == "" {
			title = id
		}
		var anchors []string
		if s.en != nil && s.en.exercises[id] != nil {
			anchors = s.en.exercises[id].Anchors
		}
		r, errs := s.md.render(s, file, s.home(1), "exercises/", body, anchors)
		s.errs = append(s.errs, errs...)
		var tr *runnerText
		if _, err := os.Stat(filepath.Join(s.cfg.Exercises, id, ".meta", "config.json")); err == nil && s.lang != "" {
			if tr, err = readRunnerText(filepath.Join(s.cfg.Exercises, id, ".meta", config)); err != nil {
				s.errs = append(s.errs, &fileError{path.Join("exercises", id, ".meta", config), 1, err.Error()})
				continue
			}
		}
		var messages *messageTable
		if s.lang != "" {
			messages = messagesFor(s.graderZH, id)
		}
		runFile, starter, data, err := readRunnerData(filepath.Join(s.cfg.Exercises, id), id, tr, messages)
		if err != nil {
			s.errs = append(s.errs, err)
			continue
		}
		s.exercises[id] = &exercise{ID: id, Title: title, Body: r.HTML, Anchors: r.IDs, Source: src, File: runFile, Starter: starter, Data: data}
	}
	return nil
}

// runnerText is an exercise's learner-facing words in another language:
// .meta/config.<lang>.json, beside the English config.json.
type runnerText struct {
	Title  string `json:"title"`
	Checks map[string]struct {
		Label   string `json:"label"`
		Summary string `json:"summary"`
	} `json:"checks"`
	Hints []string `json:"hints"`
}

func readRunnerText(file string) (*runnerText, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("missing: translate the title, checks and hints of config.json")
	}
	var t runnerText
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return nil, err
	}
	return &t, nil
}

var h1Line = regexp.MustCompile(`^# +(.+?) *#* *\r?\n`)

// splitTitle takes a leading "# Title" line off a README, since the page
// shows the title in its own header. The line is blanked, not removed, so
// that errors still name the right line.
func splitTitle(src []byte) (string, []byte) {
	m := h1Line.FindSubmatchIndex(src)
	if m == nil {
		return "", src
	}
	title := string(src[m[2]:m[3]])
	out := append([]byte("\n"), src[m[1]:]...)
	return strings.TrimSpace(title), out
}

// configTitle reads the title from an exercise's .meta/config.json, or ""
// when there is none.
func configTitle(file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	var c struct {
		Title string `json:"title"`
	}
	if json.Unmarshal(b, &c) != nil {
		return ""
	}
	return strings.TrimSpace(c.Title)
}

// apply puts the translated hints and check texts in place of the English,
// which they must match one for one.
func (t *runnerText) apply(hints *[]string, checks []runnerCheck) error {
	if len(t.Hints) != len(*hints) {
		return fmt.Errorf("%d hints, want %d as in config.json", len(t.Hints), len(*hints))
	}
	for i, h := range t.Hints {
		if strings.TrimSpace(h) == "" {
			return fmt.Errorf("hint %d is empty", i+1)
		}
	}
	*hints = t.Hints
	for i, c := range checks {
		tc, ok := t.Checks[c.Name]
		if !ok || tc.Label == "" || tc.Summary == "" {
			return fmt.Errorf("check %q: want its label and summary", c.Name)
		}
		checks[i].Label, checks[i].Summary = tc.Label, tc.Summary
	}
	if len(t.Checks) != len(checks) {
		return fmt.Errorf("%d checks, want %d as in config.json", len(t.Checks), len(checks))
	}
	return nil
}
