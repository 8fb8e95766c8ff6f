// Package interp grades a learner's exercise file in the browser's wasm:
// it interprets the file with yaegi and runs the exercise's compiled
// grade.go checks against it, the same checks go test runs in a classroom.
//
// The learner's file crosses into compiled code one way only: the
// exercise's driver (its .meta/driver.go), appended to the file, returns the
// learner's functions and method values, typed with compiled types alone,
// as the value the exercise's checks take. No interpreted type ever
// implements a compiled interface on the grader's behalf (yaegi's interface
// wrappers are fragile); interfaces flow the other way, compiled values the
// learner's code calls. The exercises and their drivers are found in the
// exercise folders by go generate (gen.go writes z_exercise_<id>.go).
//
// Interpreted code sees only [symbols.Exports] of its exercise: the
// everyday standard library every grader carries, the packages that
// exercise's own code imports (the tables weigh on its grader's download),
// the tool-related go-sdk when it uses it, and the exercise's fixed API and
// Grade types, which the learner's file sees as its own names through a dot
// import. It has no os, os/exec, net or file system; an import of any other
// package fails to compile, and one the import rule allows says to grade
// with go test, which compiles every allowed package.
//
// Limits of yaegi v0.16.1 found here (the parity test, run by
// go run ./cmd/check, keeps the exercises' solutions clear of them):
//   - a for loop with neither a condition nor a post statement
//     (for i := 0; ; { … i = j }) loses assignments to its variable;
//   - a string compared with an untyped string constant of a compiled
//     package fails to compile (the symbol generator types them);
//   - an interpreted function returned as a func-typed value is not
//     wrapped unless the type is a compiled one (so drivers return the
//     exercises' Grade types);
//   - calls are costly (a frame allocated per call, method calls through
//     reflect): tens of microseconds each in wasm, which is why ttl's
//     solution writes its heap out instead of using container/heap;
//   - generics: slices, maps and cmp are yaegi's own sources, compiled
//     from source and older than Go's: slices has no Sort, Min, Max or
//     BinarySearch, and most of maps (Keys, Values, Clone, Equal, Copy)
//     fails to compile ("undefined type for K"); the page says to grade
//     such a file with go test. The exercises ask for plain Go.
package interp

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
	"github.com/mcp-playground/mcp-playground/exercises/interp/symbols"
	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib/generic"
)

// A Diagnostic is one compile error in the learner's file.
type Diagnostic struct {
	// Line and Col are 1-based positions in the learner's file; Line is 0
	// when the error is not at a place in it (a missing function, say).
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
	Msg  string `json:"msg"`
}

func (d Diagnostic) String() string {
	if d.Line == 0 {
		return d.Msg
	}
	return fmt.Sprintf("%d:%d: %s", d.Line, d.Col, d.Msg)
}

// A Report is the outcome of grading one file.
type Report struct {
	// CompileErrors, when set, mean nothing ran.
	CompileErrors []Diagnostic `json:"compileErrors,omitempty"`
	// Checks are the checks' results, in the grader's order.
	Checks []grading.Result `json:"checks,omitempty"`
	// Output is what the learner's code printed, capped.
	Output string `json:"output,omitempty"`
}

// Checks returns the names of exercise id's checks, in order, or nil for
// an unknown exercise.
func Checks(id string) []string {
	ex, ok := lookup(id)
	if !ok {
		return nil
	}
	return ex.checks()
}

// interpCostScale divides the work of cost checks when grading
// interpreted code (see grading.WithCostScale).
const interpCostScale = 10

// Budget is how long the learner's code may hold the browser's grader in
// one stretch during a check before the page stops it as an endless loop:
// the grader's own code (the simulator, the checks) lets the page know it
// is alive several times a second (wasm/grader), and interpreted code that
// never returns cannot, so a slow or throttled machine stretches a right
// answer's grade but not the silences the page measures. 5 s, and more for
// the checks that make very many calls into interpreted code in one go
// (wasm runs them several times slower than go test). The check's name
// says which it is, in every exercise: "…hidden…" or "…-cost".
func Budget(check string) time.Duration {
	switch {
	case strings.HasSuffix(check, "-cost"):
		// ttl's renewal-cost: 11,500 renewals (1/interpCostScale of go
		// test's), each a call into interpreted code costing tens of
		// microseconds in wasm, between two of the grader's pauses.
		return 60 * time.Second
	case strings.Contains(check, "hidden"):
		// Dozens of seeded variants, each a scenario run or two.
		return 30 * time.Second
	}
	return 5 * time.Second
}

// Limit bounds a whole check in real time, interpreted: a learner's loop
// that keeps calling back into the grader (a walk that never ends) lets
// the page hear from the grader, so [Budget] alone would never end it.
// Four budgets, and never less than [grading.Timeout]: a right answer's
// check, on the slowest machine the course has met, takes a fraction of it.
func Limit(check string) time.Duration {
	return max(grading.Timeout, 4*Budget(check))
}

// Compile interprets src as exercise id's learner file and reports its
// compile errors, or none. Package-level initializers run.
func Compile(id, src string) ([]Diagnostic, error) {
	return CompileContext(context.Background(), id, src)
}

// CompileContext is [Compile] calling ctx's [WithCompiled] hook, if any.
func CompileContext(ctx context.Context, id, src string) ([]Diagnostic, error) {
	ex, ok := lookup(id)
	if !ok {
		return nil, fmt.Errorf("interp: no exercise %q", id)
	}
	var out capped
	_, diags := load(ex, src, &out, compiledHook(ctx))
	return diags, nil
}

type compiledKey struct{}

// WithCompiled returns a context telling [Grade] and [CompileContext] to
// call f once the learner's file has compiled, before any of its code
// runs (its package-level variables and init functions come next). The
// browser's grader uses it to start the learner's clock: compiling is
// the interpreter's work, slow on a cold or slow machine, and no loop of
// the learner's can make it endless.
func WithCompiled(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, compiledKey{}, f)
}

func compiledHook(ctx context.Context) func() {
	if f, ok := ctx.Value(compiledKey{}).(func()); ok {
		return f
	}
	return func() {}
}

// Grade interprets src as exercise id's learner file and runs every check
// against it, calling progress (when not nil) with each check's result as
// it comes, and once before the first check with a Result whose Check is
// "" (the file compiled; the checks start). A panic in the learner's code
// is a failed check carrying the panic message; a check that runs past
// [Limit] or ctx fails as "timed out" (its goroutine is
// abandoned: the browser then ends the worker).
func Grade(ctx context.Context, id, src string, progress func(grading.Result)) (Report, error) {
	ex, ok := lookup(id)
	if !ok {
		return Report{}, fmt.Errorf("interp: no exercise %q", id)
	}
	var out capped
	drv, diags := load(ex, src, &out, compiledHook(ctx))
	if len(diags) > 0 {
		return Report{CompileErrors: diags, Output: out.String()}, nil
	}
	if progress != nil {
		progress(grading.Result{})
	}
	checks, err := ex.grade(ctx, drv, progress)
	if err != nil {
		return Report{CompileErrors: []Diagnostic{{Msg: fmt.Sprintf("your file must define %s (%v)", ex.want, err)}}}, nil
	}
	return Report{Checks: checks, Output: out.String()}, nil
}

// load interprets the learner's file with the driver appended and returns
// the driver function, calling compiled between compiling the file and
// running its package-level code.
func load(ex exercise, src string, out *capped, compiled func()) (drv reflect.Value, diags []Diagnostic) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "learner.go", src, parser.PackageClauseOnly)
	if err != nil {
		return reflect.Value{}, parseDiagnostics(err)
	}
	// The compiled package's exports (the fixed API and the Grade types)
	// are dot-imported on the package clause's own line, and the driver
	// goes after the last line, so every position in the learner's file
	// keeps its line number.
	clauseEnd := fset.Position(f.Name.End()).Offset
	var b strings.Builder
	b.WriteString(src[:clauseEnd])
	b.WriteString("; import . " + strconv.Quote(modPath+ex.id))
	b.WriteString(src[clauseEnd:])
	b.WriteString("\n\n")
	b.WriteString(ex.driver)
	b.WriteString("\n")
	learnerLines := strings.Count(src, "\n") + 1

	i := yaegi.New(yaegi.Options{
		Stdin:  strings.NewReader(""),
		Stdout: out,
		Stderr: out,
		Args:   []string{"learner"},
		Env:    []string{},
		// Source packages resolve nowhere: an import outside the symbol
		// table is a compile error, never a read of the host's files.
		GoPath:               "/nonexistent",
		SourcecodeFilesystem: noFiles{},
	})
	if err := i.Use(symbols.Exports(ex.id)); err != nil {
		return reflect.Value{}, []Diagnostic{{Msg: "interp: " + err.Error()}}
	}
	err = safely(func() error {
		prog, err := i.Compile(b.String())
		if err != nil {
			return err
		}
		compiled()
		_, err = i.Execute(prog)
		return err
	})
	if err != nil {
		diags := evalDiagnostics(err, learnerLines, ex.want)
		for i := range diags {
			diags[i].Msg = explainImport(diags[i].Msg, ex.id)
		}
		return reflect.Value{}, diags
	}
	err = safely(func() error {
		var err error
		drv, err = i.Eval(f.Name.Name + "." + driverName)
		return err
	})
	if err != nil {
		return reflect.Value{}, []Diagnostic{{Msg: fmt.Sprintf("your file must define %s (%v)", ex.want, err)}}
	}
	return drv, nil
}

// noFiles is a file system with nothing in it: yaegi looks for source
// packages there, and learner code has none to import. (testing/fstest's
// empty MapFS would do as well, but links the testing packages into the
// grader's download.)
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// safely turns a panic inside yaegi (it has a few on code it cannot
// handle) into an error.
func safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return f()
}

func parseDiagnostics(err error) []Diagnostic {
	var list scanner.ErrorList
	if errors.As(err, &list) {
		var out []Diagnostic
		for _, e := range list {
			out = append(out, Diagnostic{Line: e.Pos.Line, Col: e.Pos.Column, Msg: e.Msg})
		}
		return out
	}
	return []Diagnostic{{Msg: err.Error()}}
}

// position finds "name:line:col: message" in yaegi's error lines.
var position = regexp.MustCompile(`^(?:[^:\s]*:)?(\d+):(\d+): (.*)$`)

// evalDiagnostics maps yaegi's errors to the learner's file. An error past
// its last line is in the driver: the learner's file lacks a function the
// grader needs, or gave it another signature.
func evalDiagnostics(err error, learnerLines int, want string) []Diagnostic {
	var list scanner.ErrorList
	if errors.As(err, &list) {
		// A syntax error near the end (an unclosed brace, say) cascades
		// into the driver: keep what is in the learner's file.
		var out []Diagnostic
		for _, d := range parseDiagnostics(err) {
			if d.Line <= learnerLines {
				out = append(out, d)
			}
		}
		if len(out) == 0 {
			out = []Diagnostic{{Line: learnerLines, Msg: "unexpected end of file: is a brace or parenthesis left open?"}}
		}
		return out
	}
	var out []Diagnostic
	for _, l := range strings.Split(strings.TrimSpace(err.Error()), "\n") {
		m := position.FindStringSubmatch(l)
		if m == nil {
			out = append(out, Diagnostic{Msg: l})
			continue
		}
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if line > learnerLines {
			out = append(out, Diagnostic{Msg: fmt.Sprintf("your file must define %s (%s)", want, m[3])})
			continue
		}
		out = append(out, Diagnostic{Line: line, Col: col, Msg: m[3]})
	}
	return out
}

// missingImport is yaegi's error for an import it has no symbols for.
var missingImport = regexp.MustCompile(`^import "([^"]+)" error: unable to find source related to: "[^"]+"$`)

// missingGeneric is yaegi's error for a function its own generic sources
// of slices, maps and cmp lack (slices.Sort, Min, Max, BinarySearch), or
// one the page's table of math leaves out (math.Gamma).
var missingGeneric = regexp.MustCompile(`^undefined selector:? ((slices|maps|cmp|math)\.[A-Z]\w*)$`)

// explainImport turns yaegi's error for an import outside the symbol table
// into one that says what to do. The graders refuse what the import rule
// refuses before interpreting, so the package is most likely one the rule
// allows that the page's grader does not carry: it carries the everyday
// standard library and what exercise id's own code imports (each table
// weighs on its download), and go test compiles the rest.
func explainImport(msg, id string) string {
	if m := missingGeneric.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s is standard Go and go test grades it, but the page's interpreter lacks it: grade this file with go test", m[1])
	}
	m := missingImport.FindStringSubmatch(msg)
	if m == nil || !importrule.ForExercise(id).Allows(m[1]) {
		return msg
	}
	return fmt.Sprintf("package %s is allowed and go test grades it, but the page's grader does not carry it: grade this file with go test (the page carries %s)", m[1], strings.Join(packages(id), ", "))
}

// packages returns the import paths exercise id's learner code may use in
// the page, in order: those with a symbol table, but the exercises' own
// packages, and those yaegi compiles from its own generic sources.
func packages(id string) []string {
	var out []string
	for key := range symbols.Exports(id) {
		p := path.Dir(key) // keys are "import/path/name"
		if !strings.HasPrefix(p, modPath) {
			out = append(out, p)
		}
	}
	for _, src := range generic.Sources {
		if f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly); err == nil {
			out = append(out, f.Name.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// tidyPanic keeps a panic's message and drops the stack, which shows the
// interpreter's frames rather than the learner's.
func tidyPanic(msg string) string {
	if !strings.HasPrefix(msg, "panic: ") {
		return msg
	}
	first, _, _ := strings.Cut(msg, "\n")
	return first
}

// capped is a writer that keeps the first 16 KiB written to it: learner
// code printing in a loop must not fill the worker's memory.
type capped struct{ b strings.Builder }

const outputCap = 16 << 10

func (c *capped) Write(p []byte) (int, error) {
	if room := outputCap - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string { return c.b.String() }
