package main

import (
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
}

type runnerCheck struct {
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Summary string `json:"summary"`
}

// readRunnerData reads what the page's grader needs from the exercise's
// .meta/config.json, starter and solution. An exercise without a config
// has no runner: it returns empty values and no error.
func readRunnerData(dir, id string) (file, starterSrc string, data template.HTML, err error) {
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
		Solution: string(solution), Hints: c.Hints, Checks: c.Checks}
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
	for _, id := range ids {
		src, err := os.ReadFile(filepath.Join(s.cfg.Exercises, id, "README.md"))
		if err != nil {
			return err
		}
		title, body := splitTitle(src)
		if title == "" {
			title = configTitle(filepath.Join(s.cfg.Exercises, id, ".meta", "config.json"))
		}
		if title == "" {
			title = id
		}
		file := path.Join("exercises", id, "README.md")
		r, errs := s.md.render(s, file, s.root(1), "exercises/", body)
		s.errs = append(s.errs, errs...)
		runFile, starter, data, err := readRunnerData(filepath.Join(s.cfg.Exercises, id), id)
		if err != nil {
			return err
		}
		s.exercises[id] = &exercise{ID: id, Title: title, Body: r.HTML, File: runFile, Starter: starter, Data: data}
	}
	return nil
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
