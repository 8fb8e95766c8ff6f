package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

// This file keeps the learner's code out of the graders' process.

var (
	// startersDir holds the pristine starters, by exercise id: the test
	// binary is compiled with them in place of the learner's file.
	startersDir string
	// budget and budgetFile bound a whole assignment's grading (see -budget).
	budget     time.Duration
	budgetFile string
	// site is the published course whose player failure messages link to.
	site string
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
// imports against the exercise's import rule, then that it compiles with
// the exercise's fixed API alone.
func learnerProblem(ex exercise) (problem, detail string) {
	_, err := remote.Build(remote.Spec{Exercise: ex.ID, Dir: filepath.Join("exercises", ex.ID), File: ex.File, Imports: importrule.ForExercise(ex.ID)})
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
	env = []string{"MCP_PLAYGROUND_OUT_OF_PROCESS=1", "MCP_PLAYGROUND_SEED=" + strconv.FormatUint(seed, 10)}
	return []string{"-tags=learner_out_of_process", "-overlay=" + ov}, env, func() { os.RemoveAll(dir) }, nil
}

// seed is the hidden checks' seed for this grading (see chooseSeed).
var seed uint64

// chooseSeed picks the hidden checks' seed: MCP_PLAYGROUND_SEED when set
// (to draw a grade's hidden cases again), else a fresh one, so that hidden
// cases cannot be learnt from the graders' source.
func chooseSeed() (uint64, error) {
	if s := os.Getenv("MCP_PLAYGROUND_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n == 0 {
			return 0, fmt.Errorf("MCP_PLAYGROUND_SEED=%q: want a number above 0", s)
		}
		return n, nil
	}
	for {
		if n := rand.Uint64() % 1_000_000_000; n != 0 {
			return n, nil
		}
	}
}
