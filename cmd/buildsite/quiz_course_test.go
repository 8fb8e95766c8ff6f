package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"gopkg.in/yaml.v3"
)

// TestEveryCourseQuizCheckCanFail proves that the checks of the course's
// own quizzes are not vacuous: each quiz that names a scenario expects
// something of its trace, and changing any single value of what it
// expects (a method, an id, a code, a state, a glob, a null) makes the
// check fail against the real trace.
func TestEveryCourseQuizCheckCanFail(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "lessons", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons: %v", err)
	}
	fence := regexp.MustCompile("(?ms)^```quiz\n(.*?)^```$")
	traces := map[string]*scenario.Result{}
	checked, mutants := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fence.FindAllSubmatchIndex(src, -1) {
			body := src[m[2]:m[3]]
			name := filepath.Base(file) + ":" + strconv.Itoa(1+bytes.Count(src[:m[0]], []byte("\n")))
			var q quizSpec
			dec := yaml.NewDecoder(bytes.NewReader(body))
			dec.KnownFields(true)
			if err := dec.Decode(&q); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if q.Scenario == "" {
				continue
			}
			if q.Expect.node == nil {
				t.Errorf("%s: names scenario %s but expects nothing of it", name, q.Scenario)
				continue
			}
			res, ok := traces[q.Scenario]
			if !ok {
				if res, err = scenario.Run(context.Background(), q.Scenario, nil); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				traces[q.Scenario] = res
			}
			x, errs := parseExpect(q.Expect.node, 0)
			if len(errs) == 0 {
				errs = x.check(q.Scenario, res.Events, q.After, 0)
			}
			if len(errs) > 0 {
				t.Errorf("%s: the quiz does not hold: %s", name, errs[0].msg)
				continue
			}
			checked++
			var values []*yaml.Node
			for _, p := range []*yaml.Node{x.frame, x.state} {
				if p != nil {
					values = append(values, patternValues(p)...)
				}
			}
			if len(values) == 0 {
				t.Errorf("%s: expect: checks no value", name)
			}
			for _, v := range values {
				saved := *v
				was := showYAML(v)
				mutate(v)
				mutants++
				if errs := x.check(q.Scenario, res.Events, q.After, 0); len(errs) == 0 {
					t.Errorf("%s: line %d: the check still passes with %s changed to %s", name, saved.Line, was, showYAML(v))
				}
				*v = saved
			}
		}
	}
	if checked == 0 {
		t.Fatal("no quiz in the course names a scenario")
	}
	t.Logf("%d quizzes checked against their traces; each of %d changed values failed", checked, mutants)
}

// patternValues returns the nodes of a pattern that hold a value: its
// scalars and its empty lists.
func patternValues(p *yaml.Node) []*yaml.Node {
	switch {
	case p.Kind == yaml.MappingNode:
		var out []*yaml.Node
		for i := 1; i < len(p.Content); i += 2 {
			out = append(out, patternValues(p.Content[i])...)
		}
		return out
	case p.Kind == yaml.SequenceNode && len(p.Content) > 0:
		var out []*yaml.Node
		for _, item := range p.Content {
			out = append(out, patternValues(item)...)
		}
		return out
	}
	return []*yaml.Node{p}
}

// mutate changes a pattern value into one the trace cannot match.
func mutate(v *yaml.Node) {
	switch {
	case isNone(v): // a frame where there was none
		*v = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: v.Line, Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "method"},
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "no-such-frame", Line: v.Line},
		}}
	case v.Tag == "!!int" || v.Tag == "!!float":
		f, _ := strconv.ParseFloat(v.Value, 64)
		v.Tag, v.Value = "!!float", strconv.FormatFloat(f+1, 'g', -1, 64)
	case v.Tag == "!!bool":
		v.Value = strconv.FormatBool(v.Value != "true")
	default: // a string, a glob, null or []
		*v = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "no-such-value-" + strings.ReplaceAll(v.Value, "*", ""), Line: v.Line}
	}
}
