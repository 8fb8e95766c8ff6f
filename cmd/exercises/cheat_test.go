package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A cheat is a learner's file written to win points without solving the
// exercise. Every one must score what the starter scores (0), with a
// message saying why where the grader can tell.
type cheat struct {
	name, src string
	// says is in the grader's report: the import named, the failure seen.
	says string
}

// fakePasses prints go test's own lines for every check of catalog.
const fakePasses = `	for _, c := range []string{"normal-walk", "empty-token", "repeat", "cycle", "page-limit", "tool-limit", "duplicate", "invalid-limits", "protocol-error", "cancel", "replay-stable", "slow-page", "hidden-shapes"} {
		fmt.Printf("=== RUN   TestCatalog/%s\n--- PASS: TestCatalog/%s (0.00s)\n", c, c)
	}
	fmt.Println("--- PASS: TestCatalog (0.00s)\nPASS\nok  \tgithub.com/mcp-playground/mcp-playground/exercises/catalog\t0.1s")
`

const enumerateTODO = `
func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	return nil, nil, errors.New("TODO")
}
`

const catalogImports = `package catalog

import (
	"context"
	"errors"
	"fmt"
	%s
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var _, _ = fmt.Sprint, errors.New
`

func catalogCheat(extraImport, body string) string {
	return strings.Replace(catalogImports, "%s", extraImport, 1) + body
}

var catalogCheats = []cheat{
	{"fake PASS lines, then os.Exit(0)", catalogCheat(`"os"`, "func init() {\n"+fakePasses+"\tos.Exit(0)\n}\n"+enumerateTODO), `import "os" is not allowed`},
	{"fake PASS lines, then a panic", catalogCheat("", "func init() {\n"+fakePasses+"\tpanic(\"done\")\n}\n"+enumerateTODO), "your code's process ended"},
	{"fake PASS lines and a panic from a goroutine", catalogCheat("", `
func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	done := make(chan bool)
	go func() {
`+fakePasses+`		close(done)
		panic("done")
	}()
	<-done
	select {}
}
`), "your code's process ended"},
	{"reflect, refused with what to use instead", catalogCheat(`"reflect"`, "var _ = reflect.TypeOf\n"+enumerateTODO), `import "reflect" is not allowed: it inspects and changes values around Go's type checks, the grader's values included; use a type switch or a type assertion`},
	{"raw syscalls", catalogCheat(`"syscall"`, "func init() {\n"+fakePasses+"\tsyscall.Exit(0)\n}\n"+enumerateTODO), `import "syscall" is not allowed`},
	{"os.Exit through //go:linkname", catalogCheat("", "//go:linkname exit os.Exit\nfunc exit(int)\n"+enumerateTODO), "//go:linkname is not allowed"},
	{"delegating to the simulator's reference", catalogCheat(`ref "github.com/mcp-playground/mcp-playground/sim/catalog"`, `
func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	return ref.Enumerate(ctx, l, ref.Limits{MaxPages: lim.MaxPages, MaxTools: lim.MaxTools})
}
`), "part of this course's own code"},
	{"delegating to the graders' own code", catalogCheat("", `
func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	_ = GradeChecks()
	return nil, nil, errors.New("TODO")
}
`), "does not compile"},
	{"rewriting results and graders", catalogCheat(`"os"`, "func init() {\n\tos.WriteFile(\"results/results.json\", []byte(`{\"score\": 24}`), 0o644)\n}\n"+enumerateTODO), `import "os" is not allowed`},
	{"a hang in every check", catalogCheat("", `
func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	for {
	}
}
`), "did not return within"},
}

var scoreLine = regexp.MustCompile(`(?m)^score: (\d+)/(\d+) points`)

// TestCheatsScoreAsTheStarter grades every cheat with the grader every
// platform runs (here from the plain-GitHub export, as its workflow does):
// each scores 0, as the starter does.
func TestCheatsScoreAsTheStarter(t *testing.T) {
	dir, _ := gradingExport(t, "github", "grades every cheat")
	dir = filepath.Join(dir, "template")
	file := filepath.Join(dir, "exercises", "catalog", "catalog.go")
	for _, c := range catalogCheats {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			env := goEnv()
			if strings.Contains(c.name, "a hang") {
				// The grader's bound is what is tested, not its length:
				// a shorter one spares a core 13 × 5 s of spinning.
				env = goEnv("MCP_PLAYGROUND_CALL_TIMEOUT=1s")
			}
			out, _ := run(dir, env, "go", "run", "./grader", "catalog")
			m := scoreLine.FindStringSubmatch(out)
			if m == nil || m[1] != "0" {
				t.Fatalf("the cheat scores %v, want 0 (the starter's score)\n%s", m, out)
			}
			if !strings.Contains(out, c.says) {
				t.Errorf("the report does not say %q\n%s", c.says, out)
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, "pass ") || strings.HasPrefix(l, "PASS catalog/") {
					t.Errorf("a check passed: %s", l)
				}
			}
		})
	}
}

// TestClassroom50RefusesAChangedBundle: a test's setup checks the bundle's
// graders against the hashes fixed at export before any student code runs,
// and names what changed (an earlier test's code rewriting a grader, say).
func TestClassroom50RefusesAChangedBundle(t *testing.T) {
	_, dir, exs := writeExport(t, "classroom50")
	ex := exerciseByID(t, exs, "catalog")
	tc := readC50Tests(t, filepath.Join(dir, "tests", ex.ID+".json"))[1]
	grade := filepath.Join("exercises", "catalog", "grade.go")
	for _, bc := range []struct {
		name   string
		change func(bundle string) error
		says   string
	}{
		{"untouched", func(string) error { return nil }, ""},
		{"a grader rewritten", func(b string) error {
			return os.WriteFile(filepath.Join(b, "graders", grade), []byte("package catalog\n"), 0o644)
		}, "./" + filepath.ToSlash(grade) + ": FAILED"},
		{"a file added", func(b string) error {
			return os.WriteFile(filepath.Join(b, "graders", "exercises", "catalog", "zz_pass_test.go"), []byte("package catalog\n"), 0o644)
		}, "> ./exercises/catalog/zz_pass_test.go"},
		{"the manifest rewritten to match", func(b string) error {
			if err := os.WriteFile(filepath.Join(b, "graders", grade), []byte("package catalog\n"), 0o644); err != nil {
				return err
			}
			m, err := os.ReadFile(filepath.Join(b, c50Manifest))
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(b, c50Manifest), append(m, "\n"...), 0o644)
		}, "graders.sha256 is missing or changed"},
	} {
		t.Run(bc.name, func(t *testing.T) {
			bundle := t.TempDir()
			copyTree(t, filepath.Join(dir, "graders"), filepath.Join(bundle, "graders"))
			b, err := os.ReadFile(filepath.Join(dir, c50Manifest))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(bundle, c50Manifest), b, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := bc.change(bundle); err != nil {
				t.Fatal(err)
			}
			checkout := c50Checkout(t, filepath.Join(dir, "template"), variantFile{ex: ex, kind: "solution"})
			out, ok := run(checkout, append(goEnv(), "CLASSROOM50_BUNDLE_DIR="+bundle), "/bin/sh", "-c", tc.Setup)
			switch {
			case bc.says == "" && !ok:
				t.Fatalf("setup failed on the export's own bundle:\n%s", out)
			case bc.says != "" && ok:
				t.Fatalf("setup passed a changed bundle")
			case !strings.Contains(out, bc.says):
				t.Errorf("setup said %q, want it to mention %q", out, bc.says)
			}
		})
	}
}

// TestGradescopeHoldsCheatsToTheStarter runs the autograder as Gradescope
// does (as root, so the submission's processes run as nobody) on the
// cheats that reach run time, and on one that would rewrite the results.
func TestGradescopeHoldsCheatsToTheStarter(t *testing.T) {
	dir, exs := gradingExport(t, "gradescope", "runs the autograder on cheats")
	ex := exerciseByID(t, exs, "catalog")
	root := gradescopeRoot(t, filepath.Join(dir, ex.ID, "autograder.zip"))
	for _, c := range catalogCheats {
		if !strings.Contains(c.name, "panic") && !strings.Contains(c.name, "results") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			r := runAutograder(t, root, map[string][]byte{ex.Config.File: []byte(c.src)})
			wantAllChecks(t, ex, r)
			if r.Score != 0 {
				t.Errorf("the cheat scores %v, want 0 (the starter's score)\n%s", r.Score, r.Output)
			}
		})
	}
}

func TestClassroom50GradersCannotBeEdited(t *testing.T) {
	dir, exs := gradingExport(t, "classroom50", "runs go test")
	ex := exerciseByID(t, exs, "catalog")
	const check = "cycle"
	spec := readC50Tests(t, filepath.Join(dir, "tests", ex.ID+".json"))
	i := slices.IndexFunc(spec, func(tc c50Test) bool { return tc.Name == checkName(ex, check) })
	if i < 0 {
		t.Fatalf("no test %s/%s", ex.ID, check)
	}
	for _, tc := range []struct {
		name, file, content string
	}{
		{"a test file that passes every check", ex.Config.Test, `package catalog

import "testing"

func ` + ex.Config.Test + `(t *testing.T) {
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {})
	}
}
`},
		{"a file that ends the test binary with status 0", "zz_exit.go", `package catalog

import "os"

func init() { os.Exit(0) }
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// The starter, with a grader edited to pass it.
			checkout := c50Checkout(t, filepath.Join(dir, "template"), variantFile{ex: ex, kind: "starter"})
			name := tc.file
			if name == ex.Config.Test {
				name = ex.ID + "_test.go"
			}
			if err := os.WriteFile(filepath.Join(checkout, "exercises", ex.ID, name), []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			// The edit works on the checkout's own graders...
			if out, ok := run(checkout, goEnv(), "go", "test", "-count=1", "-vet=off", "-run="+runPattern(ex.Config.Test, check), "./exercises/"+ex.ID); !ok {
				t.Fatalf("the edited grader does not pass the starter in the checkout, so the test proves nothing:\n%s", out)
			}
			// ...and changes nothing in Classroom 50's grade.
			if pass, out := runC50Test(checkout, dir, spec[i]); pass {
				t.Errorf("%s passed the starter with %s edited; the pristine graders fail it\n%s", spec[i].Name, name, out)
			}
		})
	}
}
