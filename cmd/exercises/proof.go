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

	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

// A Report is what the proof found.
type Report struct {
	Exercises int
	Runs      int // go test invocations
	Problems  []string
	// Verdicts are each variant's results ("catalog mutant x.diff"), by
	// check: "pass" or "fail".
	Verdicts map[string]map[string]string
}

// A variant is one version of an exercise's learner file under test.
type variant struct {
	ex   exercise
	kind string // "starter", "solution" or "mutant"
	file string // mutant file name, for mutants
	src  string // absolute path of the file put in place; "" for the starter
}

func (v variant) String() string {
	if v.kind == "mutant" {
		return fmt.Sprintf("%s mutant %s", v.ex.ID, v.file)
	}
	return v.ex.ID + " " + v.kind
}

// Prove proves the exercises named in ids (all when empty) and writes one
// line per variant to w.
//
// Variants run in rounds, one go test invocation per round with every
// exercise's package in it: the starters, then the solutions, then each
// exercise's first mutant, second mutant, and so on. An overlay can replace
// each learner file once per invocation, and go test builds and runs the
// packages of one invocation in parallel, so the proof costs as many
// invocations as the largest exercise has mutants, plus two; they run two
// at a time.
func Prove(root string, ids []string, w io.Writer) (*Report, error) {
	exs, err := loadExercises(root, ids)
	if err != nil {
		return nil, err
	}
	rep := &Report{Exercises: len(exs), Verdicts: map[string]map[string]string{}}
	tmp, err := os.MkdirTemp("", "exercise-proof-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var rounds [][]variant
	var starters, solutions []variant
	for _, ex := range exs {
		rep.Problems = append(rep.Problems, configProblems(ex)...)
		starters = append(starters, variant{ex: ex, kind: "starter"})
		solutions = append(solutions, variant{ex: ex, kind: "solution", src: filepath.Join(ex.Dir, ".meta", "solution.go")})
	}
	rounds = append(rounds, starters, solutions)
	for i := 0; ; i++ {
		var round []variant
		for _, ex := range exs {
			if i < len(ex.Mutants) {
				src, err := mutantFile(tmp, ex, ex.Mutants[i])
				if err != nil {
					return nil, err
				}
				round = append(round, variant{ex: ex, kind: "mutant", file: ex.Mutants[i], src: src})
			}
		}
		if len(round) == 0 {
			break
		}
		rounds = append(rounds, round)
	}
	// The shared grading package is excluded from the repository's plain
	// go test with the exercise folders; its tests run here.
	cmd := exec.Command("go", "test", "-count=1", "./exercises/grading")
	cmd.Dir = root
	out, gerr := cmd.CombinedOutput()
	if gerr != nil {
		rep.Problems = append(rep.Problems, fmt.Sprintf("exercises/grading: %v\n%s", gerr, indent(string(out))))
	}
	rep.Runs++
	fmt.Fprintf(w, "%-4s %s\n", map[bool]string{true: "ok", false: "FAIL"}[gerr == nil], "grading package tests")
	// Two rounds at a time: the late rounds hold one or two packages, and a
	// second go test keeps the other core busy. Results print in round order.
	type outcome struct {
		results map[string]*pkgResult
		err     error
	}
	outs := make([]chan outcome, len(rounds))
	sem := make(chan struct{}, 2)
	for i, round := range rounds {
		outs[i] = make(chan outcome, 1)
		go func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := runRound(root, filepath.Join(tmp, fmt.Sprintf("overlay%d.json", i)), round)
			outs[i] <- outcome{r, err}
		}()
	}
	var firstErr error
	for i, round := range rounds {
		o := <-outs[i]
		if o.err != nil {
			firstErr = cmp.Or(firstErr, o.err)
			continue
		}
		rep.Runs++
		for _, v := range round {
			rep.Verdicts[v.String()] = o.results[v.ex.ID].checks
			verdict, problem := judge(v, o.results[v.ex.ID])
			fmt.Fprintf(w, "%-4s %-45s %s\n", map[bool]string{true: "ok", false: "FAIL"}[problem == ""], v, verdict)
			if problem != "" {
				rep.Problems = append(rep.Problems, fmt.Sprintf("%s: %s", v, problem))
			}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return rep, nil
}

// mutantFile writes the source of mutant name, a diff against ex's
// solution, into dir and returns its path, which the overlay puts in place
// of the learner's file.
func mutantFile(dir string, ex exercise, name string) (string, error) {
	src, err := mutant.Source(filepath.Join(ex.Dir, ".meta"), name)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, ex.ID+"-"+strings.TrimSuffix(name, mutant.Ext)+".go")
	return path, os.WriteFile(path, src, 0o644)
}

// configProblems checks that the config and the mutants folder agree.
func configProblems(ex exercise) []string {
	var ps []string
	cfg := ex.Config
	if len(ex.Mutants) < minMutants(ex.ID) {
		ps = append(ps, fmt.Sprintf("%s: %d mutants, want at least %d", ex.ID, len(ex.Mutants), minMutants(ex.ID)))
	}
	for _, m := range ex.Mutants {
		if _, ok := cfg.Mutants[m]; !ok {
			ps = append(ps, fmt.Sprintf("%s: mutant %s is not in config.json's mutants", ex.ID, m))
		}
	}
	for m := range cfg.Mutants {
		if !slices.Contains(ex.Mutants, m) {
			ps = append(ps, fmt.Sprintf("%s: config.json names mutant %s, which does not exist", ex.ID, m))
		}
	}
	if _, err := os.Stat(ex.learnerFile()); err != nil {
		ps = append(ps, fmt.Sprintf("%s: learner file: %v", ex.ID, err))
	}
	return ps
}

// pkgResult is what one package's run produced.
type pkgResult struct {
	checks map[string]string // check name → "pass" | "fail"
	output strings.Builder   // everything the package printed, for diagnosis
	failed bool              // the package as a whole failed
}

// runRound runs go test once over the round's packages, with an overlay
// putting each variant's file in place, and returns the results by exercise.
func runRound(root, overlayPath string, round []variant) (map[string]*pkgResult, error) {
	replace := map[string]string{}
	var pkgs []string
	for _, v := range round {
		if v.src != "" {
			replace[v.ex.learnerFile()] = v.src
		}
		pkgs = append(pkgs, "./exercises/"+v.ex.ID)
	}
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(overlayPath, b, 0o644); err != nil {
		return nil, err
	}
	// -trimpath, as the graders build: the packages of a copy the tests
	// exported elsewhere are then already in the build cache.
	args := []string{"test", "-trimpath", "-json", "-count=1", "-overlay", overlayPath}
	if round[0].kind == "mutant" {
		// A mutant is a known bug, not code to lint; vet costs a third of
		// the proof's time.
		args = append(args, "-vet=off")
	}
	args = append(args, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	results := map[string]*pkgResult{}
	for _, v := range round {
		results[v.ex.ID] = &pkgResult{checks: map[string]string{}}
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev struct {
			Action     string
			Package    string
			ImportPath string
			Test       string
			Output     string
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		pkg := ev.Package
		if pkg == "" {
			pkg = ev.ImportPath
		}
		id := pkg[strings.LastIndex(pkg, "/")+1:]
		id, _, _ = strings.Cut(id, " ") // "pkg [pkg.test]" in build events
		r, ok := results[id]
		if !ok {
			continue
		}
		r.output.WriteString(ev.Output)
		if top, check, ok := strings.Cut(ev.Test, "/"); ok && top != "" && (ev.Action == "pass" || ev.Action == "fail") {
			r.checks[check] = ev.Action
		}
		if ev.Test == "" && (ev.Action == "fail" || ev.Action == "build-fail") {
			r.failed = true
		}
	}
	if runErr != nil && len(out) == 0 {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), runErr, stderr.String())
	}
	for _, v := range round {
		if len(results[v.ex.ID].checks) == 0 {
			results[v.ex.ID].output.WriteString(stderr.String())
		}
	}
	return results, nil
}

// judge compares one variant's results with what it must show, and returns
// a one-line verdict and, if the promise is broken, the problem.
func judge(v variant, r *pkgResult) (verdict, problem string) {
	names := v.ex.Config.CheckNames()
	var passed, failed, extra []string
	for c, a := range r.checks {
		if !slices.Contains(names, c) {
			extra = append(extra, c)
		}
		if a == "pass" {
			passed = append(passed, c)
		} else {
			failed = append(failed, c)
		}
	}
	slices.Sort(passed)
	slices.Sort(failed)
	verdict = fmt.Sprintf("%d/%d checks pass", len(passed), len(names))
	if len(r.checks) == 0 {
		return "did not build or run", "no check ran (does it compile?):\n" + indent(r.output.String())
	}
	if len(extra) > 0 {
		return verdict, fmt.Sprintf("checks %v are not in config.json", extra)
	}
	for _, n := range names {
		if _, ok := r.checks[n]; !ok {
			return verdict, fmt.Sprintf("check %s did not run", n)
		}
	}
	switch v.kind {
	case "starter":
		if len(passed) > 0 {
			return verdict, fmt.Sprintf("the starter passes %v; it must fail every check", passed)
		}
	case "solution":
		if len(failed) > 0 || r.failed {
			return verdict, fmt.Sprintf("the solution fails %v:\n%s", failed, indent(r.output.String()))
		}
	case "mutant":
		want := v.ex.Config.Mutants[v.file]
		verdict += ", caught by " + strings.Join(failed, " ")
		if r.checks[want] != "fail" {
			return verdict, fmt.Sprintf("config.json says check %s catches it, but %s passes (failing: %v)", want, want, failed)
		}
	}
	return verdict, ""
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if len(s) > 4000 {
		s = s[:4000] + "\n…"
	}
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
