package interp

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
	"github.com/mcp-playground/mcp-playground/exercises/importrule/ruletest"
)

// The frames exercise grades in milliseconds and needs no simulator run,
// so these tests use it.
const framesHeader = `package frames

import (
	"errors"
	"fmt"
)

type Verdict struct {
	Line int
	Text string
	Err  error
}

type Event struct {
	Type string
	Data string
}

type Decoder struct{}

func (d *Decoder) Feed(chunk []byte) []Event { return nil }
`

func TestCompileReportsErrorsAtTheLearnersLines(t *testing.T) {
	for _, tc := range []struct {
		name     string
		src      string
		line     int
		contains string
	}{
		{"undefined name", framesHeader + `
func CheckStream(data []byte) []Verdict { return nil }

func CheckLine(line []byte) error {
	return undefinedThing
}
`, 26, "undefinedThing"},
		{"syntax error", framesHeader + `
func CheckStream(data []byte) []Verdict { return nil }

func CheckLine(line []byte) error {
	return errors.New("x"
}
`, 26, "missing ','"},
		{"missing function", framesHeader + `
func CheckLine(line []byte) error { return fmt.Errorf("x") }
`, 0, "CheckStream"},
		{"changed signature", framesHeader + `
func CheckStream(data string) []Verdict { return nil }

func CheckLine(line []byte) error { return errors.New("x") }
`, 0, "CheckStream(data []byte) []Verdict"},
		{"no package clause", "func F() {}\n", 1, "package"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diags, err := Compile("frames", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if len(diags) == 0 {
				t.Fatalf("Compile = no errors, want one at line %d", tc.line)
			}
			d := diags[0]
			if d.Line != tc.line || !strings.Contains(d.Msg, tc.contains) {
				t.Errorf("Compile = %v, want line %d and a message containing %q", diags, tc.line, tc.contains)
			}
		})
	}
}

func TestOnlyTheAllowedPackagesCompile(t *testing.T) {
	for _, path := range []string{"os", "os/exec", "net/http", "io/ioutil", "syscall", "unsafe", "reflect", "github.com/mcp-playground/mcp-playground/sim/scenario"} {
		t.Run(path, func(t *testing.T) {
			src := strings.Replace(framesHeader, `"errors"`, `"errors"
	_ "`+path+`"`, 1) + `
func CheckStream(data []byte) []Verdict { return nil }
func CheckLine(line []byte) error { return errors.New(fmt.Sprint("x")) }
`
			diags, err := Compile("frames", src)
			if err != nil {
				t.Fatal(err)
			}
			if len(diags) == 0 || diags[0].Line != 5 {
				t.Errorf("Compile with import %q = %v, want an error at line 5", path, diags)
			}
		})
	}
}

func TestAnAllowedPackageThePageLacksSaysToGradeWithGoTest(t *testing.T) {
	src := strings.Replace(framesHeader, `"errors"`, `"errors"
	"hash/crc32"`, 1) + `
func CheckStream(data []byte) []Verdict { return nil }
func CheckLine(line []byte) error { return errors.New(fmt.Sprint(crc32.ChecksumIEEE(line))) }
`
	// hash/crc32 is allowed, and a package no exercise's code imports and
	// the graders do not carry: were that to change, pick another here.
	diags, err := Compile("frames", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || diags[0].Line != 5 {
		t.Fatalf("Compile = %v, want one error at line 5", diags)
	}
	for _, want := range []string{"package hash/crc32 is allowed and go test grades it, but the page's grader does not carry it: grade this file with go test", "bytes, ", "container/heap, ", "fmt, ", "slices", "time"} {
		if !strings.Contains(diags[0].Msg, want) {
			t.Errorf("Compile = %q, want it to contain %q", diags[0].Msg, want)
		}
	}
}

func TestAGenericFunctionThePageLacksSaysToGradeWithGoTest(t *testing.T) {
	src := strings.Replace(framesHeader, `"errors"`, `"errors"
	"slices"`, 1) + `
func CheckStream(data []byte) []Verdict { return nil }
func CheckLine(line []byte) error { return errors.New(fmt.Sprint(slices.Max([]int{1, 2}))) }
`
	diags, err := Compile("frames", src)
	if err != nil {
		t.Fatal(err)
	}
	want := "slices.Max is standard Go and go test grades it, but the page's interpreter lacks it: grade this file with go test"
	if len(diags) != 1 || diags[0].Line != 25 || !strings.Contains(diags[0].Msg, want) {
		t.Errorf("Compile = %v, want one error at line 25 saying %q", diags, want)
	}
}

// solution returns exercise id's reference answer.
func solution(t *testing.T, id string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", id, ".meta", "solution.go"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every page's grader carries the standard library a Go programmer
// reaches for: each exercise's answer still compiles with each of those
// packages imported and used.
func TestEveryGraderCarriesTheEverydayLibrary(t *testing.T) {
	for _, ex := range registry() {
		for _, p := range slices.Sorted(maps.Keys(ruletest.Everyday)) {
			t.Run(ex.id+"/"+p, func(t *testing.T) {
				src, err := ruletest.WithUses(solution(t, ex.id), map[string]string{p: ruletest.Everyday[p]})
				if err != nil {
					t.Fatal(err)
				}
				diags, err := Compile(ex.id, string(src))
				if err != nil || len(diags) > 0 {
					t.Errorf("Compile with %s = %v, %v; want no errors", p, diags, err)
				}
			})
		}
	}
}

// An answer using the everyday library grades as the answer does.
func TestAnAnswerUsingTheEverydayLibraryPasses(t *testing.T) {
	src, err := ruletest.WithUses(solution(t, "frames"), ruletest.Everyday)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Grade(context.Background(), "frames", string(src), nil)
	if err != nil || len(rep.CompileErrors) > 0 {
		t.Fatalf("Grade = %v, %v", rep.CompileErrors, err)
	}
	for _, c := range rep.Checks {
		if !c.Pass {
			t.Errorf("check %s fails: %s", c.Check, c.Message)
		}
	}
}

// Every package the import rule allows either compiles on the page or
// says to grade with go test; none fails otherwise.
func TestEveryAllowedPackageCompilesOrSaysToUseGoTest(t *testing.T) {
	for _, p := range importrule.Allowed() {
		src := strings.Replace(framesHeader, `"errors"`, `"errors"
	_ "`+p+`"`, 1) + `
func CheckStream(data []byte) []Verdict { return nil }
func CheckLine(line []byte) error { return errors.New(fmt.Sprint("x")) }
`
		diags, err := Compile("frames", src)
		if err != nil {
			t.Fatal(err)
		}
		if len(diags) > 0 && !strings.Contains(diags[0].Msg, "package "+p+" is allowed and go test grades it") {
			t.Errorf("Compile with import %q = %v, want no error or one saying to grade with go test", p, diags)
		}
	}
}

func TestPackagesAreWhatLearnerCodeMayImport(t *testing.T) {
	got := packages("catalog")
	for _, p := range []string{"fmt", "errors", "context", "slices", "maps", "cmp", "github.com/modelcontextprotocol/go-sdk/mcp"} {
		if !slices.Contains(got, p) {
			t.Errorf("packages() = %v, lacks %s", got, p)
		}
	}
	for _, p := range got {
		if strings.HasPrefix(p, modPath) || p == "os" || p == "reflect" {
			t.Errorf("packages() = %v, has %s", got, p)
		}
	}
	if !slices.IsSorted(got) {
		t.Errorf("packages() = %v, not sorted", got)
	}
	// Each exercise's grader carries only what its own code imports: ttl's
	// code uses no go-sdk, so its page neither offers nor downloads it.
	if ttl := packages("ttl"); slices.Contains(ttl, "github.com/modelcontextprotocol/go-sdk/mcp") || !slices.Contains(ttl, "container/heap") || !slices.Contains(ttl, "time") {
		t.Errorf(`packages("ttl") = %v, want container/heap, time and no go-sdk`, ttl)
	}
}

func TestPanicIsAFailedCheckWithItsMessage(t *testing.T) {
	src := framesHeader + `
func CheckStream(data []byte) []Verdict { panic("boom in CheckStream") }

func CheckLine(line []byte) error {
	var m map[string]int
	m["x"] = 1 // a nil map: a runtime panic, not a call to panic
	return errors.New(fmt.Sprint("unreachable"))
}
`
	var progress []string
	rep, err := Grade(context.Background(), "frames", src, func(r grading.Result) { progress = append(progress, r.Check) })
	if err != nil || len(rep.CompileErrors) > 0 {
		t.Fatalf("Grade = %v, %v", rep.CompileErrors, err)
	}
	var sawLine, sawStream bool
	for _, c := range rep.Checks {
		if c.Pass {
			t.Errorf("check %s passes", c.Check)
		}
		if strings.Contains(c.Message, "\n") {
			t.Errorf("check %s message has a stack: %q", c.Check, c.Message)
		}
		sawStream = sawStream || strings.Contains(c.Message, "panic: boom in CheckStream")
		sawLine = sawLine || strings.Contains(c.Message, "panic:") && strings.Contains(c.Message, "nil map")
	}
	if !sawLine || !sawStream {
		t.Errorf("no check carries both panics' messages: %+v", rep.Checks)
	}
	if want := append([]string{""}, Checks("frames")...); strings.Join(progress, ",") != strings.Join(want, ",") {
		t.Errorf("progress reported %q, want %q (a start, then every check)", progress, want)
	}
}

func TestPrintedOutputIsCaptured(t *testing.T) {
	src := framesHeader + `
var _ = fmt.Println("hello from init")

func CheckStream(data []byte) []Verdict { return nil }
func CheckLine(line []byte) error { return errors.New("x") }
`
	rep, err := Grade(context.Background(), "frames", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Output, "hello from init") {
		t.Errorf("Output = %q, want what the code printed", rep.Output)
	}
}

func TestUnknownExerciseIsAnError(t *testing.T) {
	if _, err := Compile("nope", "package nope"); err == nil {
		t.Error("Compile(nope) = nil error")
	}
	if _, err := Grade(context.Background(), "nope", "package nope", nil); err == nil {
		t.Error("Grade(nope) = nil error")
	}
	if Checks("nope") != nil {
		t.Error("Checks(nope) != nil")
	}
}

func TestBudgets(t *testing.T) {
	for _, tc := range []struct {
		check string
		want  time.Duration
	}{
		{"normal-walk", 5 * time.Second},
		{"hidden-shapes", 30 * time.Second},
		{"renewal-cost", 60 * time.Second},
		// frames' hidden streams: "hidden" is not always the prefix.
		{"sse-hidden", 30 * time.Second},
	} {
		if got := Budget(tc.check); got != tc.want {
			t.Errorf("Budget(%s) = %v, want %v", tc.check, got, tc.want)
		}
		if got := Limit(tc.check); got < 4*tc.want || got < grading.Timeout {
			t.Errorf("Limit(%s) = %v, want at least four budgets and grading.Timeout", tc.check, got)
		}
	}
}
