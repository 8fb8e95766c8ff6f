package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// quizCatalog is fakeCatalog plus delta, a scenario whose trace has what
// the expect: vocabulary reads beyond plain frames: state snapshots, two
// runs, HTTP exchanges and stdio lines (one of them a banner).
type quizCatalog struct{ fakeCatalog }

func (c quizCatalog) List() []scenario.Info {
	return append(c.fakeCatalog.List(), scenario.Info{ID: "delta", Title: "Delta", Summary: "Everything a quiz can check.", Family: "fake", Era: "2025-11-25"})
}

func (c quizCatalog) Run(ctx context.Context, id string) (*scenario.Result, error) {
	if id != "delta" {
		return c.fakeCatalog.Run(ctx, id)
	}
	st := func(s trace.State) *trace.State { return &s }
	http := func(p trace.HTTPPayload) json.RawMessage { return trace.MustJSON(p) }
	ev := []trace.Event{
		{Seq: 1, Run: "one", Kind: trace.KindMessage, Direction: trace.ClientToServer,
			Payload: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`), State: st(trace.State{Client: trace.ClientInitializing})},
		{Seq: 2, Run: "one", Kind: trace.KindMessage, Direction: trace.ServerToClient,
			Payload: json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`), State: st(trace.State{Client: trace.ClientInitializing, Protocol: "2025-11-25"})},
		{Seq: 3, Run: "one", Kind: trace.KindBytes, Direction: trace.ServerToClient, Raw: "banner text\n",
			Payload: trace.MustJSON(trace.BytesPayload{Line: 1, Verdict: "not JSON"}), State: st(trace.State{Client: trace.ClientInitializing})},
		{Seq: 4, Run: "one", Kind: trace.KindState, State: st(trace.State{Client: trace.ClientClosed, Error: "read: invalid character 'b'",
			TTL:      &trace.TTLState{Live: 1, Heap: 3},
			Outcomes: []trace.Outcome{{Call: "call 1", Tool: "reserve_stock", Status: trace.OutcomeUnknown}}})},
		{Seq: 5, Run: "two", Kind: trace.KindNote, Note: "run two starts", State: st(trace.State{Client: trace.ClientNew})},
		{Seq: 6, Run: "two", Kind: trace.KindHTTP, Direction: trace.ClientToServer,
			Payload: http(trace.HTTPPayload{Method: "POST", Body: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)}), State: st(trace.State{Client: trace.ClientInitializing})},
		{Seq: 7, Run: "two", Kind: trace.KindHTTP, Direction: trace.ServerToClient,
			Payload: http(trace.HTTPPayload{Status: 200, SessionID: "s-1", Body: json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{}}`)}),
			State:   st(trace.State{Client: trace.ClientReady, Session: "s-1", Catalog: []string{"alpha", "beta"}})},
		{Seq: 8, Run: "two", Kind: trace.KindBytes, Direction: trace.ClientToServer, Raw: `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":""}}` + "\n",
			Payload: trace.MustJSON(trace.BytesPayload{Line: 1, Verdict: "ok"}), State: st(trace.State{Client: trace.ClientReady, Cursors: []string{""}})},
		{Seq: 9, Run: "two", Kind: trace.KindNote, Note: "the end, with no state"},
	}
	return &scenario.Result{Info: c.List()[3], Events: ev}, nil
}

// buildQuizLessons builds a site of the given lessons (name → source)
// against quizCatalog.
func buildQuizLessons(t *testing.T, lessons map[string]string) error {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lessons")
	os.MkdirAll(dir, 0o755)
	for name, src := range lessons {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := smallConfig(t)
	cfg.Lessons = dir
	cfg.Exercises = "testdata/cases/exercises"
	cfg.Catalog = quizCatalog{}
	return Build(context.Background(), cfg)
}

// quiz is a lesson of one quiz, its fence on line 4, whose YAML starts
// with head (id, question, scenario, after, expect) and ends with two
// choices.
func quiz(head string) string {
	return "---\ntitle: X\n---\n```quiz\n" + head + "choices:\n  - {text: a, why: w, correct: true}\n  - {text: b, why: w}\n```\n"
}

func TestMalformedQuizzesFailWithFileAndLine(t *testing.T) {
	const q = "id: q\nquestion: Q\n"
	for _, tc := range []struct {
		name, src string
		want      []string // each a whole line of the error
	}{
		{"bad YAML", quiz("question: [\n"), []string{
			"lessons/01-x.md:4: quiz: bad YAML: line 6: did not find expected node content"}},
		{"an unknown field", quiz(q + "answer: a\n"), []string{
			"lessons/01-x.md:4: quiz: bad YAML: line 7: field answer not found in type main.quizSpec"}},
		{"the old per-choice method", "---\ntitle: X\n---\n```quiz\n" + q + "choices:\n  - {text: a, why: w, correct: true, method: result}\n  - {text: b, why: w}\n```\n", []string{
			"lessons/01-x.md:4: quiz: bad YAML: line 8: field method not found in type main.quizChoice"}},
		{"no correct choice", "---\ntitle: X\n---\n```quiz\n" + q + "choices:\n  - {text: a, why: w}\n  - {text: b, why: w}\n```\n", []string{
			"lessons/01-x.md:4: quiz: want exactly one correct choice, got 0"}},
		{"two correct choices", "---\ntitle: X\n---\n```quiz\n" + q + "choices:\n  - {text: a, why: w, correct: true}\n  - {text: b, why: w, correct: true}\n```\n", []string{
			"lessons/01-x.md:4: quiz: want exactly one correct choice, got 2"}},
		{"one choice", "---\ntitle: X\n---\n```quiz\n" + q + "choices:\n  - {text: a, why: w, correct: true}\n```\n", []string{
			"lessons/01-x.md:4: quiz: want at least two choices, got 1"}},
		{"a choice without why", "---\ntitle: X\n---\n```quiz\n" + q + "choices:\n  - {text: a, correct: true}\n  - {text: b, why: w}\n```\n", []string{
			`lessons/01-x.md:4: quiz: choice 1 ("a") has no why: every choice explains itself`}},
		{"no id", quiz("question: Q\n"), []string{
			"lessons/01-x.md:4: quiz: missing id: give the quiz a stable name (lower-case words joined by -); the page stores the learner's answer under it"}},
		{"an id that is not lower-case words", quiz("question: Q\nid: Catalog_2\n"), []string{
			`lessons/01-x.md:6: quiz: id "Catalog_2": want lower-case letters and digits in words joined by -`}},
		{"an unknown scenario", quiz(q + "scenario: nope\n"), []string{
			`lessons/01-x.md:7: quiz: unknown scenario "nope" (4 known; go run ./cmd/simtrace -list)`}},
		{"a scenario with nothing expected of it", quiz(q + "scenario: alpha\nafter: 3\n"), []string{
			"lessons/01-x.md:7: quiz: scenario alpha is named but nothing is expected of its trace: add expect: with frame: or state:"}},
		{"after without a scenario", quiz(q + "after: 3\n"), []string{
			"lessons/01-x.md:7: quiz: after needs a scenario"}},
		{"expect without a scenario", quiz(q + "expect: {state: {client: READY}}\n"), []string{
			"lessons/01-x.md:7: quiz: expect needs a scenario"}},
		{"expect that says nothing", quiz(q + "scenario: alpha\nexpect: {}\n"), []string{
			"lessons/01-x.md:8: quiz: expect: says nothing; give frame: or state:"}},
		{"expect with an unknown key", quiz(q + "scenario: alpha\nexpect:\n  frame: none\n  outcome: UNKNOWN\n"), []string{
			`lessons/01-x.md:10: quiz: expect: unknown key "outcome" (known: frame, state, at)`}},
		{"at without state", quiz(q + "scenario: alpha\nafter: 3\nexpect:\n  frame: none\n  at: 2\n"), []string{
			"lessons/01-x.md:9: quiz: expect.at without expect.state: at only says which event's state to check"}},
		{"a state that is not a mapping", quiz(q + "scenario: delta\nexpect: {state: CLOSED}\n"), []string{
			"lessons/01-x.md:8: quiz: expect.state: want a mapping (a pattern of the state snapshot)"}},
		{"a frame without after", quiz(q + "scenario: beta\nexpect: {frame: {method: result}}\n"), []string{
			"lessons/01-x.md:8: quiz: expect.frame: the quiz has no after: to say which frame comes next"}},
		{"after beyond the trace", quiz(q + "scenario: beta\nafter: 9\nexpect: {frame: none}\n"), []string{
			"lessons/01-x.md:8: quiz: after: scenario beta has no event 9 (its events are 1 to 2)"}},
		{"at beyond the trace", quiz(q + "scenario: delta\nexpect: {at: 99, state: {client: READY}}\n"), []string{
			"lessons/01-x.md:8: quiz: expect.at: scenario delta has no event 99 (its events are 1 to 9)"}},
		{"a pattern holding a type JSON has not", quiz(q + "scenario: delta\nexpect: {at: 4, state: {error: !!binary aGk=}}\n"), []string{
			"lessons/01-x.md:8: quiz: expect.state.error: a pattern holds strings, numbers, booleans, null, lists and mappings, not binary: in the state at event 4 of delta"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := buildQuizLessons(t, map[string]string{"01-x.md": tc.src})
			if err == nil {
				t.Fatalf("Build succeeded, want errors:\n%s", strings.Join(tc.want, "\n"))
			}
			if got := err.Error(); got != strings.Join(tc.want, "\n") {
				t.Errorf("Build error:\n%s\nwant:\n%s", got, strings.Join(tc.want, "\n"))
			}
		})
	}
}

// Each case is a quiz whose expectation the trace does not bear out: every
// kind of check can fail, and says where.
func TestQuizExpectationsCatchAWrongAnswer(t *testing.T) {
	const q = "id: q\nquestion: Q\n"
	for _, tc := range []struct {
		name, head string
		want       string
	}{
		{"another frame comes next", "scenario: alpha\nafter: 3\nexpect:\n  frame: {method: tools/list}\n",
			`lessons/01-x.md:10: quiz: expect.frame.method is notifications/initialized, want "tools/list": in the frame after event 3 of alpha (seq 4)`},
		{"a request comes where a response was expected", "scenario: alpha\nafter: 1\nexpect: {frame: {method: result}}\n",
			`lessons/01-x.md:9: quiz: expect.frame.method is initialize, want "result": in the frame after event 1 of alpha (seq 2)`},
		{"the frame's id differs", "scenario: alpha\nafter: 2\nexpect: {frame: {method: result, id: 2}}\n",
			"lessons/01-x.md:9: quiz: expect.frame.id is 1, want 2: in the frame after event 2 of alpha (seq 3)"},
		{"a notification was expected but the frame has an id", "scenario: alpha\nafter: 1\nexpect: {frame: {method: initialize, id: null}}\n",
			"lessons/01-x.md:9: quiz: expect.frame.id is 1, want null: in the frame after event 1 of alpha (seq 2)"},
		{"the error code differs", "scenario: beta\nafter: 1\nexpect: {frame: {method: error, error: {code: -32601}}}\n",
			"lessons/01-x.md:9: quiz: expect.frame.error.code is -32602, want -32601: in the frame after event 1 of beta (seq 2)"},
		{"no frame was expected but one follows", "scenario: alpha\nafter: 3\nexpect: {frame: none}\n",
			"lessons/01-x.md:9: quiz: expect.frame is none, but in scenario alpha notifications/initialized follows event 3 (seq 4)"},
		{"a frame was expected after the last one", "scenario: beta\nafter: 2\nexpect: {frame: {method: result}}\n",
			"lessons/01-x.md:9: quiz: expect.frame: scenario beta has no frame after event 2"},
		{"a frame of another run does not count", "scenario: delta\nafter: 2\nexpect: {frame: {method: initialize}}\n",
			`lessons/01-x.md:9: quiz: expect.frame: scenario delta has no frame after event 2 (run "one")`},
		{"the HTTP exchange carries a session id", "scenario: delta\nafter: 6\nexpect: {frame: {method: result, http: {mcp_session_id: null}}}\n",
			`lessons/01-x.md:9: quiz: expect.frame.http.mcp_session_id is "s-1", want null: in the frame after event 6 of delta (seq 7)`},
		{"http of a frame that was not on HTTP", "scenario: alpha\nafter: 1\nexpect: {frame: {method: initialize, http: {}}}\n",
			"lessons/01-x.md:9: quiz: expect.frame.http: the frame after event 1 of alpha (seq 2) did not travel over HTTP"},
		{"a stdio line's params differ", "scenario: delta\nafter: 7\nexpect: {frame: {method: tools/list, params: {cursor: abc}}}\n",
			`lessons/01-x.md:9: quiz: expect.frame.params.cursor is "", want "abc": in the frame after event 7 of delta (seq 8)`},
		{"an absent cursor is not the empty one", "scenario: alpha\nafter: 1\nexpect: {frame: {method: initialize, params: {cursor: \"\"}}}\n",
			`lessons/01-x.md:9: quiz: expect.frame.params.cursor is absent, want "": in the frame after event 1 of alpha (seq 2)`},
		{"the client state at the end of the run differs", "scenario: delta\nafter: 2\nexpect: {state: {client: READY}}\n",
			`lessons/01-x.md:9: quiz: expect.state.client is "CLOSED", want "READY": in the state at the end of delta (run "one") (event 4)`},
		{"the error does not match the glob", "scenario: delta\nexpect: {at: 4, state: {error: \"*tool limit*\"}}\n",
			`lessons/01-x.md:8: quiz: expect.state.error is "read: invalid character 'b'", want "*tool limit*": in the state at event 4 of delta`},
		{"a catalog was expected to be empty", "scenario: delta\nexpect: {at: 7, state: {catalog: null}}\n",
			`lessons/01-x.md:8: quiz: expect.state.catalog is ["alpha","beta"], want null: in the state at event 7 of delta`},
		{"the catalog has another length", "scenario: delta\nexpect: {at: 7, state: {catalog: [alpha]}}\n",
			`lessons/01-x.md:8: quiz: expect.state.catalog is ["alpha","beta"], want ["alpha"]: in the state at event 7 of delta`},
		{"a TTL count differs", "scenario: delta\nexpect: {at: 4, state: {ttl: {live: 1, heap: 10000}}}\n",
			"lessons/01-x.md:8: quiz: expect.state.ttl.heap is 3, want 10000: in the state at event 4 of delta"},
		{"an outcome differs", "scenario: delta\nexpect:\n  at: 4\n  state: {outcomes: [{status: FAILED}]}\n",
			`lessons/01-x.md:10: quiz: expect.state.outcomes[0].status is "UNKNOWN", want "FAILED": in the state at event 4 of delta`},
		{"the last event has no state", "scenario: delta\nexpect: {state: {client: READY}}\n",
			`lessons/01-x.md:8: quiz: expect.state: the state at the end of delta (run "two") (event 9): the event has no state snapshot`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := buildQuizLessons(t, map[string]string{"01-x.md": quiz(q + tc.head)})
			if err == nil {
				t.Fatalf("Build succeeded, want error:\n%s", tc.want)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("Build error:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestQuizExpectationsThatHold(t *testing.T) {
	for _, tc := range []struct{ name, head string }{
		{"a quiz without a scenario", ""},
		{"the next frame's method and id", "scenario: alpha\nafter: 2\nexpect: {frame: {method: result, id: 1, result: {protocolVersion: \"2025-11-25\"}}}\n"},
		{"an unquoted date reads as a string", "scenario: alpha\nafter: 2\nexpect: {frame: {method: result, result: {protocolVersion: 2025-11-25}}}\n"},
		{"a notification has no id", "scenario: alpha\nafter: 3\nexpect: {frame: {method: notifications/initialized, id: null}}\n"},
		{"an error response and its code", "scenario: beta\nafter: 1\nexpect: {frame: {method: error, id: 1, error: {code: -32602}}}\n"},
		{"nothing follows", "scenario: beta\nafter: 2\nexpect: {frame: none}\n"},
		{"a banner line is not a frame", "scenario: delta\nafter: 2\nexpect: {frame: none}\n"},
		{"an HTTP request without a session id", "scenario: delta\nafter: 5\nexpect: {frame: {method: initialize, http: {method: POST, mcp_session_id: null}}}\n"},
		{"a stdio line with the empty cursor", "scenario: delta\nafter: 7\nexpect: {frame: {method: tools/list, id: 2, params: {cursor: \"\"}}}\n"},
		{"the state at the end of a run", "scenario: delta\nafter: 1\nexpect: {state: {client: CLOSED, error: \"*invalid character*\", catalog: null}}\n"},
		{"the state at an event", "scenario: delta\nexpect:\n  at: 4\n  state: {ttl: {live: 1, heap: 3}, outcomes: [{tool: reserve_stock, status: UNKNOWN}], cursors: []}\n"},
		{"a list item by item", "scenario: delta\nexpect: {at: 8, state: {cursors: [\"\"]}}\n"},
		{"frame and state together", "scenario: delta\nafter: 6\nexpect:\n  frame: {method: result, http: {status: 200, mcp_session_id: s-1}}\n  at: 7\n  state: {session: s-1, catalog: [alpha, beta]}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := buildQuizLessons(t, map[string]string{"01-x.md": quiz("id: q\nquestion: Q\n" + tc.head)}); err != nil {
				t.Errorf("Build: %v", err)
			}
		})
	}
}

func TestQuizIDs(t *testing.T) {
	lesson := func(ids ...string) string {
		src := "---\ntitle: X\n---\n"
		for _, id := range ids {
			src += "\n```quiz\nid: " + id + "\nquestion: Q\nchoices:\n  - {text: a, why: w, correct: true}\n  - {text: b, why: w}\n```\n"
		}
		return src
	}
	t.Run("unique ids build", func(t *testing.T) {
		if err := buildQuizLessons(t, map[string]string{"01-x.md": lesson("one", "two"), "02-y.md": lesson("three")}); err != nil {
			t.Errorf("Build: %v", err)
		}
	})
	for _, tc := range []struct {
		name    string
		lessons map[string]string
		want    string
	}{
		{"an id used twice in a lesson", map[string]string{"01-x.md": lesson("one", "one")},
			"lessons/01-x.md:14: quiz: id \"one\" is already used at lessons/01-x.md:6; quiz ids are unique in the course"},
		{"an id used in two lessons", map[string]string{"01-x.md": lesson("one"), "02-y.md": lesson("two", "one")},
			"lessons/02-y.md:14: quiz: id \"one\" is already used at lessons/01-x.md:6; quiz ids are unique in the course"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := buildQuizLessons(t, tc.lessons)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Build error = %v, want:\n%s", err, tc.want)
			}
		})
	}
}

func TestChoiceOrder(t *testing.T) {
	t.Run("is fixed for good", func(t *testing.T) {
		// Saved answers are button indexes: if this order ever changes,
		// every learner's saved answer points at another choice.
		for _, tc := range []struct {
			id   string
			n    int
			want []int
		}{
			{"catalog-empty-page", 3, []int{2, 0, 1}},
			{"stdio-banner", 4, []int{2, 1, 3, 0}},
			{"a", 2, []int{0, 1}},
		} {
			if got := choiceOrder(tc.id, tc.n); !slices.Equal(got, tc.want) {
				t.Errorf("choiceOrder(%q, %d) = %v, want %v", tc.id, tc.n, got, tc.want)
			}
		}
	})
	t.Run("is a permutation", func(t *testing.T) {
		for n := 0; n <= 6; n++ {
			got := slices.Sorted(slices.Values(choiceOrder("q", n)))
			for i, v := range got {
				if v != i {
					t.Fatalf("choiceOrder(%q, %d) sorted = %v, want 0 to %d", "q", n, got, n-1)
				}
			}
		}
	})
	t.Run("puts the first choice anywhere", func(t *testing.T) {
		const ids, n = 900, 3
		count := make([]int, n)
		for i := range ids {
			count[slices.Index(choiceOrder(fmt.Sprintf("quiz-%d", i), n), 0)]++
		}
		for pos, c := range count {
			if c < ids/n*8/10 || c > ids/n*12/10 {
				t.Errorf("choice 1 of %d ids is shown at position %d %d times, want about %d", ids, pos+1, c, ids/n)
			}
		}
	})
}

func TestThePageShowsTheShuffledOrder(t *testing.T) {
	cfg := smallConfig(t)
	dir := filepath.Join(t.TempDir(), "lessons")
	os.MkdirAll(dir, 0o755)
	src := "---\ntitle: X\n---\n```quiz\nid: shown-order\nquestion: Q\nchoices:\n  - {text: choice-a, why: w, correct: true}\n  - {text: choice-b, why: w}\n  - {text: choice-c, why: w}\n  - {text: choice-d, why: w}\n```\n"
	os.WriteFile(filepath.Join(dir, "01-x.md"), []byte(src), 0o644)
	cfg.Lessons, cfg.Exercises = dir, "testdata/cases/exercises"
	page := mustBuild(t, cfg)["01-x.html"]
	var got []int
	for _, m := range regexp.MustCompile(`choice-([a-d])`).FindAllStringSubmatch(page, -1) {
		got = append(got, int(m[1][0]-'a'))
	}
	if want := choiceOrder("shown-order", 4); !slices.Equal(got, want) {
		t.Errorf("01-x.html shows choices %v, want %v", got, want)
	}
}

func TestQuizSpread(t *testing.T) {
	at := func(positions ...int) []quizRef {
		var qs []quizRef
		for i, p := range positions {
			qs = append(qs, quizRef{ID: fmt.Sprintf("q%d", i), File: "lessons/01-x.md", Line: i + 1, Correct: p})
		}
		return qs
	}
	for _, tc := range []struct {
		name    string
		quizzes []quizRef
		wantErr bool
	}{
		{"too few quizzes to judge", at(0, 0, 0, 0, 0), false},
		{"exactly half in one place", at(0, 0, 0, 1, 2, 1), false},
		{"more than half in one place", at(0, 0, 0, 0, 2, 1), true},
		{"more than half in a later place", at(2, 2, 2, 2, 1, 0), true},
		{"quizzes with errors of their own are not counted", at(0, 0, 0, -1, -1, -1, 1, 2), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := checkQuizSpread(tc.quizzes); (err != nil) != tc.wantErr {
				t.Errorf("checkQuizSpread(%v) = %v, want error: %t", tc.quizzes, err, tc.wantErr)
			}
		})
	}

	t.Run("the build fails when the correct choice shows in one place", func(t *testing.T) {
		// Each quiz's correct choice is written where the shuffle moves it
		// to the first place.
		src := "---\ntitle: X\n---\n"
		for i := range minQuizzesForSpread {
			id := fmt.Sprintf("same-place-%d", i)
			choices := []string{"  - {text: b, why: w}\n", "  - {text: c, why: w}\n"}
			correct := choiceOrder(id, 3)[0]
			choices = slices.Insert(choices, correct, "  - {text: a, why: w, correct: true}\n")
			src += "\n```quiz\nid: " + id + "\nquestion: Q\nchoices:\n" + strings.Join(choices, "") + "```\n"
		}
		err := buildQuizLessons(t, map[string]string{"01-x.md": src})
		want := "quizzes: 6 of 6 show their correct choice in position 1, more than half"
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "lessons/01-x.md:6 (same-place-0)") {
			t.Errorf("Build error = %v, want %q... naming lessons/01-x.md:6 (same-place-0)", err, want)
		}
	})
}
