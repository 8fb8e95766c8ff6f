package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var testExercise = exercise{ID: "catalog", File: "catalog.go", Test: "TestCatalog", Checks: []check{{"walk", 2, "walks"}, {"cycle", 3, "cycles"}}}

func TestParseEvents(t *testing.T) {
	const pkg = "github.com/m/exercises/catalog"
	for _, tc := range []struct {
		name   string
		events string
		checks map[string]string
		build  string // in the build output
		broken bool
	}{
		{
			name: "a pass and a failure with its message",
			events: `{"Action":"run","Package":"` + pkg + `","Test":"TestCatalog/walk"}
{"Action":"pass","Package":"` + pkg + `","Test":"TestCatalog/walk"}
{"Action":"output","Package":"` + pkg + `","Test":"TestCatalog/cycle","Output":"    catalog_test.go:29: cycle: FAIL: repeated\n"}
{"Action":"fail","Package":"` + pkg + `","Test":"TestCatalog/cycle"}
{"Action":"fail","Package":"` + pkg + `","Test":"TestCatalog"}
{"Action":"fail","Package":"` + pkg + `"}`,
			checks: map[string]string{"walk": "pass", "cycle": "fail"},
		},
		{
			name: "a build failure",
			events: `{"ImportPath":"` + pkg + ` [` + pkg + `.test]","Action":"build-output","Output":"# ` + pkg + `\n"}
{"ImportPath":"` + pkg + ` [` + pkg + `.test]","Action":"build-output","Output":"exercises/catalog/catalog.go:3:14: syntax error\n"}
{"ImportPath":"` + pkg + ` [` + pkg + `.test]","Action":"build-fail"}
{"Action":"output","Package":"` + pkg + `","Output":"FAIL\t` + pkg + ` [build failed]\n"}
{"Action":"fail","Package":"` + pkg + `"}`,
			checks: map[string]string{},
			build:  "syntax error",
			broken: true,
		},
		{
			name: "a binary that dies before any check is not a build failure",
			events: `{"Action":"output","Package":"` + pkg + `","Output":"panic: boom\n"}
{"Action":"fail","Package":"` + pkg + `"}`,
			checks: map[string]string{},
		},
		{
			name: "another test's subtests and other packages are not checks",
			events: `{"Action":"pass","Package":"` + pkg + `","Test":"TestOther/walk"}
{"Action":"pass","Package":"github.com/m/exercises/ttl","Test":"TestCatalog/walk"}
not json
{"Action":"pass","Package":"` + pkg + `"}`,
			checks: map[string]string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := parseEvents(strings.NewReader(tc.events), map[string]exercise{"catalog": testExercise})
			got := r.checks["catalog"]
			if len(got) != len(tc.checks) {
				t.Errorf("checks = %v, want %v", got, tc.checks)
			}
			for k, v := range tc.checks {
				if got[k] != v {
					t.Errorf("check %s = %q, want %q", k, got[k], v)
				}
			}
			if !strings.Contains(r.build["catalog"], tc.build) {
				t.Errorf("build output %q lacks %q", r.build["catalog"], tc.build)
			}
			if r.broken["catalog"] != tc.broken {
				t.Errorf("broken = %v, want %v", r.broken["catalog"], tc.broken)
			}
		})
	}
}

func TestTakeSubmission(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []string // in the submission; each holds its own path
		want  string   // the path whose content lands in the exercise, or the error
		ok    bool
	}{
		{"an upload holds the file at its top", []string{"catalog.go", "notes.txt"}, "catalog.go", true},
		{"a repository holds it at exercises/<id>/", []string{"README.md", "exercises/catalog/catalog.go", "exercises/ttl/ttl.go"}, "exercises/catalog/catalog.go", true},
		{"one file anywhere else", []string{"src/catalog.go"}, "src/catalog.go", true},
		{"two files anywhere else", []string{"a/catalog.go", "b/catalog.go"}, "2 files named catalog.go", false},
		{"no file names what is there", []string{"Catalog.go", "notes.txt"}, "has no catalog.go (it holds Catalog.go, notes.txt)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work, sub := t.TempDir(), t.TempDir()
			t.Chdir(work)
			if err := os.MkdirAll(filepath.Join("exercises", "catalog"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.files {
				p := filepath.Join(sub, f)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := takeSubmission(sub, testExercise)
			if !tc.ok {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("takeSubmission = %v, want an error with %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(filepath.Join("exercises", "catalog", "catalog.go"))
			if string(b) != tc.want {
				t.Errorf("took %q, want %q", b, tc.want)
			}
		})
	}
}

func TestReportsAgree(t *testing.T) {
	outs := []outcome{
		{Exercise: testExercise, Verdicts: []verdict{
			{Exercise: "catalog", Check: testExercise.Checks[0], Pass: true},
			{Exercise: "catalog", Check: testExercise.Checks[1], Output: "cycle: FAIL: ```A, B, A``` repeats"},
		}},
		{Exercise: exercise{ID: "ttl", Title: "TTL", File: "ttl.go", Checks: []check{{"renew", 4, "renews"}}}, Problem: "ttl.go does not compile with the graders", Detail: "ttl.go:1: syntax error"},
	}
	outs[1].fillMissing()
	res := gradescopeResults(outs)
	if res.Score != 2 || len(res.Tests) != 3 {
		t.Errorf("results: score %d with %d tests, want 2 with 3", res.Score, len(res.Tests))
	}
	for _, tst := range res.Tests {
		if (tst.Status == "passed") != (tst.Score == tst.MaxScore) {
			t.Errorf("%s: status %s with %d/%d", tst.Name, tst.Status, tst.Score, tst.MaxScore)
		}
	}
	if !strings.Contains(res.Output, "ttl.go:1: syntax error") || !strings.HasSuffix(res.Output, "2/9 points") {
		t.Errorf("results output = %q, want the compiler's message and the total", res.Output)
	}
	md := markdownReport(outs)
	for _, want := range []string{
		"## Grade: 2/9 points",
		"| `catalog/walk` | 2/2 | ✅ pass |",
		"| `catalog/cycle` | 0/3 | ❌ fail |",
		"| `ttl/renew` | 0/4 | ❌ fail |",
		"````\ncycles\ncycle: FAIL: ```A, B, A``` repeats\n````", // the fence outlasts the learner's backticks
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the summary lacks %q:\n%s", want, md)
		}
	}
	if txt := textReport(outs); !strings.Contains(txt, "score: 2/9 points") {
		t.Errorf("the text report lacks the total:\n%s", txt)
	}
}

func TestCleanOutputKeepsTheCheckMessage(t *testing.T) {
	in := "=== RUN   TestCatalog/cycle\n    catalog_test.go:29: cycle: FAIL: repeated\n--- FAIL: TestCatalog/cycle (0.00s)\n"
	if got, want := cleanOutput(in), "catalog_test.go:29: cycle: FAIL: repeated"; got != want {
		t.Errorf("cleanOutput = %q, want %q", got, want)
	}
}

func TestOverBudget(t *testing.T) {
	file := filepath.Join(t.TempDir(), "started")
	defer func() { budget, budgetFile = 0, "" }()
	for _, tc := range []struct {
		name    string
		budget  time.Duration
		started string // the file's content; "" for no file
		over    bool
	}{
		{"no budget", 0, "1", false},
		{"no file yet", time.Minute, "", false},
		{"inside the budget", time.Hour, fmt.Sprint(time.Now().Unix()), false},
		{"past the budget", time.Minute, fmt.Sprint(time.Now().Add(-2 * time.Minute).Unix()), true},
		{"a file that is not a time", time.Minute, "$(rm -rf /)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(file)
			if tc.started != "" {
				if err := os.WriteFile(file, []byte(tc.started), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			budget, budgetFile = tc.budget, file
			if got := overBudget(); (got != "") != tc.over {
				t.Errorf("overBudget() = %q, want over=%v", got, tc.over)
			}
		})
	}
}

func TestLinkCases(t *testing.T) {
	const site = "https://example.org/mcp/"
	for _, tc := range []struct{ name, msg, site, want string }{
		{"no site keeps the text", "x = 1, want 2 (scenario paging-cycle, event 7)", "", "x = 1, want 2 (scenario paging-cycle, event 7)"},
		{"scenario and event", "x = 1, want 2 (scenario paging-cycle, event 7)", site, "x = 1, want 2 (replay it: https://example.org/mcp/playground.html#scenario=paging-cycle&step=7 )"},
		{"scenario alone", "timed out (scenario ttl-stale-growth)", site, "timed out (replay it: https://example.org/mcp/playground.html#scenario=ttl-stale-growth )"},
		{"changed parameters", `bad (scenario paging-normal, event 4, params {"maxPages":2})`, site, "bad (replay it: https://example.org/mcp/playground.html#scenario=paging-normal&params=%7B%22maxPages%22%3A2%7D&step=4 )"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := linkCases(tc.msg, tc.site); got != tc.want {
				t.Errorf("linkCases = %q, want %q", got, tc.want)
			}
		})
	}
}
