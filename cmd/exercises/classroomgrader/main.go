// Command grader scores the course's exercises with the checks and points
// the course page uses. It runs each exercise's grade.go checks under
// go test (one subtest per check) and reads the points from checks.json,
// which go run ./cmd/exercises classroom writes from the exercises'
// .meta/config.json. Every classroom target runs it from the module root:
//
//	go run ./grader                                 # every check of every exercise
//	go run ./grader catalog ttl                     # the checks of two exercises
//	go run ./grader -results results.json -summary "$GITHUB_STEP_SUMMARY"
//	go run ./grader -submission DIR catalog         # grade DIR's catalog.go (Gradescope, regrades)
//	go run ./grader -check catalog/cycle            # one check (Classroom 50)
//	go run ./grader -build catalog                  # compile only
//
// The exit status is 0 when every graded check passes, 1 when one fails
// (or an exercise does not compile), 2 when the grader itself cannot run
// (go run reports both as 1).
//
// The learner's code never runs in the go test process: the test is built
// with the tag learner_out_of_process and with the learner's file replaced
// by the pristine starter (grader/starters/, an -overlay), and each check
// calls the learner's code in a process of its own built from the learner's
// file and the exercise's fixed API (exercises/grading/remote). So go
// test's report is the graders' alone: whatever the learner's process
// prints or however it ends only changes what its functions return. Before
// any of that, the learner's imports are checked against the exercise's
// allow-list (exercises/importrule).
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

var (
	// startersDir holds the pristine starters, by exercise id: the test
	// binary is compiled with them in place of the learner's file.
	startersDir string
	// budget and budgetFile bound a whole assignment's grading (see -budget).
	budget     time.Duration
	budgetFile string
)

// overBudget says why nothing more is graded, or "".
func overBudget() string {
	if budget == 0 || budgetFile == "" {
		return ""
	}
	b, err := os.ReadFile(budgetFile)
	if err != nil {
		return ""
	}
	start, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return ""
	}
	if el := time.Since(time.Unix(start, 0)); el > budget {
		return fmt.Sprintf("not graded: the assignment's grading budget of %v ran out (a submission whose checks hang uses it up)", budget)
	}
	return ""
}

// learnerProblem checks the learner's file before any test runs: its
// imports against the exercise's allow-list, then that it compiles with
// the exercise's fixed API alone.
func learnerProblem(ex exercise) (problem, detail string) {
	_, err := remote.Build(remote.Spec{Exercise: ex.ID, Dir: filepath.Join("exercises", ex.ID), File: ex.File, Allow: importrule.ForExercise(ex.ID)})
	var ie *importrule.Error
	switch {
	case err == nil:
		return "", ""
	case errors.As(err, &ie):
		return ie.EN, ie.ZH
	default:
		p, d, _ := strings.Cut(err.Error(), "\n")
		return strings.TrimSuffix(p, ":"), d
	}
}

// outOfProcess returns the go test flags and environment that keep the
// learner's file out of the test binary: the starters in its place
// (-overlay) and the tag that makes the tests call the learner's process.
func outOfProcess(exs []exercise) (args, env []string, cleanup func(), err error) {
	replace := map[string]string{}
	for _, ex := range exs {
		starter, err := filepath.Abs(filepath.Join(startersDir, ex.ID, ex.File))
		if err != nil {
			return nil, nil, nil, err
		}
		if _, err := os.Stat(starter); err != nil {
			return nil, nil, nil, fmt.Errorf("the pristine starter %s is missing: export the graders again", starter)
		}
		learner, err := filepath.Abs(filepath.Join("exercises", ex.ID, ex.File))
		if err != nil {
			return nil, nil, nil, err
		}
		replace[learner] = starter
	}
	dir, err := os.MkdirTemp("", "grader-overlay-")
	if err != nil {
		return nil, nil, nil, err
	}
	b, _ := json.Marshal(map[string]any{"Replace": replace})
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, b, 0o644); err != nil {
		return nil, nil, nil, err
	}
	return []string{"-tags=learner_out_of_process", "-overlay=" + ov}, []string{"MCP_PLAYGROUND_OUT_OF_PROCESS=1"}, func() { os.RemoveAll(dir) }, nil
}

// A catalog is checks.json: the exercises and what each check is worth.
type catalog struct {
	Exercises []exercise `json:"exercises"`
}

type exercise struct {
	ID     string  `json:"id"`
	Title  string  `json:"title"`
	File   string  `json:"file"` // the learner's file, in exercises/<id>/
	Test   string  `json:"test"` // the go test function whose subtests are the checks
	Checks []check `json:"checks"`
}

type check struct {
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Summary string `json:"summary"`
}

// A verdict is one check's outcome.
type verdict struct {
	Exercise string
	Check    check
	Pass     bool
	Output   string // what the check printed, or why it did not run
}

// Name is the check's name in every report: "<exercise>/<check>".
func (v verdict) Name() string { return v.Exercise + "/" + v.Check.Name }

// An outcome is one exercise's verdicts, or why it could not be graded.
type outcome struct {
	Exercise exercise
	Verdicts []verdict
	Problem  string // one line: the file is missing, or does not compile
	Detail   string // the compiler's message
}

func main() {
	checksPath := flag.String("checks", filepath.Join("grader", "checks.json"), "the checks and their points")
	results := flag.String("results", "", "write the results, in Gradescope's results.json format, to `file`")
	summary := flag.String("summary", "", "append a Markdown points table to `file` (GitHub's $GITHUB_STEP_SUMMARY)")
	submission := flag.String("submission", "", "take each graded exercise's file from `dir` (at its top, at exercises/<id>/, or anywhere below it)")
	one := flag.String("check", "", "grade the single check `exercise/check`")
	build := flag.String("build", "", "only compile `exercise`'s grader with its learner file")
	flag.DurationVar(&budget, "budget", 0, "grade nothing once this `long` has passed since -budget-file's time (0: no budget)")
	flag.StringVar(&budgetFile, "budget-file", "", "the `file` holding when the assignment's grading started")
	budgetReset := flag.Bool("budget-reset", false, "start the budget now (the first test of an assignment)")
	flag.Parse()
	startersDir = filepath.Join(filepath.Dir(*checksPath), "starters")
	if *budgetReset && budgetFile != "" {
		if err := os.WriteFile(budgetFile, []byte(strconv.FormatInt(time.Now().Unix(), 10)), 0o644); err != nil {
			fatal(err)
		}
	}

	cat, err := readCatalog(*checksPath)
	if err != nil {
		fatal(err)
	}
	switch {
	case *one != "":
		os.Exit(gradeOne(cat, *one))
	case *build != "":
		os.Exit(buildOnly(cat, *build))
	}
	exs, err := cat.pick(flag.Args())
	if err != nil {
		fatal(err)
	}
	outs := make([]outcome, len(exs))
	var toRun []exercise
	for i, ex := range exs {
		outs[i].Exercise = ex
		if *submission != "" {
			if err := takeSubmission(*submission, ex); err != nil {
				outs[i].Problem = err.Error()
				continue
			}
		}
		toRun = append(toRun, ex)
	}
	graded := gradeAll(toRun)
	for i := range outs {
		if outs[i].Problem == "" {
			outs[i] = graded[outs[i].Exercise.ID]
		}
		outs[i].fillMissing()
	}
	fmt.Print(textReport(outs))
	if *results != "" {
		b, err := json.MarshalIndent(gradescopeResults(outs), "", "  ")
		if err != nil {
			fatal(err)
		}
		if err := os.WriteFile(*results, append(b, '\n'), 0o644); err != nil {
			fatal(err)
		}
	}
	if *summary != "" {
		f, err := os.OpenFile(*summary, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fatal(err)
		}
		_, werr := io.WriteString(f, markdownReport(outs))
		if err := errors.Join(werr, f.Close()); err != nil {
			fatal(fmt.Errorf("writing %s: %v", *summary, err))
		}
	}
	if score, maxScore := total(outs); score < maxScore {
		os.Exit(1)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "grader:", err)
	os.Exit(2)
}

func readCatalog(path string) (*catalog, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%v (run the grader from the repository's top folder)", err)
	}
	var c catalog
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &c, nil
}

// pick returns the exercises named in ids, all of them when ids is empty.
func (c *catalog) pick(ids []string) ([]exercise, error) {
	if len(ids) == 0 {
		return c.Exercises, nil
	}
	var out []exercise
	for _, id := range ids {
		i := slices.IndexFunc(c.Exercises, func(e exercise) bool { return e.ID == id })
		if i < 0 {
			return nil, fmt.Errorf("no exercise %q", id)
		}
		out = append(out, c.Exercises[i])
	}
	return out, nil
}

// takeSubmission copies the learner's file for ex out of dir into the
// exercise folder. A Gradescope upload holds the file at the top; a
// repository (a Gradescope GitHub submission, or a student's clone for a
// regrade) holds it at exercises/<id>/.
func takeSubmission(dir string, ex exercise) error {
	var found string
	for _, p := range []string{filepath.Join(dir, ex.File), filepath.Join(dir, "exercises", ex.ID, ex.File)} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			found = p
			break
		}
	}
	var seen []string
	if found == "" {
		var matches []string
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable corner is not where the file is
			}
			if !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				seen = append(seen, filepath.ToSlash(rel))
				if d.Name() == ex.File {
					matches = append(matches, p)
				}
			}
			return nil
		})
		if len(matches) == 1 {
			found = matches[0]
		} else if len(matches) > 1 {
			return fmt.Errorf("the submission holds %d files named %s; submit one", len(matches), ex.File)
		}
	}
	if found == "" {
		list := "nothing"
		if len(seen) > 0 {
			if len(seen) > 10 {
				seen = append(seen[:10], "…")
			}
			list = strings.Join(seen, ", ")
		}
		return fmt.Errorf("the submission has no %s (it holds %s): submit the file named %s", ex.File, list, ex.File)
	}
	b, err := os.ReadFile(found)
	if err != nil {
		return fmt.Errorf("reading the submitted %s: %v", ex.File, err)
	}
	return os.WriteFile(filepath.Join("exercises", ex.ID, ex.File), b, 0o644)
}

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
			v.Output = cleanOutput(out)
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
		fmt.Printf("FAIL: 0/%d points\n%s\n", c.Points, cleanOutput(r.output[id][c.Name]))
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

// total adds up the points scored and the points there are.
func total(outs []outcome) (score, maxScore int) {
	for _, o := range outs {
		s, m := o.points()
		score, maxScore = score+s, maxScore+m
	}
	return score, maxScore
}

func (o outcome) points() (score, maxScore int) {
	for _, v := range o.Verdicts {
		maxScore += v.Check.Points
		if v.Pass {
			score += v.Check.Points
		}
	}
	return score, maxScore
}

// textReport is what the grader prints: one line per check, the total.
func textReport(outs []outcome) string {
	var b strings.Builder
	for _, o := range outs {
		if o.Problem != "" {
			fmt.Fprintf(&b, "%s: %s\n", o.Exercise.ID, o.Problem)
			if o.Detail != "" {
				fmt.Fprintf(&b, "%s\n", o.Detail)
			}
		}
		for _, v := range o.Verdicts {
			mark, got := "FAIL", 0
			if v.Pass {
				mark, got = "pass", v.Check.Points
			}
			fmt.Fprintf(&b, "%-4s %-40s %d/%d\n", mark, v.Name(), got, v.Check.Points)
			if !v.Pass && v.Output != "" && o.Problem == "" {
				fmt.Fprintf(&b, "     %s\n", strings.ReplaceAll(v.Output, "\n", "\n     "))
			}
		}
	}
	score, maxScore := total(outs)
	fmt.Fprintf(&b, "score: %d/%d points\n", score, maxScore)
	return b.String()
}

// gsResults is Gradescope's results.json (gradescope/autograder_samples,
// docs/specs.md): the total, a message for the whole submission, and one
// test per check with its score, maximum and status.
type gsResults struct {
	Score  int      `json:"score"`
	Output string   `json:"output"`
	Tests  []gsTest `json:"tests"`
}

type gsTest struct {
	Name     string `json:"name"`
	Score    int    `json:"score"`
	MaxScore int    `json:"max_score"`
	Status   string `json:"status"` // "passed" | "failed"
	Output   string `json:"output"`
}

func gradescopeResults(outs []outcome) gsResults {
	score, maxScore := total(outs)
	res := gsResults{Score: score, Tests: []gsTest{}}
	var msgs []string
	for _, o := range outs {
		if o.Problem != "" {
			msgs = append(msgs, strings.TrimSpace(o.Exercise.ID+": "+o.Problem+"\n"+o.Detail))
		}
		for _, v := range o.Verdicts {
			t := gsTest{Name: v.Name(), MaxScore: v.Check.Points, Status: "failed", Output: v.Check.Summary}
			if v.Pass {
				t.Score, t.Status = v.Check.Points, "passed"
			}
			if !v.Pass && v.Output != "" {
				t.Output += "\n\n" + v.Output
			}
			res.Tests = append(res.Tests, t)
		}
	}
	msgs = append(msgs, fmt.Sprintf("%d/%d points", score, maxScore))
	res.Output = strings.Join(msgs, "\n\n")
	return res
}

// markdownReport is the job summary: the total, then a table per exercise
// and why each failing check failed.
func markdownReport(outs []outcome) string {
	var b strings.Builder
	score, maxScore := total(outs)
	fmt.Fprintf(&b, "## Grade: %d/%d points\n\n", score, maxScore)
	for _, o := range outs {
		s, m := o.points()
		fmt.Fprintf(&b, "### %s (`%s`): %d/%d\n\n", o.Exercise.Title, o.Exercise.ID, s, m)
		if o.Problem != "" {
			fmt.Fprintf(&b, "**%s.**\n\n", o.Problem)
			if o.Detail != "" {
				fmt.Fprintf(&b, "%s\n\n", fence(o.Detail))
			}
		}
		b.WriteString("| Check | Points | Result |\n|---|---:|---|\n")
		for _, v := range o.Verdicts {
			got, mark := 0, "❌ fail"
			if v.Pass {
				got, mark = v.Check.Points, "✅ pass"
			}
			fmt.Fprintf(&b, "| `%s` | %d/%d | %s |\n", v.Name(), got, v.Check.Points, mark)
		}
		b.WriteString("\n")
		for _, v := range o.Verdicts {
			if !v.Pass && o.Problem == "" {
				fmt.Fprintf(&b, "<details><summary><code>%s</code> failed</summary>\n\n%s\n\n</details>\n\n", v.Name(), fence(v.Check.Summary+"\n"+v.Output))
			}
		}
	}
	return b.String()
}

// fence puts text in a code block that no backtick run inside it can
// close: the text is the learner's output, and Markdown must not read it.
func fence(s string) string {
	f := strings.Repeat("`", max(3, longestBacktickRun(s)+1))
	return f + "\n" + strings.TrimRight(s, "\n") + "\n" + f
}

func longestBacktickRun(s string) int {
	best, cur := 0, 0
	for _, r := range s {
		if r == '`' {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}
