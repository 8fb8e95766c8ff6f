package symbols

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/interp/symbols/tablesum"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
	yaegi "github.com/traefik/yaegi/interp"
)

var regen = flag.Bool("regen", false, "regenerate the symbol tables and diff them with the committed ones (slow: it type-checks the go-sdk from source; go run ./cmd/check runs it)")

// TestGeneratedTablesAreUpToDate regenerates the symbol tables and compares
// them with the committed ones: a changed exercise API, a new import in an
// exercise's code or a new go-sdk must come with a go generate. When
// nothing the tables are made from changed since the last go generate
// (tables.sum, see package tablesum), they are what it would write again.
func TestGeneratedTablesAreUpToDate(t *testing.T) {
	if !*regen {
		t.Skip("slow; run with -regen")
	}
	sum, err := tablesum.Sum(filepath.Join("..", "..", ".."), ".")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(tablesum.File); err == nil && strings.TrimSpace(string(b)) == sum {
		t.Logf("%s matches: nothing the tables are made from changed since go generate made them", tablesum.File)
		return
	}
	tmp := t.TempDir()
	cmd := exec.Command("go", "run", "gen.go", "gen_rewrite.go", "-o", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go gen_rewrite.go: %v\n%s", err, out)
	}
	want, _ := filepath.Glob(filepath.Join(tmp, "z_*.go"))
	have, _ := filepath.Glob("z_*.go")
	for _, h := range have {
		if _, err := os.Stat(filepath.Join(tmp, h)); err != nil {
			t.Errorf("%s is a table no exercise needs any more: run go generate ./exercises/interp/...", h)
		}
	}
	for _, w := range want {
		name := filepath.Base(w)
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(name)
		switch {
		case err != nil:
			t.Errorf("%s is missing (an exercise imports a package with no table): run go generate ./exercises/interp/...", name)
		case !bytes.Equal(a, b):
			t.Errorf("%s is stale: run go generate ./exercises/interp/...", name)
		}
	}
}

func TestExportsLeaveOutTheSystem(t *testing.T) {
	if len(tables) == 0 {
		t.Fatal("no exercise has tables")
	}
	for id := range tables {
		ex := Exports(id)
		for _, k := range []string{"os/os", "os/exec/exec", "net/net", "net/http/http", "syscall/syscall", "unsafe/unsafe", "reflect/reflect", "io/fs/fs"} {
			if _, ok := ex[k]; ok {
				t.Errorf("Exports(%q) has %s", id, k)
			}
		}
		for _, k := range []string{"fmt/fmt", "errors/errors", "strings/strings"} {
			if _, ok := ex[k]; !ok {
				t.Errorf("Exports(%q) lacks %s, which every exercise offers", id, k)
			}
		}
		if _, ok := ex["github.com/modelcontextprotocol/go-sdk/mcp/mcp"]["CommandTransport"]; ok {
			t.Errorf("Exports(%q) has mcp.CommandTransport (os/exec)", id)
		}
	}
}

// TestExportsAreEachExercisesOwn: an exercise's table holds the packages
// its own code imports and not those only another's does, since each
// weighs on its grader's download.
func TestExportsAreEachExercisesOwn(t *testing.T) {
	tests := []struct {
		exercise     string
		has, hasNone []string
	}{
		// The everyday library (gen.go's always) is in every table.
		{"catalog", []string{"context/context", "container/heap/heap", "time/time", "github.com/modelcontextprotocol/go-sdk/mcp/mcp", "github.com/mcp-playground/mcp-playground/exercises/catalog/catalog"}, []string{"encoding/json/json", "github.com/mcp-playground/mcp-playground/exercises/ttl/ttl"}},
		{"ttl", []string{"container/heap/heap", "time/time", "math/math", "github.com/mcp-playground/mcp-playground/exercises/ttl/ttl"}, []string{"context/context", "github.com/modelcontextprotocol/go-sdk/mcp/mcp", "github.com/mcp-playground/mcp-playground/exercises/catalog/catalog"}},
	}
	for _, tt := range tests {
		ex := Exports(tt.exercise)
		for _, k := range tt.has {
			if _, ok := ex[k]; !ok {
				t.Errorf("Exports(%q) lacks %s", tt.exercise, k)
			}
		}
		for _, k := range tt.hasNone {
			if _, ok := ex[k]; ok {
				t.Errorf("Exports(%q) has %s", tt.exercise, k)
			}
		}
	}
	if ex := Exports("no-such-exercise"); ex != nil {
		t.Errorf("Exports of an unknown exercise = %d tables, want none", len(ex))
	}
}

// TestExercisesUseOnlyExportedSymbols reads every exercise's starter,
// solution, mutants and driver and looks up each package they import, and
// each name they use from it, in [Exports]: what is missing would fail to
// compile in the browser alone. The parity test would find it too, but
// slowly and without saying what to add.
func TestExercisesUseOnlyExportedSymbols(t *testing.T) {
	configs, _ := filepath.Glob(filepath.Join("..", "..", "*", ".meta", "config.json"))
	if len(configs) == 0 {
		t.Fatal("no exercise folders")
	}
	for _, c := range configs {
		cfg, err := grading.ReadConfig(c)
		if err != nil {
			t.Fatal(err)
		}
		meta := filepath.Dir(c)
		ex := Exports(filepath.Base(filepath.Dir(meta)))
		files, err := mutant.Files(meta, cfg.File)
		if err != nil {
			t.Fatal(err)
		}
		for file, src := range files {
			f, err := parser.ParseFile(token.NewFileSet(), file, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, problem := range missingSymbols(ex, f) {
				t.Errorf("%s: %s: run go generate ./exercises/interp/... (a package is offered when an exercise imports it; mcp and io offer the names in limits in gen.go)", file, problem)
			}
		}
	}
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// missingSymbols lists f's imports, and the names it uses from them, that
// ex lacks.
func missingSymbols(ex map[string]map[string]reflect.Value, f *ast.File) []string {
	var out []string
	local := map[string]string{} // the name f uses → the table's key
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if majorVersion.MatchString(name) {
			name = path.Base(path.Dir(p))
		}
		key := p + "/" + name
		if _, ok := ex[key]; !ok {
			if !fromSource(ex, p) {
				out = append(out, "imports "+p+", which interpreted code cannot")
			}
			continue
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		local[name] = key
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		// An identifier the parser could not resolve in the file is a
		// package name (or a predeclared one), never a local variable.
		if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil && local[id.Name] != "" {
			if _, ok := ex[local[id.Name]][sel.Sel.Name]; !ok {
				out = append(out, "uses "+id.Name+"."+sel.Sel.Name+", which interpreted code cannot")
			}
		}
		return true
	})
	return out
}

// fromSource reports whether yaegi imports p from the generic sources it
// carries (slices, maps, cmp) rather than from the symbol table.
func fromSource(ex map[string]map[string]reflect.Value, p string) bool {
	i := yaegi.New(yaegi.Options{Stdin: strings.NewReader(""), GoPath: "/nonexistent", SourcecodeFilesystem: fstest.MapFS{}})
	if err := i.Use(ex); err != nil {
		return false
	}
	_, err := i.Eval("import " + strconv.Quote(p))
	return err == nil
}
