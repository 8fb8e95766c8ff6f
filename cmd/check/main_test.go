package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// captureStdout runs f with os.Stdout going to a pipe and returns what f
// printed.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	w.Close()
	os.Stdout = old
	return <-done
}

func TestRunStepsRunsEachStepOnceAndCountsFailures(t *testing.T) {
	ok := func(s string) func() ([]byte, error) { return func() ([]byte, error) { return []byte(s + "\n"), nil } }
	bad := func() ([]byte, error) { return []byte("broken\n"), errors.New("exit status 1") }
	tests := []struct {
		name       string
		steps      []step
		jobs       int
		failed     int
		printed    []string // in the output
		notPrinted []string
	}{
		{"all pass, side by side", []step{{name: "a", fn: ok("A")}, {name: "b", fn: ok("B")}, {name: "c", fn: ok("C")}}, 2, 0,
			[]string{"== a\nA\nok   a", "== b\nB\nok   b", "== c\nC\nok   c"}, nil},
		{"a step waits for the one it needs", []step{{name: "site", fn: ok("built")}, {name: "e2e", needs: "site", fn: ok("driven")}}, 2, 0,
			[]string{"== site\nbuilt\nok   site", "== e2e\ndriven\nok   e2e"}, nil},
		{"a step whose need failed does not run and fails", []step{{name: "site", fn: bad}, {name: "e2e", needs: "site", fn: ok("driven")}, {name: "vet", fn: ok("vetted")}}, 2, 2,
			[]string{"FAIL site: exit status 1", "FAIL e2e: not run: site failed", "ok   vet"}, []string{"driven"}},
		{"a check on the output fails the step", []step{{name: "gofmt", fn: ok("x.go"), check: func(b []byte) error { return fmt.Errorf("files need gofmt: %s", strings.TrimSpace(string(b))) }}}, 1, 1,
			[]string{"FAIL gofmt: files need gofmt: x.go"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var failed int
			out := captureStdout(t, func() { failed = runSteps(tt.steps, tt.jobs) })
			if failed != tt.failed {
				t.Errorf("failed = %d, want %d\n%s", failed, tt.failed, out)
			}
			for _, p := range tt.printed {
				if !strings.Contains(out, p) {
					t.Errorf("output lacks %q:\n%s", p, out)
				}
			}
			for _, p := range tt.notPrinted {
				if strings.Contains(out, p) {
					t.Errorf("output has %q:\n%s", p, out)
				}
			}
		})
	}
}

// TestRunStepsRunsNoMoreThanJobsAtOnce: with one job the steps run one at
// a time; with two, two do run together.
func TestRunStepsRunsNoMoreThanJobsAtOnce(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		var now, most atomic.Int32
		gate := make(chan struct{})
		work := func() ([]byte, error) {
			n := now.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			if jobs == 2 && n == 1 {
				<-gate // the first waits until the second has started
			} else if jobs == 2 {
				close(gate)
			}
			now.Add(-1)
			return nil, nil
		}
		captureStdout(t, func() { runSteps([]step{{name: "a", fn: work}, {name: "b", fn: work}}, jobs) })
		if int(most.Load()) != jobs {
			t.Errorf("jobs %d: at most %d steps ran at once, want %d", jobs, most.Load(), jobs)
		}
	}
}
