package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/frames"
)

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
	// The frame checker's verdicts reach the page inside traces, in
	// English, and the scripts translate them whole.
	strs = append(strs, frames.Complaints()...)
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
