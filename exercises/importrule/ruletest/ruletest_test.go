package ruletest

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

func TestWithUsesImportsEveryPackageTheRuleAllows(t *testing.T) {
	solutions, _ := filepath.Glob("../../*/.meta/solution.go")
	if len(solutions) == 0 {
		t.Fatal("no solutions")
	}
	for _, p := range solutions {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := WithUses(src, Everyday)
		if err != nil {
			t.Fatalf("WithUses(%s) = %v", p, err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, got, 0)
		if err != nil {
			t.Fatalf("WithUses(%s) does not parse: %v", p, err)
		}
		imported := map[string]bool{}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			imported[path] = true
		}
		for path, use := range Everyday {
			if !imported[path] || !strings.Contains(string(got), "var _ = "+use+"\n") {
				t.Errorf("WithUses(%s) lacks %s or its use", p, path)
			}
		}
		if err := importrule.Check("x.go", got, importrule.ForExercise(filepath.Base(filepath.Dir(filepath.Dir(p))))); err != nil {
			t.Errorf("WithUses(%s): %v", p, err)
		}
		// The learner's lines keep their numbers.
		if n := strings.Count(string(src), "\n"); !strings.HasPrefix(string(got), strings.Join(strings.Split(string(src), "\n")[:1], "\n")) || strings.Count(string(got), "\n") != n+len(Everyday)+1 {
			t.Errorf("WithUses(%s) moved the file's lines", p)
		}
	}
}
