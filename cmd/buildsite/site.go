package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// A Catalog is where the build gets scenarios from. The real one is the
// simulator's registry; tests pass a fixed one so that golden pages do not
// change every time a scenario does.
type Catalog interface {
	List() []scenario.Info
	Run(ctx context.Context, id string) (*scenario.Result, error)
	// Check returns the error running id with params would give, without
	// running it (playground links set parameters).
	Check(id string, params json.RawMessage) error
}

// simCatalog is the simulator's own registry.
type simCatalog struct{}

func (simCatalog) List() []scenario.Info { return scenario.List() }
func (simCatalog) Run(ctx context.Context, id string) (*scenario.Result, error) {
	return scenario.Run(ctx, id, nil)
}
func (simCatalog) Check(id string, params json.RawMessage) error { return scenario.Check(id, params) }

// A Config says where the sources are and where the site goes. Every path
// is a directory; tests point them at testdata.
type Config struct {
	Lessons   string // lessons/NN-slug.md
	Exercises string // exercises/<id>/README.md
	Templates string // site/templates/*.html
	CSS       string // site/css/*.css, linked from every page in name order
	JS        string // site/js/*.js; app.js is the page's entry module
	Static    string // site/static/**, copied to the top of the output
	I18n      string // site/i18n/<lang>.json, the interface strings of each edition
	Wasm      string // the wasm/ package; "" or missing skips the wasm with a warning
	Module    string // the module root the wasm is built from (go build runs there)
	Out       string
	// Base prefixes every link and asset URL ("/repo-name/"). Empty means
	// relative links that work from any path.
	Base    string
	NoWasm  bool
	Catalog Catalog
	// AllowEnglish lets a translated page show English sentences. Only
	// test sites set it: their translated lessons are English copies.
	AllowEnglish bool
	// Log receives warnings (a skipped wasm). Nil discards them.
	Log io.Writer
}

// DefaultConfig is the layout of the repository, relative to its root.
func DefaultConfig() Config {
	return Config{
		Lessons:   "lessons",
		Exercises: "exercises",
		Templates: "site/templates",
		CSS:       "site/css",
		JS:        "site/js",
		Static:    "site/static",
		I18n:      "site/i18n",
		Wasm:      "wasm",
		Module:    ".",
		Out:       "dist",
		Catalog:   simCatalog{},
	}
}

// courseTitle is the name in every page's header.
const courseTitle = "MCP Playground"

// A site is one build in progress: everything read from the sources, so
// that pages can link to each other.
type site struct {
	cfg       Config
	ctx       context.Context
	md        *markdown
	infos     []scenario.Info
	traces    map[string]*scenario.Result
	exercises map[string]*exercise
	lessons   []*lesson
	pages     map[string]bool // every page the site will have, for link checks
	css       []string        // asset names, in link order
	hasApp    bool
	modules   []string  // app.js's imports, direct and indirect
	quizzes   []quizRef // every quiz so far, in build order
	errs      []error

	// lang is "" for the English edition, "zh" for the Chinese one, which
	// is written under zh/ and shares the assets, traces and wasm.
	lang string
	// ui maps an English interface string to this edition's; missing
	// collects the ones it lacks, which fail the build.
	ui      map[string]string
	missing map[string]bool
	// en is the English edition, when this is another: quizzes take their
	// choices' keys from it, so an answer saved on one page shows on both.
	en *site
	// zh is the Chinese edition, from the English one: its 404 page is
	// the only one that speaks both.
	zh *site
	// graderZH translates the grader's failure messages, by exercise ("" for
	// the shared ones): English template to this edition's (gradermsg.go).
	graderZH map[string]*messageTable
	// choiceKeys are every quiz's choice keys, in YAML order, by quiz id.
	choiceKeys map[string][]string
}

// Build builds the site into cfg.Out. A malformed lesson does not stop the
// build early: every error is collected, and Build returns them joined, each
// prefixed with its file and line.
func Build(ctx context.Context, cfg Config) error {
	if cfg.Catalog == nil {
		cfg.Catalog = simCatalog{}
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Base != "" && (!strings.HasPrefix(cfg.Base, "/") || !strings.HasSuffix(cfg.Base, "/")) {
		return fmt.Errorf("-base %q: must start and end with /", cfg.Base)
	}
	s := &site{cfg: cfg, ctx: ctx, traces: map[string]*scenario.Result{}}
	var err error
	if s.md, err = newMarkdown(); err != nil {
		return err
	}
	s.infos = cfg.Catalog.List()
	if err := s.runScenarios(); err != nil {
		return err
	}
	if s.pages, err = s.knownPages(); err != nil {
		return err
	}
	if err := s.readExercises(); err != nil {
		return err
	}
	if err := s.readLessons(); err != nil {
		return err
	}
	if err := checkQuizSpread(s.quizzes); err != nil {
		s.errs = append(s.errs, err)
	}
	zh, err := s.chineseEdition()
	if err != nil {
		return err
	}
	if zh != nil {
		s.errs = append(s.errs, zh.errs...)
		s.zh = zh
	}
	if len(s.errs) > 0 {
		// By file, then line, whatever order the checks ran in.
		slices.SortStableFunc(s.errs, func(a, b error) int {
			fa, _ := a.(*fileError)
			fb, _ := b.(*fileError)
			if fa == nil || fb == nil {
				return 0
			}
			if c := strings.Compare(fa.File, fb.File); c != 0 {
				return c
			}
			return fa.Line - fb.Line
		})
		return errors.Join(s.errs...)
	}
	if err := prepareOut(cfg.Out); err != nil {
		return err
	}
	w := newWriter(cfg.Out)
	if err := s.writeAssets(w); err != nil {
		return err
	}
	if err := s.writePages(w); err != nil {
		return err
	}
	if zh != nil {
		zh.css, zh.hasApp, zh.modules = s.css, s.hasApp, s.modules
		if err := zh.writePages(w); err != nil {
			return err
		}
		if err := zh.writeNotes(w); err != nil {
			return err
		}
		if err := zh.writeHero(w); err != nil {
			return err
		}
		if err := zh.untranslated(); err != nil {
			return err
		}
	}
	if err := s.writeData(w); err != nil {
		return err
	}
	if !cfg.NoWasm {
		if err := buildWasm(ctx, cfg); err != nil {
			return err
		}
	}
	return s.writeServiceWorker(w)
}

// runScenarios runs every scenario once; pages, traces/ and quiz checks
// all read the same run.
func (s *site) runScenarios() error {
	for _, info := range s.infos {
		res, err := s.cfg.Catalog.Run(s.ctx, info.ID)
		if err != nil {
			return fmt.Errorf("scenario %s: %w", info.ID, err)
		}
		s.traces[info.ID] = res
	}
	return nil
}

func (s *site) scenarioInfo(id string) (scenario.Info, bool) {
	i := slices.IndexFunc(s.infos, func(in scenario.Info) bool { return in.ID == id })
	if i < 0 {
		return scenario.Info{}, false
	}
	return s.infos[i], true
}

// knownScenarios is the hint appended to an unknown-id error: the closest
// known id when one is close, else where to find the list.
func (s *site) knownScenarios(id string) string {
	best, bestD := "", len(id)/2+1
	for _, in := range s.infos {
		if d := editDistance(id, in.ID); d < bestD {
			best, bestD = in.ID, d
		}
	}
	if best != "" {
		return fmt.Sprintf("did you mean %q?", best)
	}
	return fmt.Sprintf("%d known; go run ./cmd/simtrace -list", len(s.infos))
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// prepareOut empties the output directory. It refuses to delete a
// directory that does not look like an earlier build, so that a mistyped
// -out cannot wipe a source tree.
func prepareOut(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) {
		return os.MkdirAll(out, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(out, ".nojekyll")); err != nil {
			return fmt.Errorf("%s is not empty and has no .nojekyll: not an earlier build, refusing to delete it", out)
		}
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(out, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// scenarioIndexFile is the scenario index for other programs; no page
// fetches it.
const scenarioIndexFile = "scenarios.json"

// writeData writes the machine-readable parts: the scenario index and
// every scenario's trace.
func (s *site) writeData(w *writer) error {
	idx, err := scenarioIndexJSON(s.infos)
	if err != nil {
		return err
	}
	if err := w.raw(scenarioIndexFile, append(idx, '\n')); err != nil {
		return err
	}
	for _, info := range s.infos {
		if err := w.raw(traceFile(info.ID), []byte(s.traces[info.ID].JSONL())); err != nil {
			return err
		}
	}
	return w.raw(".nojekyll", nil)
}

// scenarioIndexJSON encodes the scenario list with Go's default HTML
// escaping, so it holds no "<" at all and is safe inside a script element.
func scenarioIndexJSON(infos []scenario.Info) ([]byte, error) {
	if infos == nil {
		infos = []scenario.Info{}
	}
	return json.Marshal(infos)
}

// sortedNames lists the regular files in dir with the given suffix, sorted.
// A missing directory is empty.
func sortedNames(dir, suffix string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), suffix) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// lineAt returns the 1-based line of byte offset off in src.
func lineAt(src []byte, off int) int {
	return bytes.Count(src[:off], []byte("\n")) + 1
}

// A fileError is a problem in a source file, reported as file:line: msg.
type fileError struct {
	File string
	Line int
	Msg  string
}

func (e *fileError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// root is the prefix of shared files (assets, traces, wasm) for a page
// depth directories below the top of its edition: the base when one is
// set, else "../" per level, one more for an edition in a subdirectory.
func (s *site) root(depth int) string {
	if s.cfg.Base != "" {
		return s.cfg.Base
	}
	if s.lang != "" {
		depth++
	}
	return strings.Repeat("../", depth)
}

// home is the prefix of the edition's own pages for a page depth
// directories below the edition's top.
func (s *site) home(depth int) string {
	if s.cfg.Base != "" {
		if s.lang != "" {
			return s.cfg.Base + s.lang + "/"
		}
		return s.cfg.Base
	}
	return strings.Repeat("../", depth)
}
