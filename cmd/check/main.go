// Command check runs every test the project has: formatting, vet and dead
// code, the simulator under the race detector, every other package, the
// site with its wasm builds (built once, then held to the size limits and
// driven by the end-to-end suite in headless Chromium, installed with
// apt-get when it is missing and we are root), the exercise proof (which
// holds the browser's interpreted grade to go test's) and short fuzz runs.
//
// Independent steps run side by side, as many at once as the machine has
// cores (at least two: most steps spend much of their time in one linker
// or one test binary), started in the order below, which puts the longest
// chain (the site build, then e2e) first and otherwise the cheapest
// failure first. Each step's output is printed whole when it ends.
//
//	go run ./cmd/check                  # everything, as CI runs it
//	go run ./cmd/check -short           # skip fuzzing and e2e
//	go run ./cmd/check -step 'dead code' # only the steps whose name has this
//	go run ./cmd/check -j 1             # one step at a time
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// A step is one command of the check.
type step struct {
	name  string
	env   []string
	args  []string
	long  bool               // skipped with -short
	check func([]byte) error // inspects the output, when set
	// fn, when set, is the step itself instead of a command: it returns
	// what to print.
	fn func() ([]byte, error)
	// needs names a step that must pass before this one starts.
	needs string
	// tests marks a go test step whose command has -json: its output is
	// printed as go test prints it without -json (every line with
	// verbose, as -v), followed by its slowest tests.
	tests, verbose bool
}

// siteStep builds the site, wasm included, once for the steps that need it.
const siteStep = "site builds (wasm included)"

// steps returns the check's steps; site is the directory the site is
// built into.
func steps(site string) []step {
	return []step{
		// Every wasm build (the simulator twice, a grader per exercise),
		// once: the size limits and e2e take this site.
		{name: siteStep, args: []string{"go", "run", "./cmd/buildsite", "-out", site}},
		// The browser suite, the longest step: it starts as soon as the
		// site is built (steps start in this order as slots free up).
		{name: "e2e (headless Chromium)", long: true, needs: siteStep, env: []string{"E2E_SITE=" + site}, args: e2eArgs(), tests: true},
		// The classroom exports, graded as each platform grades them, every
		// cheat included: the longest package, so it starts early and has a
		// timeout of its own (each check runs the learner's code in a
		// process of its own). It holds the exercise proof too:
		// TestRecordedCopyGradesAsTheReference proves a students' copy the
		// way `go run ./cmd/exercises check` proves the repository (go test
		// with vet on the starters and solutions, every mutant) and holds
		// each verdict to the one the live reference gave when the export
		// recorded it, a run that must itself keep the promise. The copy's
		// graders are the repository's, its references played back, so
		// proving the repository again would repeat the same rounds. The
		// recording graded every file with the page's interpreter, so the
		// same comparison is the interpreted parity: no round of its own.
		{name: "classroom exports and the exercise proof", args: []string{"go", "test", "-json", "-count=1", "-timeout=45m", "./cmd/exercises"}, tests: true},
		{name: "gofmt", args: []string{"gofmt", "-l", "."}, check: func(out []byte) error {
			if s := strings.TrimSpace(string(out)); s != "" {
				return fmt.Errorf("files need gofmt:\n%s", s)
			}
			return nil
		}},
		{name: "vet", args: []string{"go", "vet", "./..."}},
		// The players the copies students get are built from (sim/tape).
		{name: "vet the replay build", args: []string{"go", "vet", "-tags", "replay", "./sim/...", "./exercises/..."}},
		{name: "dead code", fn: deadCode},
		// -trimpath as the site's wasm builds have it: the packages they
		// compiled are then in the build cache for this step too (a fresh
		// cache compiled the go-sdk and the standard library for js/wasm
		// twice, 1m32s of a 24-minute check).
		{name: "sim builds for js/wasm", env: []string{"GOOS=js", "GOARCH=wasm"}, args: []string{"go", "build", "-trimpath", "./sim/..."}},
		{name: "sim tests (race)", args: []string{"go", "test", "-json", "-race", "-count=1", "./sim/..."}, tests: true},
		{name: "other tests", args: append([]string{"go", "test", "-json", "-count=1"}, nonExercisePackages()...), tests: true},
		{name: "fuzz frame checker", long: true, args: fuzzArgs("FuzzCheckStream", "./sim/frames")},
		{name: "fuzz trace decoder", long: true, args: fuzzArgs("FuzzDecode", "./sim/trace")},
		// The browser's programs vetted as js/wasm (their syscall/js files
		// are not in the host's vet): both simulator builds and the
		// exercise runtime in one go vet, which compiles what they share
		// (the go-sdk, sim/) once; as two steps they took 1m27s and 1m51s.
		{name: "the browser's programs vet for js/wasm", env: []string{"GOOS=js", "GOARCH=wasm"}, args: []string{"go", "vet", "./wasm/..."}},
		// Each wasm build, as the site builds it, within its size limit
		// (gzip -9 by the gzip command; the limits are in cmd/buildsite's
		// wasmTargets). It prints every build's size.
		{name: "wasm builds within their size limits", needs: siteStep, args: []string{"go", "test", "-json", "-count=1", "-run=^TestWasmBuildsStayWithinTheirLimits$", "./cmd/buildsite", "-wasmsizes", "-wasmdir", filepath.Join(site, "assets")}, tests: true, verbose: true},
		{name: "exercise runtime symbol tables up to date", args: []string{"go", "test", "-json", "-count=1", "-run=^TestGeneratedTablesAreUpToDate$", "./exercises/interp/symbols", "-regen"}, tests: true},
	}
}

// chromiumPath is where Debian's chromium package puts the browser, and
// where the e2e suite looks first.
const chromiumPath = "/usr/bin/chromium"

// e2eArgs returns the e2e step's command. When Chromium is missing it either
// installs it first (we are root) or says exactly what to install; in CI the
// suite then fails rather than skips, so e2e is never silently left out.
// It only inspects the machine: installing happens when the step runs.
func e2eArgs() []string {
	test := "go test -json -count=1 -timeout=40m ./e2e"
	if _, err := os.Stat(chromiumPath); err == nil || os.Getenv("CHROMIUM") != "" {
		return strings.Fields(test)
	}
	if os.Geteuid() == 0 {
		// Another apt-get (an unattended upgrade, a second checkout's check) may
		// hold the lock: wait for it rather than fail the suite.
		return []string{"sh", "-c", "echo 'e2e: " + chromiumPath + " is missing; installing it with apt-get' && apt-get -o DPkg::Lock::Timeout=600 update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y chromium && " + test}
	}
	msg := "e2e: Chromium is missing. Install it as root: apt-get install -y chromium (Debian/Ubuntu), or set CHROMIUM=/path/to/chrome."
	if os.Getenv("CI") != "" {
		return []string{"sh", "-c", "echo '" + msg + "' >&2; exit 1"}
	}
	return []string{"sh", "-c", "echo '" + msg + " Skipping the browser suite.' >&2; " + test}
}

// nonExercisePackages lists every package but the exercise folders: those
// hold starters that fail until a learner solves them, and are proven
// separately on temporary copies.
func nonExercisePackages() []string {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}}", "./...").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "check: go list:", err)
		os.Exit(1)
	}
	var pkgs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p, dir, _ := strings.Cut(line, " ")
		// An exercise folder (it has .meta/) holds a starter that fails
		// by design: the classroom exports step proves it on a copy instead. Go
		// packages under exercises/ that are not exercises (grading,
		// interp) are ordinary packages and run here.
		if _, err := os.Stat(filepath.Join(dir, ".meta")); err == nil && strings.Contains(p, "/exercises/") {
			continue
		}
		// e2e runs in its own (long) step: it builds the site and drives Chromium.
		// cmd/exercises runs in its own step (the classroom exports).
		if strings.HasSuffix(p, "/sim") || strings.Contains(p, "/sim/") || strings.HasSuffix(p, "/e2e") || strings.HasSuffix(p, "/cmd/exercises") {
			continue
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// run runs the step and returns what it printed and the CPU time (user
// and system) its command and the processes it waited for took; a step
// that is a function reports none.
func (s step) run() ([]byte, time.Duration, error) {
	if s.fn != nil {
		out, err := s.fn()
		return out, 0, err
	}
	cmd := exec.Command(s.args[0], s.args[1:]...)
	cmd.Env = append(os.Environ(), s.env...)
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err := cmd.Run()
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	out := buf.Bytes()
	if s.tests {
		text, times := readTestJSON(out, s.verbose)
		out = append(text, slowest(times, 10, modulePath())...)
	}
	return out, cpu, err
}

// modulePath is the main module's path, from go.mod ("" when unread).
func modulePath() string {
	b, _ := os.ReadFile("go.mod")
	for _, l := range strings.Split(string(b), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`)
		}
	}
	return ""
}

// A result is what a step printed, whether it passed, how long it took
// and the CPU time it used.
type result struct {
	out       []byte
	err       error
	took, cpu time.Duration
}

func main() {
	short := flag.Bool("short", false, "skip fuzzing and the browser suite")
	only := flag.String("step", "", "run only the steps whose name contains this text (and the steps they need)")
	jobs := flag.Int("j", max(2, runtime.NumCPU()), "how many steps run at once")
	flag.Parse()
	start := time.Now()
	site, err := os.MkdirTemp("", "check-site-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "check:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(site)
	var sel []step
	all := steps(site)
	wanted := map[string]bool{}
	for _, s := range all {
		if strings.Contains(s.name, *only) && !(s.long && *short) {
			wanted[s.name] = true
			if s.needs != "" {
				wanted[s.needs] = true
			}
		}
	}
	for _, s := range all {
		switch {
		case s.long && *short && strings.Contains(s.name, *only):
			fmt.Printf("== %s: skipped (-short)\n", s.name)
		case wanted[s.name]:
			sel = append(sel, s)
		}
	}
	failed := runSteps(sel, max(1, *jobs))
	fmt.Printf("check: %d passed, %d failed (%s)\n", len(sel)-failed, failed, time.Since(start).Round(time.Second))
	if failed > 0 {
		os.RemoveAll(site)
		os.Exit(1)
	}
}

// runSteps runs sel, up to jobs at once, each as soon as a slot is free
// and the step it needs has passed, in sel's order; it prints each step's
// output when the step ends and returns how many failed.
func runSteps(sel []step, jobs int) (failed int) {
	index := map[string]int{}
	for i, s := range sel {
		index[s.name] = i
	}
	// results are written here only, as steps end: a step's goroutine
	// sends its result.
	results := make([]*result, len(sel))
	started := make([]bool, len(sel))
	type end struct {
		i int
		r *result
	}
	ended := make(chan end)
	running, finished := 0, 0
	for finished < len(sel) {
		for i, s := range sel {
			if running >= jobs || started[i] {
				continue
			}
			if s.needs != "" {
				need := results[index[s.needs]]
				if need == nil {
					continue // not ended yet
				}
				if need.err != nil {
					started[i] = true
					running++
					go func() { ended <- end{i, &result{err: fmt.Errorf("not run: %s failed", s.needs)}} }()
					continue
				}
			}
			started[i] = true
			running++
			go func() {
				t0 := time.Now()
				out, cpu, err := s.run()
				if err == nil && s.check != nil {
					err = s.check(out)
				}
				ended <- end{i, &result{out: out, err: err, took: time.Since(t0), cpu: cpu}}
			}()
		}
		e := <-ended
		i, r := e.i, e.r
		results[i] = r
		running--
		finished++
		fmt.Printf("== %s\n", sel[i].name)
		os.Stdout.Write(r.out)
		if r.err != nil {
			fmt.Printf("FAIL %s: %v (%s)\n", sel[i].name, r.err, r.took.Round(time.Second))
			failed++
			continue
		}
		fmt.Printf("ok   %s (%s)\n", sel[i].name, r.took.Round(time.Second))
	}
	fmt.Print(summary(sel, results))
	return failed
}

// fuzzArgs runs a short fuzz of target in pkg, once more if the first run
// fails. On a loaded machine go's fuzzer can end with "context deadline
// exceeded" when its time is up while a worker is still busy, with no
// failing input (seen on a clean clone's check, not reproduced alone). A
// real failure writes its input to the package's testdata, where the
// second run replays it first and fails again.
func fuzzArgs(target, pkg string) []string {
	run := "go test -run='^$' -fuzz=" + target + " -fuzztime=10s " + pkg
	return []string{"sh", "-c", run + " || { echo 'check: the fuzz run failed; once more (a real failure replays from testdata)'; " + run + "; }"}
}

// summary lists every step's wall time, the longest first, with the CPU
// time of its processes: on a shared machine the wall time says how long
// the step waited as much as how long it worked.
func summary(sel []step, results []*result) string {
	order := make([]int, len(sel))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(results[b].took, results[a].took) })
	var b strings.Builder
	b.WriteString("step times (wall, then CPU: user+sys of the step's processes):\n")
	for _, i := range order {
		r := results[i]
		cpu := "-"
		if r.cpu > 0 {
			cpu = r.cpu.Round(time.Second).String()
		}
		status := "ok  "
		if r.err != nil {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "  %s %8s %8s  %s\n", status, r.took.Round(time.Second), cpu, sel[i].name)
	}
	return b.String()
}
