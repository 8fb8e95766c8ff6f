package interp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// ids returns the ids of the exercises the interpreter grades, sorted.
func ids() []string {
	var out []string
	for _, ex := range registry() {
		out = append(out, ex.id)
	}
	return out
}

// TestGeneratedRegistryIsUpToDate regenerates the z_exercise_<id>.go files
// and compares them with the committed ones: a new exercise folder, or a
// changed driver, must come with a go generate.
func TestGeneratedRegistryIsUpToDate(t *testing.T) {
	tmp := t.TempDir()
	if out, err := exec.Command("go", "run", "gen.go", "-o", tmp).CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, out)
	}
	want, _ := filepath.Glob(filepath.Join(tmp, "z_exercise_*.go"))
	have, _ := filepath.Glob("z_exercise_*.go")
	if len(want) != len(have) {
		t.Errorf("%d registry files, want %d: run go generate ./exercises/interp", len(have), len(want))
	}
	for _, w := range want {
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(filepath.Base(w))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s is stale or missing: run go generate ./exercises/interp", filepath.Base(w))
		}
	}
}

// TestDriversAreGo compiles every exercise's .meta/driver.go with its
// package (the starter) under go vet, put in place with an overlay as the
// proof puts solutions, and with it a call that holds the driver's result
// to the type GradeChecks' checks take: a driver author gets Go's own
// errors, at the driver's lines, rather than the interpreter's.
func TestDriversAreGo(t *testing.T) {
	tmp := t.TempDir()
	replace := map[string]string{}
	var pkgs []string
	for _, id := range ids() {
		dir, err := filepath.Abs(filepath.Join("..", id))
		if err != nil {
			t.Fatal(err)
		}
		driver := filepath.Join(dir, ".meta", "driver.go")
		f, err := parser.ParseFile(token.NewFileSet(), driver, nil, parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		typed := filepath.Join(tmp, id+".go")
		src := "package " + f.Name.Name + `

import (
	"context"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

var _ = func() { grading.Run(context.Background(), GradeChecks()[0], ` + driverName + `()) }
`
		if err := os.WriteFile(typed, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(dir, "zz_driver.go")] = driver
		replace[filepath.Join(dir, "zz_driver_typed.go")] = typed
		pkgs = append(pkgs, "../"+id)
	}
	b, _ := json.Marshal(map[string]any{"Replace": replace})
	overlay := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", append([]string{"vet", "-overlay", overlay}, pkgs...)...).CombinedOutput(); err != nil {
		t.Errorf("go vet with the drivers: %v\n%s", err, out)
	}
}

// TestEveryStarterCompilesAndFailsEveryCheck interprets every exercise's
// starter with its driver, as the page does before the learner has
// written anything: it must compile and fail every check, as it does
// under go test.
func TestEveryStarterCompilesAndFailsEveryCheck(t *testing.T) {
	for _, id := range ids() {
		t.Run(id, func(t *testing.T) {
			cfg, err := grading.ReadConfig(filepath.Join("..", id, ".meta", "config.json"))
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(filepath.Join("..", id, cfg.File))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Grade(context.Background(), id, string(src), nil)
			if err != nil || len(rep.CompileErrors) > 0 {
				t.Fatalf("Grade(starter) = %v, %v; want it to compile", rep.CompileErrors, err)
			}
			var ran []string
			for _, c := range rep.Checks {
				ran = append(ran, c.Check)
				if c.Pass {
					t.Errorf("check %s passes on the starter", c.Check)
				}
			}
			if want := cfg.CheckNames(); !slices.Equal(ran, want) {
				t.Errorf("Grade(starter) ran checks %v, want config.json's %v", ran, want)
			}
		})
	}
}

func TestWatchedFunctionsCallAliveAtEveryCrossing(t *testing.T) {
	type sessions struct {
		Touch func(id string) error
		Sum   func(xs ...int) int
		Next  func() func() int
		Count int
	}
	type newFunc func() sessions
	n := 0
	f := watched(newFunc(func() sessions {
		k := 0
		return sessions{
			Touch: func(id string) error { return fmt.Errorf("no %s", id) },
			Sum: func(xs ...int) int {
				s := 0
				for _, x := range xs {
					s += x
				}
				return s
			},
			Next:  func() func() int { return func() int { k++; return k } },
			Count: 7,
		}
	}), func() { n++ })
	s := f()                                                      // 2
	if err := s.Touch("a"); err == nil || err.Error() != "no a" { // 4
		t.Errorf("Touch = %v, want the learner's own error", err)
	}
	if got := s.Sum(1, 2, 3); got != 6 { // 6
		t.Errorf("Sum(1, 2, 3) = %d, want 6", got)
	}
	next := s.Next()                             // 8
	next()                                       // 10
	if got := next(); got != 2 || s.Count != 7 { // 12
		t.Errorf("next() = %d and Count %d, want 2 and 7: the values must pass through", got, s.Count)
	}
	if n != 12 {
		t.Errorf("alive was called %d times, want 12: before and after each of six calls, returned functions included", n)
	}
}
