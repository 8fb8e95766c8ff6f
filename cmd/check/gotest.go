package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// A go test step runs with -json so that the check can say which tests
// took the time; readTestJSON turns that stream back into what go test
// prints without it.

// A testTime is how long one top-level test ran: wall time, parallel
// tests overlapping.
type testTime struct {
	pkg, test string
	action    string // pass, fail or skip
	elapsed   time.Duration
}

// testEvent is one line of go test -json (cmd/test2json's TestEvent).
type testEvent struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail events
	Test       string
	Output     string
	Elapsed    float64   // seconds
	Time       time.Time // when the event happened; zero when absent
}

// wallTime is how long a top-level test ran, from its events: from its
// start (or, for a test that waited for t.Parallel, from when it went on)
// to its end. go test's Elapsed leaves out the subtests that called
// t.Parallel, which run after the test's own function returns (a test of
// six parallel subtests said 9 s and took 151 s), so it is only the
// fallback when the events carry no times.
func wallTime(start, end time.Time, elapsed float64) time.Duration {
	if start.IsZero() || end.IsZero() || end.Before(start) {
		return time.Duration(elapsed * float64(time.Second))
	}
	return end.Sub(start)
}

// logLine matches the first line of a t.Log or t.Error message in -v
// output: indented, then file:line.
var logLine = regexp.MustCompile(`^( +)[\w.\-]+\.go:\d+: `)

// readTestJSON reads the output of go test -json (lines that are not JSON,
// as a shell's or apt-get's, pass through) and returns the text go test
// prints without -json, and every top-level test's time.
//
// Without -v, go test prints a passing test's standard output but not its
// t.Log lines, and a failing test's every line; readTestJSON does the same,
// telling the two apart by the form t.Log gives its lines. With verbose it
// prints every line, as go test -v does.
func readTestJSON(out []byte, verbose bool) ([]byte, []testTime) {
	var text bytes.Buffer
	var times []testTime
	type line struct{ test, s string }
	pending := map[string][]line{}            // by package: test output not yet printed
	results := map[string]map[string]string{} // by package and test: pass, fail or skip
	started := map[string]time.Time{}         // by package and top-level test: when it ran or went on
	// flush prints and forgets the pending lines of pkg's test top and its
	// subtests (every test when top is ""): all of a failing or unfinished
	// test's lines, only the standard output of one that passed.
	flush := func(pkg, top string) {
		var keep []line
		logIndent := -1 // inside a t.Log message indented this much
		for _, l := range pending[pkg] {
			if top != "" && l.test != top && !strings.HasPrefix(l.test, top+"/") {
				keep = append(keep, l)
				continue
			}
			if strings.HasPrefix(l.s, "=== ") {
				continue
			}
			if r := results[pkg][l.test]; r == "fail" || r == "" {
				text.WriteString(l.s)
				continue
			}
			indent := len(l.s) - len(strings.TrimLeft(l.s, " "))
			if m := logLine.FindStringSubmatch(l.s); m != nil {
				logIndent = len(m[1])
				continue
			}
			if logIndent >= 0 && indent > logIndent {
				continue // the t.Log message goes on
			}
			logIndent = -1
			if strings.HasPrefix(strings.TrimLeft(l.s, " "), "--- PASS: ") || strings.HasPrefix(strings.TrimLeft(l.s, " "), "--- SKIP: ") {
				continue
			}
			text.WriteString(l.s)
		}
		pending[pkg] = keep
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		b := sc.Bytes()
		var ev testEvent
		if len(b) == 0 || b[0] != '{' || json.Unmarshal(b, &ev) != nil || ev.Action == "" {
			text.Write(b)
			text.WriteByte('\n')
			continue
		}
		pkg := ev.Package
		switch {
		case ev.Action == "build-output":
			text.WriteString(ev.Output)
		case ev.Action == "output" && verbose:
			text.WriteString(ev.Output)
		case ev.Action == "output" && ev.Test != "":
			pending[pkg] = append(pending[pkg], line{ev.Test, ev.Output})
		case ev.Action == "output":
			if ev.Output == "PASS\n" || strings.HasPrefix(ev.Output, "=== ") {
				continue
			}
			if strings.HasPrefix(ev.Output, "ok  \t") || strings.HasPrefix(ev.Output, "FAIL") {
				flush(pkg, "") // what a test that never ended (a panic, a timeout) printed
			}
			text.WriteString(ev.Output)
		case (ev.Action == "run" || ev.Action == "cont") && ev.Test != "" && !strings.Contains(ev.Test, "/"):
			started[pkg+" "+ev.Test] = ev.Time
		case ev.Action == "pass" || ev.Action == "fail" || ev.Action == "skip":
			if ev.Test == "" {
				flush(pkg, "")
				continue
			}
			if results[pkg] == nil {
				results[pkg] = map[string]string{}
			}
			results[pkg][ev.Test] = ev.Action
			if !strings.Contains(ev.Test, "/") {
				times = append(times, testTime{pkg: pkg, test: ev.Test, action: ev.Action, elapsed: wallTime(started[pkg+" "+ev.Test], ev.Time, ev.Elapsed)})
				if !verbose {
					flush(pkg, ev.Test)
				}
			}
		}
	}
	for pkg := range pending {
		flush(pkg, "")
	}
	return text.Bytes(), times
}

// slowest returns a listing of the n slowest tests, the slowest first,
// with the package paths shortened by trimming module's path.
func slowest(times []testTime, n int, module string) string {
	times = slices.Clone(times)
	slices.SortStableFunc(times, func(a, b testTime) int { return cmp.Compare(b.elapsed, a.elapsed) })
	if len(times) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "slowest tests (wall time; of %d):\n", len(times))
	for _, t := range times[:min(n, len(times))] {
		pkg := strings.TrimPrefix(strings.TrimPrefix(t.pkg, module), "/")
		mark := ""
		if t.action != "pass" {
			mark = " (" + t.action + ")"
		}
		fmt.Fprintf(&b, "  %9s  %s %s%s\n", t.elapsed.Round(100*time.Millisecond), cmp.Or(pkg, "."), t.test, mark)
	}
	return b.String()
}
