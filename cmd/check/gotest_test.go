package main

import (
	"os"
	"strconv"
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

func TestReadTestJSONTimesATestFromItsEvents(t *testing.T) {
	at := func(s int) string {
		return time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC).Add(time.Duration(s) * time.Second).Format(time.RFC3339Nano)
	}
	ev := func(s int, action, test string, elapsed float64) string {
		return `{"Time":"` + at(s) + `","Action":"` + action + `","Package":"m/e2e","Test":"` + test + `","Elapsed":` + strconv.FormatFloat(elapsed, 'f', -1, 64) + "}\n"
	}
	for _, tc := range []struct {
		name   string
		events string
		want   time.Duration
	}{
		{"a test with no parallel subtests", ev(0, "run", "TestA", 0) + ev(12, "pass", "TestA", 12), 12 * time.Second},
		{"parallel subtests, left out of Elapsed, are counted",
			ev(0, "run", "TestEvery", 0) + ev(9, "run", "TestEvery/ttl", 0) + ev(9, "pause", "TestEvery/ttl", 0) + ev(9, "cont", "TestEvery/ttl", 0) +
				ev(151, "pass", "TestEvery/ttl", 142) + ev(151, "pass", "TestEvery", 9.4), 151 * time.Second},
		{"a parallel test counts from when it went on",
			ev(0, "run", "TestP", 0) + ev(0, "pause", "TestP", 0) + ev(100, "cont", "TestP", 0) + ev(110, "pass", "TestP", 10), 10 * time.Second},
		{"events without times fall back to Elapsed", `{"Action":"run","Package":"m/e2e","Test":"TestOld"}` + "\n" + `{"Action":"pass","Package":"m/e2e","Test":"TestOld","Elapsed":7.5}` + "\n", 7500 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, times := readTestJSON([]byte(tc.events), false)
			if len(times) != 1 || times[0].elapsed != tc.want {
				t.Errorf("times = %+v, want one test of %v", times, tc.want)
			}
		})
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
