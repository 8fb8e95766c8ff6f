package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// buildLesson builds a site of one lesson, 01-x.md with the given source,
// against the fake catalog (with parameters: [paramCatalog]) and
// testdata/cases' exercises.
func buildLesson(t *testing.T, src string) error {
	t.Helper()
	dir := t.TempDir()
	lessons := filepath.Join(dir, "lessons")
	os.MkdirAll(lessons, 0o755)
	if err := os.WriteFile(filepath.Join(lessons, "01-x.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(t)
	cfg.Lessons = lessons
	cfg.Exercises = "testdata/cases/exercises"
	cfg.Catalog = paramCatalog{}
	return Build(context.Background(), cfg)
}

// paramCatalog is fakeCatalog whose scenarios have a preset parameter, n,
// which the playground's form would offer (the golden site's catalog has
// none, so that its pages stay as they are).
type paramCatalog struct{ fakeCatalog }

func (c paramCatalog) List() []scenario.Info {
	infos := c.fakeCatalog.List()
	for i := range infos {
		infos[i].Params = json.RawMessage(`{"n":1}`)
	}
	return infos
}

func TestMalformedLessonsFailWithFileAndLine(t *testing.T) {
	fm := "---\ntitle: X\n---\n"
	for _, tc := range []struct {
		name, src string
		want      []string // each a whole line of the error
	}{
		{"no front matter", "# Hello\n", []string{
			"lessons/01-x.md:1: missing front matter: the file must start with a --- line"}},
		{"unclosed front matter", "---\ntitle: X\n", []string{
			"lessons/01-x.md:1: front matter is not closed: no second --- line"}},
		{"bad front matter YAML", "---\ntitle: [x\n---\n", []string{
			"lessons/01-x.md:1: bad front matter: line 2: did not find expected ',' or ']'"}},
		{"missing title", "---\nsummary: s\n---\n", []string{
			"lessons/01-x.md:1: front matter: missing title"}},
		{"unknown key", "---\ntitle: X\nsumary: s\n---\n", []string{
			`lessons/01-x.md:3: front matter: unknown key "sumary" (known: title, summary, scenarios, exercises)`}},
		{"unknown scenario in front matter", "---\ntitle: X\nscenarios:\n  - alpha\n  - alpah\n---\n", []string{
			`lessons/01-x.md:5: unknown scenario "alpah" in front matter (did you mean "alpha"?)`}},
		{"unknown exercise", "---\ntitle: X\nexercises: [greet, nope]\n---\n", []string{
			`lessons/01-x.md:3: unknown exercise "nope" in front matter: no exercises/nope/README.md`}},
		{"folder without README is no exercise", "---\ntitle: X\nexercises: [notanexercise]\n---\n", []string{
			`lessons/01-x.md:3: unknown exercise "notanexercise" in front matter: no exercises/notanexercise/README.md`}},
		{"unknown scenario in sim", fm + "text\n\n```sim scenario=zzz-nothing-like-it\n```\n", []string{
			`lessons/01-x.md:6: sim: unknown scenario "zzz-nothing-like-it" (3 known; go run ./cmd/simtrace -list)`}},
		{"sim without scenario", fm + "```sim step=1\n```\n", []string{
			"lessons/01-x.md:4: sim: missing scenario=<id>"}},
		{"sim with a body", fm + "```sim scenario=alpha\nhello\n```\n", []string{
			"lessons/01-x.md:4: sim: the block must be empty; put prose outside it"}},
		{"sim with a bad step", fm + "```sim scenario=alpha step=99\n```\n", []string{
			"lessons/01-x.md:4: sim: step=99: want a number from 0 to 4 (the events in alpha)"}},
		{"sim with an unknown argument", fm + "```sim scenario=alpha speed=2\n```\n", []string{
			`lessons/01-x.md:4: sim: unknown argument "speed=2" (want scenario=<id> [step=<n>] [pause=<n>])`}},
		{"sim pausing at its end or before its start", fm + "```sim scenario=alpha pause=4\n```\n\n```sim scenario=alpha pause=0\n```\n", []string{
			"lessons/01-x.md:4: sim: pause=4: want a step from 1 to 3, before the end of alpha (Play stops there)",
			"lessons/01-x.md:7: sim: pause=0: want a step from 1 to 3, before the end of alpha (Play stops there)"}},
		{"diagram that does not exist", fm + "```diagram rolez\nalt: x\n```\n", []string{
			`lessons/01-x.md:4: diagram: unknown picture "rolez" (pictures: roles)`}},
		{"diagram with a label missing and one unknown", fm + "```diagram roles\nalt: a\nhost: h\nmodel: m\nclient: c\nserver: s\nasks: q\nwires: w\n```\n", []string{
			"lessons/01-x.md:4: diagram roles: missing wire: (want alt, host, model, client, server, asks, wire)",
			`lessons/01-x.md:4: diagram roles: unknown label "wires" (want alt, host, model, client, server, asks, wire)`}},
		{"unknown directive", fm + "\n\n```player scenario=alpha\n```\n", []string{
			`lessons/01-x.md:6: unknown directive "player" (directives: sim, quiz, diagram; code languages: bash, diff, go, http, js, json, jsonl, sh, text, yaml)`}},
		{"link to a page the site does not have", fm + "See [the exercise](exercises/nope.html)\nand [this](02-y.md).\n", []string{
			`lessons/01-x.md:4: link to "exercises/nope.html": the site has no exercises/nope.html`,
			`lessons/01-x.md:5: link to "02-y.html": the site has no 02-y.html`}},
		{"link to an unknown scenario", fm + "\nOpen [it](playground.html#scenario=alpah&step=2).\n", []string{
			`lessons/01-x.md:5: link to "playground.html#scenario=alpah&step=2": unknown scenario "alpah" (did you mean "alpha"?)`}},
		{"playground link with parameters the scenario refuses", fm + "\nSet [n to 0](playground.html#scenario=alpha&params=%7B%22n%22%3A0%7D),\n[z](playground.html#scenario=beta&params=%7B%22z%22%3A1%7D),\n[not JSON](playground.html#scenario=beta&params=n%3D1)\nand [no scenario](playground.html#step=2).\n", []string{
			`lessons/01-x.md:5: link to playground scenario "alpha": params {"n":0}: scenario alpha: parameters: n 0: want 1 or more`,
			`lessons/01-x.md:6: link to playground scenario "beta": params {"z":1}: scenario beta: parameters: json: unknown field "z"`,
			`lessons/01-x.md:7: link to playground scenario "beta": params n=1: scenario beta: parameters: invalid character '=' in literal null (expecting 'u')`,
			`lessons/01-x.md:8: link to "playground.html#step=2": a playground link names its scenario (#scenario=ID)`}},
		{"playground link with a parameter the form would drop", fm + "\nSet [m](playground.html#scenario=alpha&params=%7B%22n%22%3A2%2C%22m%22%3A1%7D).\n", []string{
			`lessons/01-x.md:5: link to playground scenario "alpha": params {"n":2,"m":1}: the playground has no field "m" for this scenario and would drop it (its form offers the preset's parameters and the enumerated ones)`}},
		{"playground link with the preset's own parameters", fm + "\nSet [n to 1](playground.html#scenario=alpha&params=%7B%22n%22%3A1%7D).\n", []string{
			`lessons/01-x.md:5: link to playground scenario "alpha": params {"n":1} are the preset's own values, so the playground shows the recording and runs nothing; link without params, or change one`}},
		{"every error is reported, in line order", "---\ntitle: X\nscenarios: [nope]\n---\n```sim scenario=nope\n```\n[x](y.html)\n```quux\n```\n", []string{
			`lessons/01-x.md:3: unknown scenario "nope" in front matter (3 known; go run ./cmd/simtrace -list)`,
			`lessons/01-x.md:5: sim: unknown scenario "nope" (3 known; go run ./cmd/simtrace -list)`,
			`lessons/01-x.md:7: link to "y.html": the site has no y.html`,
			`lessons/01-x.md:8: unknown directive "quux" (directives: sim, quiz, diagram; code languages: bash, diff, go, http, js, json, jsonl, sh, text, yaml)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := buildLesson(t, tc.src)
			if err == nil {
				t.Fatalf("Build succeeded, want errors:\n%s", strings.Join(tc.want, "\n"))
			}
			if got := err.Error(); got != strings.Join(tc.want, "\n") {
				t.Errorf("Build error:\n%s\nwant:\n%s", got, strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestWellFormedLessonsBuild(t *testing.T) {
	fm := "---\ntitle: X\n---\n"
	for _, tc := range []struct{ name, src string }{
		{"plain code block", fm + "```\nanything\n```\n"},
		{"allowed languages", fm + "```go\nx := 1\n```\n\n```jsonl\n{}\n```\n\n```sh\nls\n```\n"},
		{"links the site has", fm + "[a](exercises/greet.html) [b](playground.html#scenario=alpha&step=2) [c](01-x.md#top) [d](./01-x.md) [e](../lessons/01-x.md) [f](https://example.com/x) [g](#here) [h](traces/beta.jsonl) [i](playground.html#scenario=beta&params=%7B%22n%22%3A2%7D)\n"},
		{"empty lists in front matter", "---\ntitle: X\nscenarios:\nexercises: []\n---\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := buildLesson(t, tc.src); err != nil {
				t.Errorf("Build: %v", err)
			}
		})
	}
}

// TestPlaygroundLinksAreCheckedByTheSimulator checks that the real build
// asks the simulator's own registry: the playground runs what a link sets.
func TestPlaygroundLinksAreCheckedByTheSimulator(t *testing.T) {
	for _, tc := range []struct{ id, params, want string }{
		{"paging-normal", `{"empty_cursor_after":1}`, ""},
		{"paging-slow-page", `{"request_timeout_ms":0}`, ""},
		{"paging-normal", `{"empty_cursor_after":9}`, "empty_cursor_after 9"},
		{"paging-normal", `{"cursor_after":1}`, `unknown field "cursor_after"`},
		{"paging-slow-page", `{"stall_page":3,"request_timeout_ms":0,"walk_timeout_ms":0}`, "wait forever"},
		{"paging-nope", `{}`, "unknown scenario"},
	} {
		err := simCatalog{}.Check(tc.id, []byte(tc.params))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Check(%s, %s) = %v, want %q", tc.id, tc.params, err, tc.want)
		}
	}
}
