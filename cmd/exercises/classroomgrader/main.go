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
// by the pristine starter (grader/_starters/, an -overlay; go build ./... skips a folder named _*), and each check
// calls the learner's code in a process of its own built from the learner's
// file and the exercise's fixed API (exercises/grading/remote). So go
// test's report is the graders' alone: whatever the learner's process
// prints or however it ends only changes what its functions return. Before
// any of that, the learner's imports are checked against the exercise's
// import rule (exercises/importrule).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"
)

// A catalog is checks.json: the exercises and what each check is worth.
type catalog struct {
	// Site is the published course ("" for none): failure messages link
	// to its player for the failing case.
	Site string `json:"site"`
	// Recorded is set in the copies students get: the reference answers
	// from a tape (sim/tape) that holds the hidden checks' fixed cases, so
	// the grader keeps to them (seed 0) instead of drawing fresh ones.
	Recorded  bool       `json:"recorded"`
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
	startersDir = filepath.Join(filepath.Dir(*checksPath), "_starters")
	if *budgetReset && budgetFile != "" {
		if err := os.WriteFile(budgetFile, []byte(strconv.FormatInt(time.Now().Unix(), 10)), 0o644); err != nil {
			fatal(err)
		}
	}

	cat, err := readCatalog(*checksPath)
	if err != nil {
		fatal(err)
	}
	site = cat.Site
	if cat.Recorded {
		// This copy answers the reference's calls from the tape recorded
		// at export (sim/tape), which holds the fixed cases only.
		if os.Getenv("MCP_PLAYGROUND_SEED") != "" {
			fatal(fmt.Errorf("MCP_PLAYGROUND_SEED: this copy carries the reference's answers for the hidden checks' fixed cases only, not its code, so it cannot draw other cases; your class's grader draws fresh ones"))
		}
		fmt.Println("hidden checks: their fixed cases (this copy carries the reference's recorded answers, not its code; your class's grader draws fresh cases)")
	} else {
		if seed, err = chooseSeed(); err != nil {
			fatal(err)
		}
		fmt.Printf("hidden checks: seed %d (MCP_PLAYGROUND_SEED=%d draws the same cases again)\n", seed, seed)
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
