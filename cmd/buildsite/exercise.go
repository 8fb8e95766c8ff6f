package main

import (
	"encoding/json"
	"errors"
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
		r, errs := s.md.render(s, file, "exercise-"+id, s.root(1), "exercises/", body)
		s.errs = append(s.errs, errs...)
		s.exercises[id] = &exercise{ID: id, Title: title, Body: r.HTML}
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
