package main

import (
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

func TestJudge(t *testing.T) {
	ex := exercise{ID: "x", Config: &grading.Config{
		Checks:  []grading.CheckConfig{{Name: "a", Points: 1}, {Name: "b", Points: 1}},
		Mutants: map[string]string{"m.go": "b"},
	}}
	res := func(checks map[string]string) *pkgResult { return &pkgResult{checks: checks} }
	for _, tc := range []struct {
		name    string
		v       variant
		r       *pkgResult
		problem string // "" when the promise holds
	}{
		{"starter failing everything", variant{ex: ex, kind: "starter"}, res(map[string]string{"a": "fail", "b": "fail"}), ""},
		{"starter passing a check", variant{ex: ex, kind: "starter"}, res(map[string]string{"a": "pass", "b": "fail"}), "the starter passes [a]"},
		{"starter that does not build", variant{ex: ex, kind: "starter"}, res(map[string]string{}), "no check ran"},
		{"solution passing everything", variant{ex: ex, kind: "solution"}, res(map[string]string{"a": "pass", "b": "pass"}), ""},
		{"solution failing one", variant{ex: ex, kind: "solution"}, res(map[string]string{"a": "pass", "b": "fail"}), "the solution fails [b]"},
		{"check missing from the run", variant{ex: ex, kind: "solution"}, res(map[string]string{"a": "pass"}), "check b did not run"},
		{"check missing from the config", variant{ex: ex, kind: "solution"}, res(map[string]string{"a": "pass", "b": "pass", "c": "pass"}), "not in config.json"},
		{"mutant caught by its check", variant{ex: ex, kind: "mutant", file: "m.go"}, res(map[string]string{"a": "fail", "b": "fail"}), ""},
		{"mutant caught by another check only", variant{ex: ex, kind: "mutant", file: "m.go"}, res(map[string]string{"a": "fail", "b": "pass"}), "check b catches it, but b passes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problem := judge(tc.v, tc.r)
			if tc.problem == "" && problem != "" || tc.problem != "" && !strings.Contains(problem, tc.problem) {
				t.Errorf("judge(%s) problem = %q, want %q", tc.v, problem, tc.problem)
			}
		})
	}
}

func TestRunPatternSelectsOneCheck(t *testing.T) {
	if got, want := runPattern("TestTTL", "renew"), "^TestTTL$/^renew$"; got != want {
		t.Errorf("runPattern = %q, want %q", got, want)
	}
	// The anchors keep "renew" from also selecting "renewal-cost".
	if err := grading.SelectsCheck(runPattern("TestTTL", "renew"), "TestTTL", []string{"renewal-cost"}); err == nil {
		t.Errorf("^renew$ selects renewal-cost")
	}
}
