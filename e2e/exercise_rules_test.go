package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// What the exercise page refuses to grade, and how it says so: code that
// does not compile, and code that imports what the exercise does not allow
// (the classroom grader refuses the same imports with the same words).

func TestExerciseCompileErrorNamesTheLine(t *testing.T) {
	tb := openExercise(t, "catalog")
	starter := exerciseFile(t, "catalog", "catalog.go")
	lines := strings.Split(starter, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, `errors.New("TODO")`) })
	if at < 0 {
		t.Fatal("the catalog starter changed: no TODO line")
	}
	lines[at] = "\treturn nil, nil, undefinedThing"
	tb.typeCode(strings.Join(lines, "\n"))
	tb.press("run", gradeTimeout)
	msg := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`)
	if want := fmt.Sprintf("line %d", at+1); !strings.Contains(msg, want) || !strings.Contains(msg, "undefinedThing") {
		t.Errorf("compile errors = %q, want %q and the undefined name", msg, want)
	}
	tb.noProblems()
}

// catalogStarterWith returns catalog's starter with extra imports and
// declarations, still compiling.
func catalogStarterWith(t *testing.T, imports, decls string) string {
	t.Helper()
	starter := exerciseFile(t, "catalog", "catalog.go")
	i := strings.Index(starter, "import (")
	if i < 0 {
		t.Fatal("the catalog starter changed: no import block")
	}
	i += len("import (")
	return starter[:i] + "\n" + imports + starter[i:] + "\n" + decls + "\n"
}

func TestExerciseRefusesAForbiddenImport(t *testing.T) {
	tb := openExercise(t, "catalog")
	for _, tc := range []struct {
		name, imports, decls, says string
	}{
		{"os, to end the process", "\t\"os\"\n", "var _ = os.Exit\n", `import "os" is not allowed`},
		{"the simulator's reference", "\tref \"github.com/mcp-playground/mcp-playground/sim/catalog\"\n", "var _ = ref.Enumerate\n", "part of this course's own code"},
		{"os.Exit through //go:linkname", "", "//go:linkname exit os.Exit\nfunc exit(int)\n", "//go:linkname is not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb.t = t
			src := catalogStarterWith(t, tc.imports, tc.decls)
			tb.typeCode(src)
			tb.press("grade", gradeTimeout)
			msg := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`)
			if !strings.Contains(msg, tc.says) {
				t.Errorf("the page says %q, want it to say %q", msg, tc.says)
			}
			for _, r := range tb.checks() {
				if r.Status == "pass" {
					t.Errorf("check %s passed on refused code", r.Name)
				}
			}
			if got := tb.editorText(); got != src {
				t.Errorf("the refused code left the editor")
			}
			tb.noProblems()
		})
	}
}
