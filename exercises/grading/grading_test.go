package grading

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/tape"
)

func TestSelectsCheck(t *testing.T) {
	checks := []string{"empty-token", "repeat", "invalid-limits"}
	for _, tc := range []struct {
		name, pattern string
		ok            bool
	}{
		{"no pattern selects all", "", true},
		{"test only", "^TestCatalog$", true},
		{"one check", "^TestCatalog$/^empty-token$", true},
		{"unanchored check", "TestCatalog/repeat", true},
		{"typo in check", "^TestCatalog$/^empty-tokn$", false},
		{"typo in test", "^TestCatalogue$/^repeat$", false},
		{"other test", "^TestTTL$", false},
		{"slash inside brackets", "^TestCatalog$/^[a-z/]+-token$", true},
		{"bad regexp", "^TestCatalog$/(", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := SelectsCheck(tc.pattern, "TestCatalog", checks)
			if (err == nil) != tc.ok {
				t.Errorf("SelectsCheck(%q) = %v, want ok=%v", tc.pattern, err, tc.ok)
			}
		})
	}
}

func TestRunTurnsPanicsAndHangsIntoFailures(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(ctx context.Context) Result
		pass bool
		msg  string
	}{
		{"pass", func(context.Context) Result { return Pass() }, true, ""},
		{"fail", func(context.Context) Result { return Failf("got %d, want %d", 1, 2) }, false, "got 1, want 2"},
		{"panic", func(context.Context) Result { panic("TODO") }, false, "panic: TODO"},
		{"a reference with no answer on its tape", func(context.Context) Result { panic(tape.Missing{Call: "f(2)"}) }, false, "this copy of the graders carries"},
		{"hang until ctx ends", func(ctx context.Context) Result { <-ctx.Done(); select {} }, false, "timed out"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			if tc.name == "hang until ctx ends" {
				cancel()
			}
			defer cancel()
			c := Check[func(context.Context) Result]{Name: "c", Scenario: "s", Run: func(ctx context.Context, f func(context.Context) Result) Result { return f(ctx) }}
			r := Run(ctx, c, tc.f)
			if r.Pass != tc.pass || !strings.Contains(r.Message, tc.msg) || r.Check != "c" {
				t.Errorf("Run = %+v, want pass=%v and message containing %q", r, tc.pass, tc.msg)
			}
			if strings.HasPrefix(tc.msg, "this copy") && !strings.HasPrefix(r.Message, tc.msg) {
				t.Errorf("Run = %q: a tape's missing answer is the whole message, without panic: or the grader's stack", r.Message)
			}
			if !r.Pass && r.Scenario != "s" {
				t.Errorf("Run = %+v, want scenario s on failure", r)
			}
		})
	}
}

func TestACheckOverItsLimitSaysHowLongAndTheLimit(t *testing.T) {
	c := Check[func()]{Name: "c", Run: func(ctx context.Context, f func()) Result { <-ctx.Done(); return Pass() }}
	r := RunWithin(context.Background(), c, func() {}, 30*time.Millisecond)
	m := regexp.MustCompile(`^timed out: your code took (\d+) ms in this check and had not finished; the limit is 30 ms$`).FindStringSubmatch(r.Message)
	if r.Pass || m == nil {
		t.Fatalf("RunWithin = %+v, want a failure saying how long the code took and the 30 ms limit", r)
	}
	if n, _ := strconv.Atoi(m[1]); n < 30 {
		t.Errorf("RunWithin says the code took %d ms, under the limit it ran past", n)
	}
	// A caller's own end is not the check's limit: its cause is kept.
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("the grade was abandoned"))
	if r := RunWithin(ctx, c, func() {}, time.Minute); r.Message != "timed out: the grade was abandoned" {
		t.Errorf("RunWithin on an ended ctx = %q, want its cause", r.Message)
	}
}

func TestWithRunsOnlyOnAFailureWithBothRuns(t *testing.T) {
	tests := []struct {
		name            string
		r               Result
		yours, ref      string
		wantYours, want bool
	}{
		{"a failure with both runs", Failf("x"), "a\n", "b\n", true, true},
		{"a pass keeps none", Pass(), "a\n", "b\n", false, false},
		{"one run alone is not a comparison", Failf("x"), "a\n", "", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.r.WithRuns(tc.yours, tc.ref)
			if (got.Yours != "") != tc.wantYours || (got.Reference != "") != tc.want {
				t.Errorf("WithRuns(%q, %q) = Yours %q, Reference %q", tc.yours, tc.ref, got.Yours, got.Reference)
			}
		})
	}
}
