package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestFmtTemplateNumbersTheVerbs(t *testing.T) {
	tests := []struct{ format, want string }{
		{"CheckLine(%q) = %v, want %s", "CheckLine({1}) = {2}, want {3}"},
		{"%d%% of %-5s took %.2f s", "{1}% of {2} took {3} s"},
		{"Limits{MaxPages: %d}", "Limits{MaxPages: {1}}"},
		{"no verbs", "no verbs"},
	}
	for _, tt := range tests {
		if got := fmtTemplate(tt.format); got != tt.want {
			t.Errorf("fmtTemplate(%q) = %q, want %q", tt.format, got, tt.want)
		}
	}
}

// demoGrade is a grader with a Failf, a helper that hands its format to
// Failf, a description, and data that is no message.
const demoGrade = `package demo

import "example.com/grading"

func check(got, want int) grading.Result {
	fail := func(step int, format string, args ...any) grading.Result {
		return grading.Failf(format, args...)
	}
	if got < 0 {
		return fail(1, "%s got %d", describe(), got)
	}
	return grading.Failf("Count() = %d, want %d", got, want)
}

func describe() string { return "a catalog of two pages" }

var banner = "inventory-fixture v1.0.0 listening on stdio"

type row struct {
	Name string ` + "`json:\"name,omitempty\"`" + `
}
`

func demoExercises(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "exercises")
	if err := os.MkdirAll(filepath.Join(dir, "demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "demo", "grade.go"), []byte(demoGrade), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGraderTextsFindsEveryMessageText(t *testing.T) {
	texts, err := graderTexts(demoExercises(t), "exercises")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range texts {
		got = append(got, x.File+":"+strconv.Itoa(x.Line)+" "+x.EN+" whole="+map[bool]string{true: "yes", false: "no"}[x.Whole])
	}
	want := []string{
		"exercises/demo/grade.go:10 {1} got {2} whole=yes",
		"exercises/demo/grade.go:12 Count() = {1}, want {2} whole=yes",
		"exercises/demo/grade.go:15 a catalog of two pages whole=no",
	}
	if !slices.Equal(got, want) {
		t.Errorf("graderTexts:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestGraderMessagesFailAtTheTextsLine: a message with no Chinese
// template, or one whose placeholders differ, fails the build naming the
// grader's file and line; a complete table passes.
func TestGraderMessagesFailAtTheTextsLine(t *testing.T) {
	texts, err := graderTexts(demoExercises(t), "exercises")
	if err != nil {
		t.Fatal(err)
	}
	full := map[string]string{
		"{1} got {2}":             "{1} 得到 {2}",
		"Count() = {1}, want {2}": "Count() = {1}，应为 {2}",
		"a catalog of two pages":  "两页的目录",
	}
	tests := []struct {
		name string
		edit func(map[string]string)
		want string // "" for no error
	}{
		{"complete", func(map[string]string) {}, ""},
		{"missing", func(m map[string]string) { delete(m, "Count() = {1}, want {2}") },
			`exercises/demo/grade.go:12: the grader's message "Count() = {1}, want {2}" has no Chinese template in site/i18n/zh.json`},
		{"placeholders differ", func(m map[string]string) { m["{1} got {2}"] = "{1} 得到了" },
			`exercises/demo/grade.go:10: site/i18n/zh.json "{1} got {2}": placeholders [1], want [1 2] as in the English`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			zh := map[string]string{}
			for k, v := range full {
				zh[k] = v
			}
			tt.edit(zh)
			tables, errs := graderMessages(texts, zh)
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("errors %q, want none", got)
			case tt.want != "" && !slices.Contains(got, tt.want):
				t.Errorf("errors %q, want %q", got, tt.want)
			}
			if tt.want == "" {
				m := messagesFor(tables, "demo")
				if len(m.Templates) != 3 || !slices.Equal(m.Whole, []string{"Count() = {1}, want {2}", "{1} got {2}"}) {
					t.Errorf("messagesFor(demo) = %+v", m)
				}
			}
		})
	}
}

// TestGraderMessagesAreTranslated holds the course itself: every message
// text of every exercise's grader has its Chinese template.
func TestGraderMessagesAreTranslated(t *testing.T) {
	texts, err := graderTexts("../../exercises", "exercises")
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) < 100 {
		t.Fatalf("found %d message texts in the graders; the scan is broken", len(texts))
	}
	ui, err := readUI("../../site/i18n/zh.json")
	if err != nil {
		t.Fatal(err)
	}
	_, errs := graderMessages(texts, ui)
	for _, e := range errs {
		t.Error(e)
	}
}
