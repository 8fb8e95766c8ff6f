package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
	if err := z.checkGraderMessages(); err != nil {
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
