package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/frames"
)

// The grader's failure messages are built in Go, in English, by the same
// checks go test runs in a classroom; the Chinese exercise page translates
// them at display time, as it does a trace note: each English message text
// the grader's source holds becomes a template (its fmt verbs numbered
// {1}, {2}, ...), site/i18n/zh.json gives the Chinese template, and the
// page (messages.js) matches a message against the templates and fills the
// Chinese one with the values, each of them translated the same way when
// it is itself one of the texts (a case's description, a reason). What a
// check decides, and what go test prints, does not change.

// A graderText is one English message text in the grader's source.
type graderText struct {
	File string // relative to the repository, for errors
	Line int
	EN   string // the template: fmt verbs as {1}, {2}, ...
	// Exercise is the exercise whose checks say it, "" for the shared
	// grading code every exercise's page uses.
	Exercise string
	// Whole is true for a text a check's message is made from (the format
	// of grading.Failf, of a helper that hands its format to Failf, or of
	// a Sprintf that replaces a Result's Message), false for the values
	// and pieces inside one. The page reads a message as a whole one first:
	// "{1} {2}; it should then ..." holds a call's description, and not
	// the other way round.
	Whole bool
}

// sharedGraderFiles are the grading code every exercise's checks run
// through (a panic, a timeout, a refused call), relative to the
// exercises directory.
var sharedGraderFiles = []string{"grading/grading.go", "grading/remote/conn.go", "interp/interp.go"}

// fmtVerb matches a fmt verb, flags, width and precision included.
var fmtVerb = regexp.MustCompile(`%[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// fmtTemplate turns a format string into a template: each verb becomes
// {1}, {2}, ... in order, and %% a plain %.
func fmtTemplate(format string) string {
	n := 0
	return fmtVerb.ReplaceAllStringFunc(format, func(v string) string {
		if v == "%%" {
			return "%"
		}
		n++
		return fmt.Sprintf("{%d}", n)
	})
}

var (
	// twoWords is a run of words a reader reads: "a result", "method
	// not found". Names (tools/list, get_stock, paging-normal) are not.
	twoWords = regexp.MustCompile(`\b[A-Za-z]+[ ,]+[a-z]{2,}\b`)
	// oneWord is a lower-case word: in a format string ("%s = %s, want %s")
	// one is enough to make it text.
	oneWord = regexp.MustCompile(`\b[a-z]{2,}\b`)
	// gluedWord is a piece code glues between two values: ", twist ".
	gluedWord = regexp.MustCompile(`^[,;] .*\b[a-z]{2,}\b.* $`)
)

// graderData are string literals of the grader that read like words but
// are data: the input a check feeds the learner's code (a banner line, an
// SSE stream, an error a fixture returns, a JSON-RPC error's message). A
// message shows them quoted, as they are, in either language.
var graderData = map[string]bool{
	"inventory-fixture v1.0.0 listening on stdio":                                 true,
	"inventory-fixture ready\n":                                                   true,
	": keep-alive\nid: 42\nretry: 3000\nfoo: bar\ndata: x\n: another comment\n\n": true,
	":\r\n:\r\ndata: after keep-alives\r\n\r\n":                                   true,
	"  two leading spaces":                                                        true,
	": data: not data":                                                            true,
	"id: %d":                                                                      true,
	"Method not found":                                                            true,
	"method not found":                                                            true,
	"method \"server/discover\" is invalid during session initialization": true,
	"Invalid params":                      true,
	"internal error":                      true,
	"Internal error":                      true,
	"Unsupported protocol version":        true,
	"Missing required client capability":  true,
	"parse error":                         true,
	"invalid request":                     true,
	"unknown tool \"reserve_stok\"":       true,
	"ledger write failed":                 true,
	"upstream timeout":                    true,
	"request terminated without response": true,
	"invalid reservation":                 true,
	"key-%d-%d":                           true,
	// go-sdk's own wording of a failed call, which a fixture returns.
	"calling %q: %w":     true,
	"%w: calling %q: %v": true,
	// The shared code's own strings, which a check's message never holds.
	"panic(":      true,
	"hidden-":     true,
	"; import . ": true,
	"interp: ":    true,
}

// isMessageText reports whether a string literal of the grader is text a
// learner reads, which the Chinese page must translate. JSON is data.
func isMessageText(lit string) bool {
	if graderData[lit] || strings.HasPrefix(strings.TrimSpace(lit), "{") || strings.HasPrefix(lit, `"`) {
		return false
	}
	tpl := placeholder.ReplaceAllString(fmtTemplate(lit), " ")
	return twoWords.MatchString(tpl) || (tpl != lit && oneWord.MatchString(tpl)) || gluedWord.MatchString(lit)
}

// graderTexts lists the message texts of every exercise's grade*.go (each
// string literal that is text) and of the shared grading code (the format
// strings it formats messages with), in file and line order. dir is the
// exercises directory; rel prefixes the files' names in errors.
func graderTexts(dir, rel string) ([]graderText, error) {
	var files []string
	grades, err := filepath.Glob(filepath.Join(dir, "*", "grade*.go"))
	if err != nil {
		return nil, err
	}
	for _, f := range grades {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		// A player of the tape (sim/tape) is built only into the copies
		// students get, never into a page, whose messages are these tables'.
		if b, err := os.ReadFile(f); err == nil && strings.HasPrefix(string(b), "//go:build replay\n") {
			continue
		}
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range sharedGraderFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			files = append(files, filepath.Join(dir, f))
		}
	}
	var out []graderText
	for _, f := range files {
		name, err := filepath.Rel(dir, f)
		if err != nil {
			return nil, err
		}
		name = filepath.ToSlash(name)
		exercise, _, _ := strings.Cut(name, "/")
		shared := slices.Contains(sharedGraderFiles, name)
		if shared {
			exercise = ""
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		add := func(lit *ast.BasicLit, whole bool) {
			s, err := strconv.Unquote(lit.Value)
			// A format in a message's place is text as soon as it has a
			// word ("panic: "); elsewhere it must read like text.
			if err != nil || !(isMessageText(s) || whole && !graderData[s] && oneWord.MatchString(s)) {
				return
			}
			out = append(out, graderText{File: path.Join(rel, name), Line: fset.Position(lit.Pos()).Line, EN: fmtTemplate(s), Exercise: exercise, Whole: whole || shared})
		}
		wholeAt := failfHelpers(af)
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				n.Tag = nil // a struct tag is no message
			case *ast.CallExpr:
				// The format a message is made from; in the shared code,
				// only what becomes a message counts (it holds its own
				// errors too, for the test binary).
				if i, ok := wholeAt[calleeName(n.Fun)]; ok && i < len(n.Args) {
					if lit, ok := n.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						add(lit, true)
						n.Args[i] = ast.NewIdent("_")
					}
				}
				if shared && len(n.Args) > 0 && (calleeName(n.Fun) == "Sprintf" || calleeName(n.Fun) == "NoAnswer") {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						add(lit, true)
					}
				}
				// The page keeps a panic's first line (interp's tidyPanic):
				// "panic: " and the value.
				if shared && len(n.Args) == 2 && calleeName(n.Fun) == "HasPrefix" {
					if lit, ok := n.Args[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						add(lit, true)
					}
				}
			case *ast.AssignStmt:
				// r.Message = fmt.Sprintf("hidden batch %d: %s", b, r.Message)
				if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Message" && len(n.Rhs) == 1 {
					if call, ok := n.Rhs[0].(*ast.CallExpr); ok && calleeName(call.Fun) == "Sprintf" && len(call.Args) > 0 {
						if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							add(lit, true)
							call.Args[0] = ast.NewIdent("_")
						}
					}
				}
			case *ast.BinaryExpr:
				if lit, ok := n.X.(*ast.BasicLit); ok && shared && n.Op == token.ADD && lit.Kind == token.STRING {
					add(lit, true) // "timed out: " + why
				}
			case *ast.BasicLit:
				if !shared && n.Kind == token.STRING {
					add(n, false)
				}
			}
			return true
		})
	}
	return out, nil
}

func calleeName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// failfHelpers finds the functions of a file that make a check's message
// from a format: Failf, and each function or closure with a parameter
// format that it hands to Failf (catalog's fail, which also sets the
// failing step). It returns each one's name and the format's position.
func failfHelpers(f *ast.File) map[string]int {
	out := map[string]int{"Failf": 0}
	check := func(name string, ft *ast.FuncType, body *ast.BlockStmt) {
		at, i := -1, 0
		for _, p := range ft.Params.List {
			for _, n := range p.Names {
				if n.Name == "format" {
					at = i
				}
				i++
			}
			if len(p.Names) == 0 {
				i++
			}
		}
		if at < 0 || body == nil {
			return
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && calleeName(call.Fun) == "Failf" && len(call.Args) > 0 {
				if id, ok := call.Args[0].(*ast.Ident); ok && id.Name == "format" {
					out[name] = at
				}
			}
			return true
		})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			check(n.Name.Name, n.Type, n.Body)
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if fl, ok := r.(*ast.FuncLit); ok && i < len(n.Lhs) {
					if id, ok := n.Lhs[i].(*ast.Ident); ok {
						check(id.Name, fl.Type, fl.Body)
					}
				}
			}
		}
		return true
	})
	return out
}

// graderMessages checks that zh, the Chinese interface strings, translates
// every message text of the grader, with the same placeholders, and
// returns the table an exercise's page needs: by exercise, its own texts
// and the shared ones, English template to Chinese.
func graderMessages(texts []graderText, zh map[string]string) (map[string]*messageTable, []error) {
	var errs []error
	byExercise := map[string]*messageTable{}
	for _, t := range texts {
		c := zh[t.EN]
		switch {
		case strings.TrimSpace(c) == "":
			errs = append(errs, &fileError{t.File, t.Line, fmt.Sprintf("the grader's message %q has no Chinese template in site/i18n/zh.json", t.EN)})
			continue
		case !slices.Equal(placeholders(t.EN), placeholders(c)):
			errs = append(errs, &fileError{t.File, t.Line, fmt.Sprintf("site/i18n/zh.json %q: placeholders %v, want %v as in the English", t.EN, placeholders(c), placeholders(t.EN))})
			continue
		}
		m := byExercise[t.Exercise]
		if m == nil {
			m = &messageTable{Templates: map[string]string{}}
			byExercise[t.Exercise] = m
		}
		m.Templates[t.EN] = c
		if t.Whole && !slices.Contains(m.Whole, t.EN) {
			m.Whole = append(m.Whole, t.EN)
		}
	}
	return byExercise, errs
}

// A messageTable is what an exercise page in another language needs to
// translate its grader's messages (messages.js).
type messageTable struct {
	// Templates maps each English template to the page's.
	Templates map[string]string `json:"templates"`
	// Whole lists the templates a message is made from (graderText.Whole).
	Whole []string `json:"whole"`
}

// messagesFor is exercise id's table: its own texts and the shared ones.
func messagesFor(byExercise map[string]*messageTable, id string) *messageTable {
	out := &messageTable{Templates: map[string]string{}}
	for _, m := range []*messageTable{byExercise[""], byExercise[id]} {
		if m == nil {
			continue
		}
		maps.Copy(out.Templates, m.Templates)
		for _, w := range m.Whole {
			if !slices.Contains(out.Whole, w) {
				out.Whole = append(out.Whole, w)
			}
		}
	}
	slices.Sort(out.Whole)
	return out
}

// checkGraderMessages reads the grader's message texts and this edition's
// templates for them, for the exercise pages; a text without one, or with
// other placeholders, fails the build at its line in the grader.
func (z *site) checkGraderMessages() error {
	texts, err := graderTexts(z.cfg.Exercises, "exercises")
	if err != nil {
		return err
	}
	var errs []error
	z.graderZH, errs = graderMessages(texts, z.ui)
	z.errs = append(z.errs, errs...)
	// The frame checker's verdicts reach a message as values (the frames
	// exercise's "want an error (not JSON: ...)"): the edition has them,
	// and the players translate them the same way (scriptTable).
	if shared := z.graderZH[""]; shared != nil {
		for _, c := range frames.Complaints() {
			if zh := z.ui[c]; zh != "" {
				shared.Templates[c] = zh
			}
		}
	}
	return nil
}
