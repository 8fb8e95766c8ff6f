//go:build ignore

// gen.go writes the symbol tables interpreted exercise code may use, with
// yaegi's extractor. Which packages get a table is read from the code the
// interpreter loads (see interpretedImports): every package an exercise's
// starter, solution, mutants or driver imports, plus fmt, and each
// exercise's own package. Nothing else is linked into an exercise's
// grader-<id>.wasm, whose size every table adds to; a learner's import of
// anything else fails to compile in the browser, and the grader says which
// packages it offers.
// An import of a package learner code must never reach (the file system,
// the network, processes, reflection) stops the generator instead.
//
// It post-processes the tables in three ways:
//
//   - yaegi emits a parameter named "_" as the argument of the wrapper's
//     call (W.WMethod(_)), which does not compile; such parameters are
//     renamed a0, a1, ... here, so the output is never edited by hand;
//   - untyped string constants, which yaegi extracts as constant.Value,
//     become typed: yaegi v0.16.1 cannot compare a string variable with
//     such a constant ("mismatched types string and *constant.stringVal");
//   - each file's init function, which fills a package-level map, becomes
//     a function filling the map it is given, so [Exports] can build a
//     fresh table for every interpreter.
//
// A table that not every exercise needs gets the build constraint
// !grader || grader_<id> || …, naming the exercises whose code imports it,
// and each exercise gets z_exports_<id>.go, under !grader || grader_<id>,
// listing its tables: the site's grader for one exercise (built with
// -tags grader,grader_<id>, see cmd/buildsite's wasmTargets) links only the
// tables that exercise needs, and [Exports] hands that exercise's
// interpreter those tables and no others in every build, so the parity
// test interprets with exactly what the page offers.
//
// Run it with go generate ./exercises/interp/...; -o writes elsewhere
// (the package's test regenerates into a temporary directory and diffs).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/importrule"
	"github.com/mcp-playground/mcp-playground/exercises/interp/symbols/tablesum"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
	"github.com/traefik/yaegi/extract"
	"github.com/traefik/yaegi/stdlib/generic"
)

// A source is one package and the symbols of it interpreted code may use
// (all exported ones when include is empty), and the exercises whose
// interpreted code needs it: only their graders link its table.
type source struct {
	path    string
	include []string
	users   []string // exercise ids, sorted
}

// always are the packages every table set holds, whether or not an
// exercise's own code imports them: the standard library a Go programmer
// reaches for in any exercise (exercises/importrule allows far more, and
// go test grades it; the page names a package it does not carry). yaegi
// compiles its generic sources (slices, maps, cmp) only once fmt is in the
// table, and learners print while they debug. Each table weighs on every
// grader, gzip -9 on catalog's: time 15 KB, math (its arithmetic, see
// limits) about 12 KB, container/heap 3 KB. On ttl's, bufio would add
// 19 KB, encoding/json 45 KB, encoding/hex 11 KB, context 7.5 KB, math/bits
// 5 KB (each measured alone), so they stay with the exercises whose own
// code imports them, and the page says to grade others with go test.
var always = []string{"fmt", "errors", "strings", "strconv", "sort", "bytes", "unicode", "unicode/utf8", "sync", "math", "container/heap", "time"}

// limits narrows packages learner code may import to the parts of them it
// may use (the page says to grade the rest with go test): io without its
// file-like interfaces, math without its special functions, and the parts of mcp an
// exercise touches (tools, their results and content, servers and clients
// over in-memory transports), with no transport that reaches a process, a
// file or the network.
var limits = map[string][]string{
	"io": {`^(EOF|ErrUnexpectedEOF|ErrClosedPipe|Reader|Writer)$`},
	// math's arithmetic and constants: its whole table (Gamma, Bessel,
	// Erf, …) links code no other part of a grader needs, 37 KB gzip -9 on
	// catalog's; this part, 8 KB.
	"math": {
		`^(E|Pi|Phi|Sqrt2|Ln2|Ln10|Log2E|Log10E|MaxFloat32|SmallestNonzeroFloat32|MaxFloat64|SmallestNonzeroFloat64)$`,
		`^(MaxInt|MinInt|MaxInt8|MinInt8|MaxInt16|MinInt16|MaxInt32|MinInt32|MaxInt64|MinInt64|MaxUint|MaxUint8|MaxUint16|MaxUint32|MaxUint64)$`,
		`^(Abs|Ceil|Floor|Round|RoundToEven|Trunc|Mod|Modf|Max|Min|Dim|Sqrt|Pow|Pow10|Exp|Log|Log2|Log10|Hypot)$`,
		`^(Inf|IsInf|NaN|IsNaN|Signbit|Copysign|Float64bits|Float64frombits|Float32bits|Float32frombits)$`,
	},
	"github.com/modelcontextprotocol/go-sdk/mcp": {
		`^(Tool|ToolAnnotations|ToolHandler|CallToolRequest|CallToolParams|CallToolParamsRaw|CallToolResult)$`,
		`^(ListToolsParams|ListToolsResult|ListToolsRequest)$`,
		`^(Content|TextContent|ImageContent|AudioContent|EmbeddedResource|ResourceLink|ResourceContents)$`,
		`^(Server|ServerOptions|NewServer|ServerSession|Client|ClientOptions|NewClient|ClientSession|ClientSessionOptions)$`,
		`^(Implementation|Meta|Params|Result|Connection|Transport|InMemoryTransport|NewInMemoryTransports)$`,
		`^(ErrConnectionClosed|ErrSessionMissing)$`,
	},
}

// forbidden reports why learner code may not import path, or "" when it
// may: exercises/importrule's refusal, which the graders apply before
// they compile or interpret a learner's file (the file system, the
// network, processes, the runtime, values around the type system).
func forbidden(path string) string { return importrule.Refused(path) }

const modPath = "github.com/mcp-playground/mcp-playground/exercises/"

func main() {
	log.SetFlags(0)
	outDir := flag.String("o", ".", "the directory to write the tables to")
	flag.Parse()
	root := filepath.Join("..", "..")
	sources, err := interpretedImports(root)
	if err != nil {
		log.Fatal(err)
	}
	exercises, err := exerciseSources(root)
	if err != nil {
		log.Fatal(err)
	}
	// Only now that the tables are known: a package no exercise imports
	// any more loses its table.
	old, _ := filepath.Glob(filepath.Join(*outDir, "z_*.go"))
	for _, f := range old {
		os.Remove(f)
	}
	all, err := exerciseFolders(root)
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range append(sources, exercises...) {
		e := extract.Extractor{Dest: "symbols", Include: s.include}
		var buf bytes.Buffer
		if _, err := e.Extract(s.path, "", &buf); err != nil {
			log.Fatalf("extract %s: %v", s.path, err)
		}
		ident := identOf(s.path)
		out, err := rewrite(buf.Bytes(), ident, s.path[strings.LastIndex(s.path, "/")+1:])
		if err != nil {
			log.Fatalf("%s: %v", s.path, err)
		}
		if len(s.users) < len(all) {
			if out, err = constrain(out, s.users); err != nil {
				log.Fatalf("%s: %v", s.path, err)
			}
		}
		if err := os.WriteFile(filepath.Join(*outDir, "z_"+ident+".go"), out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	// One list of tables per exercise, under the same constraint as its
	// registration in exercises/interp.
	for _, ex := range all {
		id := filepath.Base(ex.dir)
		var funcs []string
		for _, s := range append(sources, exercises...) {
			if slices.Contains(s.users, id) {
				funcs = append(funcs, "add"+identOf(s.path))
			}
		}
		slices.Sort(funcs)
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Code generated by gen.go. DO NOT EDIT.\n\n//go:build !grader || grader_%s\n\npackage symbols\n\n", id)
		fmt.Fprintf(&b, "func init() {\n\ttables[%q] = []adder{\n", id)
		for _, f := range funcs {
			fmt.Fprintf(&b, "\t\t%s,\n", f)
		}
		b.WriteString("\t}\n}\n")
		src, err := format.Source(b.Bytes())
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*outDir, "z_exports_"+id+".go"), src, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	// What these tables were made from, so that the up-to-date test need
	// not make them again to know (a regeneration elsewhere, -o, is that
	// test's own).
	if *outDir == "." {
		sum, err := tablesum.Sum(filepath.Join(root, ".."), ".")
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(tablesum.File, []byte(sum+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// constrain puts a build constraint in the generated table src that keeps
// it out of the site's grader for any exercise but users (built with
// -tags grader,grader_<id>); a plain build keeps every table. yaegi's own
// constraint (the Go version it extracted with) is kept, and-ed.
func constrain(src []byte, users []string) ([]byte, error) {
	expr := "!grader"
	for _, id := range users {
		expr += " || grader_" + id
	}
	var out []string
	placed := false
	for _, l := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(l, "// +build "):
			continue
		case strings.HasPrefix(l, "//go:build "):
			l += " && (" + expr + ")"
			placed = true
		case !placed && strings.HasPrefix(l, "package "):
			out = append(out, "//go:build "+expr, "")
			placed = true
		}
		out = append(out, l)
	}
	return format.Source([]byte(strings.Join(out, "\n")))
}

// exerciseSources returns a source for every exercise folder (one with a
// .meta/config.json) under exercises/: the names its package exports
// outside the learner's file. They are its fixed API (api.go), so that the
// learner's file uses the very types and error values the compiled grader
// checks, and its Grade types, which the driver appended to the learner's
// file returns; not GradeChecks, which only the grader calls. The
// learner's own names stay out: the interpreter dot-imports these into the
// learner's file, where the two would clash.
func exerciseSources(root string) ([]source, error) {
	exs, err := exerciseFolders(root)
	if err != nil {
		return nil, err
	}
	var out []source
	for _, ex := range exs {
		dir, cfg := ex.dir, ex.cfg
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		var names []string
		for _, file := range files {
			if filepath.Base(file) == cfg.File || strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			names = append(names, exported(f)...)
		}
		id := filepath.Base(dir)
		if len(names) == 0 {
			// An empty include would export everything, the learner's names too.
			return nil, fmt.Errorf("exercise %s exports nothing outside %s: its checks take a Grade type declared in grade.go", id, cfg.File)
		}
		slices.Sort(names)
		out = append(out, source{path: modPath + id, include: []string{"^(" + strings.Join(names, "|") + ")$"}, users: []string{id}})
	}
	return out, nil
}

// An exerciseFolder is one folder under exercises/ with a .meta/config.json.
type exerciseFolder struct {
	dir string
	cfg struct {
		File    string   // the learner's file, in dir
		Imports []string // packages the statement suggests (grading.Config)
	}
}

// exerciseFolders lists the exercise folders under root, in id order.
func exerciseFolders(root string) ([]exerciseFolder, error) {
	configs, err := filepath.Glob(filepath.Join(root, "*", ".meta", "config.json"))
	if err != nil {
		return nil, err
	}
	if len(configs) == 0 {
		return nil, fmt.Errorf("no exercises: run gen.go in exercises/interp/symbols")
	}
	var out []exerciseFolder
	for _, c := range configs {
		ex := exerciseFolder{dir: filepath.Dir(filepath.Dir(c))}
		b, err := os.ReadFile(c)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &ex.cfg); err != nil {
			return nil, fmt.Errorf("%s: %v", c, err)
		}
		if ex.cfg.File == "" {
			return nil, fmt.Errorf("%s: no file (the learner's file)", c)
		}
		out = append(out, ex)
	}
	return out, nil
}

// interpretedImports returns a source for every package the interpreter's
// input imports, in path order: the union of the imports of each
// exercise's starter, solution, mutants and driver (what the parity test
// interprets, and what a learner's answer most likely needs), the
// packages its config's imports name (ones its statement suggests), and
// [always]. Packages yaegi compiles from its own generic sources (slices,
// maps, cmp) need no table and get none; the exercises' own packages get
// theirs from [exerciseSources].
func interpretedImports(root string) ([]source, error) {
	fromSource := map[string]bool{}
	for _, src := range generic.Sources {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
		if err != nil {
			return nil, fmt.Errorf("yaegi's generic sources: %v", err)
		}
		fromSource[f.Name.Name] = true
	}
	exs, err := exerciseFolders(root)
	if err != nil {
		return nil, err
	}
	paths := map[string]map[string]bool{} // package → the exercises needing it
	need := func(p, id string) {
		if paths[p] == nil {
			paths[p] = map[string]bool{}
		}
		paths[p][id] = true
	}
	for _, ex := range exs {
		id := filepath.Base(ex.dir)
		for _, p := range always {
			need(p, id)
		}
		for _, p := range ex.cfg.Imports {
			if why := forbidden(p); why != "" {
				return nil, fmt.Errorf("%s: imports names %s, which is refused (%s)", shown(root, filepath.Join(ex.dir, ".meta", "config.json")), p, why)
			}
			need(p, id)
		}
		files, err := mutant.Files(filepath.Join(ex.dir, ".meta"), ex.cfg.File)
		if err != nil {
			return nil, err
		}
		for _, file := range slices.Sorted(maps.Keys(files)) {
			f, err := parser.ParseFile(token.NewFileSet(), file, files[file], parser.ImportsOnly)
			if err != nil {
				return nil, err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if why := forbidden(p); why != "" {
					return nil, fmt.Errorf("%s imports %s, which is refused (%s): the interpreter offers no such package", shown(root, file), p, why)
				}
				if strings.HasPrefix(p, modPath) {
					// An exercise's own package: exerciseSources.
					continue
				}
				if !fromSource[p] {
					need(p, id)
				}
			}
		}
	}
	var out []source
	for p, ids := range paths {
		out = append(out, source{path: p, include: limits[p], users: slices.Sorted(maps.Keys(ids))})
	}
	slices.SortFunc(out, func(a, b source) int { return strings.Compare(a.path, b.path) })
	return out, nil
}

// shown names a file under root, the exercises/ folder, from the module
// root, as an error message should.
func shown(root, file string) string {
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return file
	}
	return "exercises/" + filepath.ToSlash(rel)
}
