package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// This file runs go test and reads its verdicts.

// testArgs are the go test flags every grading run uses. The page's grade
// does not vet, so a vet complaint is not a failed check; -trimpath keeps
// the build cache valid wherever the grader's copy of the repository sits.
func testArgs(pattern string, pkgs ...string) []string {
	args := []string{"test", "-json", "-count=1", "-vet=off", "-trimpath", "-timeout=5m"}
	if pattern != "" {
		args = append(args, "-run="+pattern)
	}
	return append(args, pkgs...)
}

// goCommand runs go with the repository's own module: a go.work a
// submission brings along must not swap the graders' packages.
func goCommand(args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOWORK=off")
	return cmd
}

// A testRun is what one go test -json invocation reported, by exercise.
type testRun struct {
	checks map[string]map[string]string // exercise → check → "pass" | "fail"
	output map[string]map[string]string // exercise → check → what it printed
	build  map[string]string            // exercise → build output
	pkgOut map[string]string            // exercise → what the package printed outside any check
	broken map[string]bool              // exercise → its test binary did not build
	stderr string
}

// goTest runs go test over the exercises, restricted to the -run pattern
// when set.
func goTest(exs []exercise, pattern string) *testRun {
	byID := map[string]exercise{}
	var pkgs []string
	for _, ex := range exs {
		byID[ex.ID] = ex
		pkgs = append(pkgs, "./exercises/"+ex.ID)
	}
	extra, env, cleanup, err := outOfProcess(exs)
	if err != nil {
		fatal(err)
	}
	defer cleanup()
	args := testArgs(pattern, pkgs...)
	cmd := goCommand(append(append([]string{args[0]}, extra...), args[1:]...)...)
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output() // a failing check is a failing go test
	r := parseEvents(bytes.NewReader(out), byID)
	r.stderr = stderr.String()
	return r
}

// testEvent is one line of go test -json (cmd/test2json's TestEvent).
type testEvent struct {
	Action     string
	Package    string
	ImportPath string // build events
	Test       string
	Output     string
}

// parseEvents reads go test -json output. Packages are matched to
// exercises by the last element of their import path.
func parseEvents(r io.Reader, exs map[string]exercise) *testRun {
	res := &testRun{checks: map[string]map[string]string{}, output: map[string]map[string]string{}, build: map[string]string{}, pkgOut: map[string]string{}, broken: map[string]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		pkg := cmp.Or(ev.Package, ev.ImportPath)
		pkg, _, _ = strings.Cut(pkg, " ") // "pkg [pkg.test]" in build events
		id := pkg[strings.LastIndex(pkg, "/")+1:]
		ex, ok := exs[id]
		if !ok {
			continue
		}
		switch {
		case ev.Action == "build-output":
			res.build[id] += ev.Output
		case ev.Action == "build-fail":
			res.broken[id] = true
		case ev.Test == "" && ev.Action == "output":
			res.pkgOut[id] += ev.Output
			if strings.Contains(ev.Output, "[build failed]") || strings.Contains(ev.Output, "[setup failed]") {
				res.broken[id] = true
			}
		}
		top, name, ok := strings.Cut(ev.Test, "/")
		if !ok || top != ex.Test {
			continue
		}
		if res.checks[id] == nil {
			res.checks[id], res.output[id] = map[string]string{}, map[string]string{}
		}
		switch ev.Action {
		case "pass", "fail":
			res.checks[id][name] = ev.Action
		case "output":
			res.output[id][name] += ev.Output
		}
	}
	return res
}

// gradeAll grades every check of the exercises: one go test for all of
// them, then one go test per check that reported nothing (a learner's code
// that kills the test process takes the checks after it down; run alone,
// each still gets its own verdict).
func gradeAll(exs []exercise) map[string]outcome {
	outs := map[string]outcome{}
	if len(exs) == 0 {
		return outs
	}
	var ok []exercise
	for _, ex := range exs {
		if why := overBudget(); why != "" {
			outs[ex.ID] = outcome{Exercise: ex, Problem: why}
			continue
		}
		if p, d := learnerProblem(ex); p != "" {
			outs[ex.ID] = outcome{Exercise: ex, Problem: p, Detail: d}
			continue
		}
		ok = append(ok, ex)
	}
	if len(ok) == 0 {
		return outs
	}
	exs = ok
	r := goTest(exs, "")
	for _, ex := range exs {
		o := outcome{Exercise: ex}
		if r.broken[ex.ID] {
			o.Problem = ex.File + " does not compile with the graders"
			o.Detail = compilerMessage(cmp.Or(r.build[ex.ID], r.stderr))
			outs[ex.ID] = o
			continue
		}
		for _, c := range ex.Checks {
			v := verdict{Exercise: ex.ID, Check: c}
			action, ok := r.checks[ex.ID][c.Name]
			out := r.output[ex.ID][c.Name]
			if !ok {
				alone := goTest([]exercise{ex}, runPattern(ex.Test, c.Name))
				action, ok = alone.checks[ex.ID][c.Name]
				out = alone.output[ex.ID][c.Name]
				if !ok {
					out = "no result: the test process ended during this check (an os.Exit, or a panic in another goroutine, in the learner's code?); it said:\n" + lastLines(alone.pkgOut[ex.ID]+alone.stderr+alone.build[ex.ID], 30)
				}
			}
			v.Pass = action == "pass"
			v.Output = linkCases(cleanOutput(out), site)
			o.Verdicts = append(o.Verdicts, v)
		}
		outs[ex.ID] = o
	}
	return outs
}

// fillMissing gives every check of an exercise that could not be graded a
// failing verdict, so that every report lists every check and its points.
func (o *outcome) fillMissing() {
	if len(o.Verdicts) > 0 {
		return
	}
	for _, c := range o.Exercise.Checks {
		o.Verdicts = append(o.Verdicts, verdict{Exercise: o.Exercise.ID, Check: c, Output: "not graded: " + o.Problem})
	}
}

// compilerMessage keeps the compiler's lines, without go's "# package"
// headers.
func compilerMessage(s string) string {
	var keep []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if !strings.HasPrefix(l, "# ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// runPattern selects exactly one check: the anchors keep "renew" from also
// selecting "renewal-cost".
func runPattern(test, check string) string { return "^" + test + "$/^" + check + "$" }

// cleanOutput keeps what a check said: go test's own RUN/PASS/FAIL lines
// go, and so does the indentation of t.Error's lines.
func cleanOutput(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- PASS") || strings.HasPrefix(t, "--- FAIL") {
			continue
		}
		keep = append(keep, t)
	}
	return strings.Join(keep, "\n")
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// gradeOne grades one check and prints its verdict; the exit status says
// whether it passed.
func gradeOne(cat *catalog, name string) int {
	id, checkName, _ := strings.Cut(name, "/")
	exs, err := cat.pick([]string{id})
	if err != nil {
		fatal(err)
	}
	ex := exs[0]
	i := slices.IndexFunc(ex.Checks, func(c check) bool { return c.Name == checkName })
	if i < 0 {
		fatal(fmt.Errorf("exercise %s has no check %q", id, checkName))
	}
	c := ex.Checks[i]
	fmt.Printf("%s: %s\n", name, c.Summary)
	if why := overBudget(); why != "" {
		fmt.Printf("FAIL: 0/%d points: %s\n", c.Points, why)
		return 1
	}
	if p, d := learnerProblem(ex); p != "" {
		fmt.Printf("FAIL: 0/%d points: %s\n%s\n", c.Points, p, d)
		return 1
	}
	r := goTest(exs, runPattern(ex.Test, c.Name))
	action, ok := r.checks[id][c.Name]
	switch {
	case ok && action == "pass":
		fmt.Printf("pass: %d/%d points\n", c.Points, c.Points)
		return 0
	case ok:
		fmt.Printf("FAIL: 0/%d points\n%s\n", c.Points, linkCases(cleanOutput(r.output[id][c.Name]), site))
	case r.broken[id]:
		fmt.Printf("FAIL: 0/%d points: %s does not compile with the graders:\n%s\n", c.Points, ex.File, compilerMessage(cmp.Or(r.build[id], r.stderr)))
	default:
		fmt.Printf("FAIL: 0/%d points: no result: the test process ended during this check (an os.Exit, or a panic in another goroutine, in the learner's code?); it said:\n%s\n", c.Points, lastLines(r.pkgOut[id]+r.stderr+r.build[id], 30))
	}
	return 1
}

// buildOnly compiles an exercise's test binary: the compiler's messages
// once, and a warm build cache for the checks that follow.
func buildOnly(cat *catalog, id string) int {
	exs, err := cat.pick([]string{id})
	if err != nil {
		fatal(err)
	}
	dir, err := os.MkdirTemp("", "grader-build-")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	if p, d := learnerProblem(exs[0]); p != "" {
		fmt.Printf("%s\n%s\n", p, d)
		return 1
	}
	extra, env, cleanup, err := outOfProcess(exs)
	if err != nil {
		fatal(err)
	}
	defer cleanup()
	cmd := goCommand(append(append([]string{"test", "-c", "-vet=off", "-trimpath"}, extra...), "-o", filepath.Join(dir, id+".test"), "./exercises/"+id)...)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		fmt.Printf("the graders do not compile (export them again):\n%s\n", compilerMessage(string(out)))
		return 2
	}
	fmt.Printf("%s compiles with the graders\n", exs[0].File)
	return 0
}
