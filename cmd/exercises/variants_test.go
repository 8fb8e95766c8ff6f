package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/importrule/ruletest"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

// The versions of a learner's file the classroom tests grade.

// A variantFile is one version of an exercise's learner file.
type variantFile struct {
	ex exercise
	// kind is "starter", "solution", "mutant" or "everyday": the solution
	// also importing and using the standard library a Go programmer
	// reaches for (ruletest.Everyday), which every grader must accept.
	kind   string
	mutant string // file name, for mutants
}

func (v variantFile) String() string {
	if v.kind == "mutant" {
		return v.ex.ID + " mutant " + strings.TrimSuffix(v.mutant, mutant.Ext)
	}
	return v.ex.ID + " " + v.kind
}

// source is the variant's file content.
func (v variantFile) source(t *testing.T) []byte {
	t.Helper()
	p := v.ex.learnerFile()
	switch v.kind {
	case "solution":
		p = filepath.Join(v.ex.Dir, ".meta", "solution.go")
	case "mutant":
		b, err := mutant.Source(filepath.Join(v.ex.Dir, ".meta"), v.mutant)
		if err != nil {
			t.Fatal(err)
		}
		return b
	case "everyday":
		b, err := ruletest.WithUses(variantFile{ex: v.ex, kind: "solution"}.source(t), ruletest.Everyday)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// catcher is the check a mutant must fail.
func (v variantFile) catcher() string { return v.ex.Config.Mutants[v.mutant] }

// variants lists what each target grades: each exercise's starter,
// solution and first mutant, and the sample exercise's everyday solution.
func variants(exs []exercise) []variantFile {
	var out []variantFile
	for _, ex := range exs {
		out = append(out, variantFile{ex: ex, kind: "starter"}, variantFile{ex: ex, kind: "solution"})
		if ex.ID == sampleExercise {
			out = append(out, variantFile{ex: ex, kind: "everyday"})
		}
		if len(ex.Mutants) > 0 {
			out = append(out, variantFile{ex: ex, kind: "mutant", mutant: ex.Mutants[0]})
		}
	}
	return out
}

func exerciseByID(t *testing.T, exs []exercise, id string) exercise {
	t.Helper()
	i := slices.IndexFunc(exs, func(e exercise) bool { return e.ID == id })
	if i < 0 {
		t.Fatalf("no exercise %s", id)
	}
	return exs[i]
}
