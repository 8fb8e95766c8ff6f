package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// testdata/gotest.json is go test -json of a package with a passing test
// that logs and prints, a failing test with a passing and a failing
// subtest and a skipped test (without -json it prints TestA's line,
// then TestB's failure), then written by hand: a test that panics, a
// package that does not build and one that passes, after a line that is
// not JSON.
func TestReadTestJSONPrintsWhatGoTestPrintsWithoutIt(t *testing.T) {
	in, err := os.ReadFile("testdata/gotest.json")
	if err != nil {
		t.Fatal(err)
	}
	text, times := readTestJSON(in, false)
	want := `e2e: installing chromium
  figures: 12 ms
    probe_test.go:8: sub bad log
    probe_test.go:8: boom
--- FAIL: TestB/bad (0.00s)
printed
--- FAIL: TestB (0.00s)
FAIL
FAIL	probe	0.038s
panic: nil map
FAIL	m/slow	62.0s
# m/broken [m/broken.test]
./x.go:2:12: undefined: undefined
FAIL	m/broken [build failed]
ok  	m/quiet	0.1s
`
	if diff := cmp.Diff(want, string(text)); diff != "" {
		t.Errorf("readTestJSON text (-want +got):\n%s", diff)
	}
	var got []string
	for _, tt := range times {
		got = append(got, tt.pkg+" "+tt.test+" "+tt.action+" "+tt.elapsed.String())
	}
	wantTimes := []string{"probe TestA pass 0s", "probe TestB fail 0s", "probe TestC skip 0s", "m/slow TestSlow pass 1m1.5s"}
	if diff := cmp.Diff(wantTimes, got); diff != "" {
		t.Errorf("readTestJSON times (-want +got):\n%s", diff)
	}
}

func TestReadTestJSONVerbosePrintsEveryLine(t *testing.T) {
	in, err := os.ReadFile("testdata/gotest.json")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := readTestJSON(in, true)
	for _, line := range []string{"=== RUN   TestA\n", "    probe_test.go:5: a log\n", "        second line\n", "--- PASS: TestA", "--- SKIP: TestC", "    probe_test.go:11: why\n"} {
		if !strings.Contains(string(text), line) {
			t.Errorf("verbose text lacks %q:\n%s", line, text)
		}
	}
}

func TestSlowestListsTheLongestTestsFirst(t *testing.T) {
	times := []testTime{
		{pkg: "m/e2e", test: "TestQuick", action: "pass", elapsed: 2 * time.Second},
		{pkg: "m/e2e", test: "TestLong", action: "fail", elapsed: 3 * time.Minute},
		{pkg: "m", test: "TestRoot", action: "pass", elapsed: time.Minute},
	}
	want := `slowest tests (wall time; of 3):
       3m0s  e2e TestLong (fail)
       1m0s  . TestRoot
`
	if diff := cmp.Diff(want, slowest(times, 2, "m")); diff != "" {
		t.Errorf("slowest (-want +got):\n%s", diff)
	}
	if got := slowest(nil, 10, "m"); got != "" {
		t.Errorf("slowest(nil) = %q, want nothing", got)
	}
}

func TestSummaryListsEveryStepLongestFirst(t *testing.T) {
	sel := []step{{name: "vet"}, {name: "e2e"}, {name: "gofmt"}}
	results := []*result{
		{took: 40 * time.Second, cpu: 70 * time.Second},
		{took: 16 * time.Minute, cpu: 9 * time.Minute, err: os.ErrNotExist},
		{took: time.Second},
	}
	want := `step times (wall, then CPU: user+sys of the step's processes):
  FAIL    16m0s     9m0s  e2e
  ok        40s    1m10s  vet
  ok         1s        -  gofmt
`
	if diff := cmp.Diff(want, summary(sel, results)); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}
