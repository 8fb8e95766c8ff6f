// Package sim_test keeps the simulator honest about what it may use: it
// must build for js/wasm without syscall/js, and its traces must not depend
// on the wall clock or global randomness.
package sim_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestSimStaysPure(t *testing.T) {
	forbiddenImports := map[string]string{
		"syscall/js": "sim/ must not know about the page",
		"math/rand":  "use a seeded math/rand/v2 source",
		"os/exec":    "the simulator runs in a browser",
	}
	forbiddenCalls := []string{"time.Now(", "time.Sleep(", "time.After(", "time.NewTimer(", "time.Tick(", "rand.IntN(", "rand.Int(", "crypto/rand"}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if why, ok := forbiddenImports[p]; ok {
				t.Errorf("%s imports %s: %s", path, p, why)
			}
		}
		src, err := fs.ReadFile(dirFS, path)
		if err != nil {
			return err
		}
		for _, c := range forbiddenCalls {
			if strings.Contains(string(src), c) {
				t.Errorf("%s uses %s: scenarios must use the virtual clock and seeded randomness", path, c)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
