// Package sim_test keeps the simulator honest about what it may use: it
// must build for js/wasm without syscall/js, and its traces must not depend
// on the wall clock or global randomness.
package sim_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbiddenImports may not appear in sim/ at all.
var forbiddenImports = map[string]string{
	"syscall/js":  "sim/ must not know about the page",
	"math/rand":   "use a seeded math/rand/v2 source",
	"crypto/rand": "randomness must be seeded",
	"os/exec":     "the simulator runs in a browser",
}

// allowedCalls lists, per package, the only package-level functions sim/
// may call: time's wall clock and math/rand/v2's global source are out;
// durations and seeded sources are fine.
var allowedCalls = map[string]func(name string) bool{
	"time": func(name string) bool { return name == "Duration" },
	"math/rand/v2": func(name string) bool {
		return strings.HasPrefix(name, "New")
	},
}

func TestSimStaysPure(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		local := map[string]string{} // local name → import path, for checked packages
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if why, ok := forbiddenImports[p]; ok {
				t.Errorf("%s imports %s: %s", path, p, why)
			}
			if _, ok := allowedCalls[p]; ok {
				name := p[strings.LastIndex(p, "/")+1:]
				if p == "math/rand/v2" {
					name = "rand"
				}
				if imp.Name != nil {
					name = imp.Name.Name
				}
				local[name] = p
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || id.Obj != nil {
				return true
			}
			if p, ok := local[id.Name]; ok && !allowedCalls[p](sel.Sel.Name) && isFunc(sel.Sel.Name) {
				t.Errorf("%s: %s uses %s.%s: scenarios must use the virtual clock and seeded randomness", fset.Position(sel.Pos()), path, p, sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isFunc reports whether an exported name of time or math/rand/v2 is a
// function rather than a type or constant worth allowing (time.Second,
// time.Time, rand.Rand…).
func isFunc(name string) bool {
	switch name {
	case "Second", "Millisecond", "Microsecond", "Nanosecond", "Minute", "Hour", "Time", "Duration", "Rand", "Source", "PCG", "ChaCha8", "Zipf", "Location", "Month", "Weekday", "Timer", "Ticker":
		return false
	}
	return true
}
