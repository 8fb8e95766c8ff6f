package interp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

var (
	parity     = flag.Bool("parity", false, "interpret every exercise's solution and mutants and compare every check with go test's compiled run (slow: go run ./cmd/check runs it as its own step)")
	parityOnly = flag.String("parity.exercise", "", "with -parity, compare only this exercise (an id), for a change that touches one grader")
)

// childEnv, when set in a test process's environment, makes
// TestParityChild grade the file childEnv names as exercise childIDEnv and
// print the report.
const (
	childEnv   = "MCP_PLAYGROUND_PARITY_FILE"
	childIDEnv = "MCP_PLAYGROUND_PARITY_EXERCISE"
)

// A variant is one learner file of one exercise: its solution or a mutant.
type variant struct {
	id, name, path string
}

// TestParity is the promise that the browser grade is the classroom grade:
// for every exercise, the solution and every mutant, interpreted, pass and
// fail exactly the checks they pass and fail compiled under go test.
//
// The check proves this promise on the copy a class grades
// (cmd/exercises, TestRecordedCopyGradesAsTheReference), whose recording
// interprets every file; this test proves it on the repository, one
// exercise at a time with -parity.exercise, for work on one grader.
//
// Each interpreted run happens in a child process: the ttl cost check
// measures the process's CPU time, and a check that timed out leaves its
// goroutine running, so two runs in one process would disturb each other.
func TestParity(t *testing.T) {
	if !*parity {
		t.Skip("slow; run with -parity")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "exercises", "*", ".meta"))
	var folders []string
	for _, d := range dirs {
		folders = append(folders, filepath.Base(filepath.Dir(d)))
	}
	if !slices.Equal(folders, ids()) {
		t.Fatalf("exercise folders with .meta are %v, but interp grades %v: run go generate ./exercises/interp", folders, ids())
	}
	if *parityOnly != "" && !slices.Contains(ids(), *parityOnly) {
		t.Fatalf("-parity.exercise %q: no such exercise; there are %v", *parityOnly, ids())
	}
	var rounds [][]variant
	for k := 0; ; k++ {
		var round []variant
		for _, id := range ids() {
			if *parityOnly != "" && id != *parityOnly {
				continue
			}
			meta := filepath.Join(root, "exercises", id, ".meta")
			files := []string{filepath.Join(meta, "solution.go")}
			mutants, err := mutant.Names(meta)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range mutants {
				files = append(files, filepath.Join(meta, "mutants", m))
			}
			if k < len(files) {
				v := variant{id: id, name: strings.TrimPrefix(files[k], meta+"/"), path: files[k]}
				if k > 0 {
					v.path = mutantFile(t, meta, mutants[k-1])
				}
				round = append(round, v)
			}
		}
		if len(round) == 0 {
			break
		}
		rounds = append(rounds, round)
	}

	// Two jobs at a time, compiled rounds and interpreted files alike; but
	// an interpreted ttl file runs alone afterwards: its cost check makes
	// 215,000 calls into interpreted code against grading.Timeout, and a
	// second job on the machine's other core must not push it over.
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	compiled := make([]map[string]map[string]string, len(rounds))
	interpreted := make([][]Report, len(rounds))
	errs := make(chan error, 100)
	interpret := func(i, j int, v variant) {
		rep, err := interpretInChild(v)
		if err != nil {
			errs <- fmt.Errorf("%s %s: %v", v.id, v.name, err)
		}
		interpreted[i][j] = rep
	}
	var alone []func()
	for i, round := range rounds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := goTestRound(root, t.TempDir(), round)
			if err != nil {
				errs <- err
			}
			compiled[i] = r
		}()
		interpreted[i] = make([]Report, len(round))
		for j, v := range round {
			if v.id == "ttl" {
				alone = append(alone, func() { interpret(i, j, v) })
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				interpret(i, j, v)
			}()
		}
	}
	wg.Wait()
	for _, f := range alone {
		f()
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		return
	}
	for i, round := range rounds {
		for j, v := range round {
			t.Run(v.id+"/"+v.name, func(t *testing.T) {
				want := compiled[i][v.id]
				rep := interpreted[i][j]
				if len(rep.CompileErrors) > 0 {
					t.Fatalf("interpreted: compile errors %v; compiled: %v", rep.CompileErrors, want)
				}
				got := map[string]string{}
				msgs := map[string]string{}
				for _, c := range rep.Checks {
					got[c.Check] = map[bool]string{true: "pass", false: "fail"}[c.Pass]
					msgs[c.Check] = c.Message
				}
				for _, name := range Checks(v.id) {
					if got[name] != want[name] {
						t.Errorf("check %s: interpreted %s, compiled %s (interpreted message: %s)", name, got[name], want[name], msgs[name])
					}
				}
				if len(want) != len(Checks(v.id)) {
					t.Errorf("compiled run reported checks %v, interp knows %v", want, Checks(v.id))
				}
			})
		}
	}
}

// goTestRound runs go test once over the round's exercise packages with an
// overlay putting each variant in place of the learner's file (as
// go run ./cmd/exercises check does) and returns check → pass|fail by
// exercise.
func goTestRound(root, tmp string, round []variant) (map[string]map[string]string, error) {
	replace := map[string]string{}
	var pkgs []string
	out := map[string]map[string]string{}
	for _, v := range round {
		file, err := learnerFile(root, v.id)
		if err != nil {
			return nil, err
		}
		replace[file] = v.path
		pkgs = append(pkgs, "./exercises/"+v.id)
		out[v.id] = map[string]string{}
	}
	b, _ := json.Marshal(map[string]any{"Replace": replace})
	overlay := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, b, 0o644); err != nil {
		return nil, err
	}
	// -trimpath, as go run ./cmd/exercises check builds: without it each
	// variant's test binary is keyed by the clone's directory, so a fresh
	// clone rebuilt all seventy of them on a warm build cache (this test
	// took 160 s of CPU time there, 120 s with -trimpath), and the proof's
	// builds of the same variants were not this test's.
	cmd := exec.Command("go", append([]string{"test", "-trimpath", "-json", "-count=1", "-vet=off", "-overlay", overlay}, pkgs...)...)
	cmd.Dir = root
	stdout, _ := cmd.Output() // failing checks make go test exit 1
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev struct{ Action, Package, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		id := ev.Package[strings.LastIndex(ev.Package, "/")+1:]
		if top, check, ok := strings.Cut(ev.Test, "/"); ok && top != "" && out[id] != nil && (ev.Action == "pass" || ev.Action == "fail") {
			out[id][check] = ev.Action
		}
	}
	return out, nil
}

func learnerFile(root, id string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "exercises", id, ".meta", "config.json"))
	if err != nil {
		return "", err
	}
	var c struct{ File string }
	if err := json.Unmarshal(b, &c); err != nil {
		return "", err
	}
	return filepath.Join(root, "exercises", id, c.File), nil
}

// interpretInChild grades v in a fresh test process.
func interpretInChild(v variant) (Report, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestParityChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+v.path, childIDEnv+"="+v.id)
	out, err := cmd.Output()
	_, payload, ok := bytes.Cut(out, []byte("PARITY-REPORT "))
	if !ok {
		return Report{}, fmt.Errorf("child: %v\n%s", err, out)
	}
	payload, _, _ = bytes.Cut(payload, []byte("\n"))
	var rep Report
	return rep, json.Unmarshal(payload, &rep)
}

// TestParityChild is TestParity's child process; without its environment
// variable it does nothing.
func TestParityChild(t *testing.T) {
	path, id := os.Getenv(childEnv), os.Getenv(childIDEnv)
	if path == "" {
		return
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// As wasm/grader does in the browser: the interpreter allocates a frame
	// per call, and collecting less often makes the cost check run faster.
	debug.SetGCPercent(400)
	rep, err := Grade(context.Background(), id, string(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rep)
	fmt.Printf("PARITY-REPORT %s\n", b)
	// A check that timed out left its goroutine running: leave now rather
	// than wait for it.
	os.Exit(0)
}

// mutantFile writes the source of mutant name (a diff against the solution
// in meta) to a temporary file, the file both runs of the variant read.
func mutantFile(t *testing.T, meta, name string) string {
	t.Helper()
	src, err := mutant.Source(meta, name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), strings.TrimSuffix(name, mutant.Ext)+".go")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
