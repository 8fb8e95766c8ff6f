package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
	"gopkg.in/yaml.v3"
)

// quizSpec is the YAML body of a ```quiz block.
type quizSpec struct {
	Question string `yaml:"question"`
	// Scenario and After tie the quiz to a trace: the question is about the
	// first message frame after event After of Scenario.
	Scenario string       `yaml:"scenario"`
	After    *int         `yaml:"after"`
	Choices  []quizChoice `yaml:"choices"`
}

type quizChoice struct {
	Text    string `yaml:"text"`
	Correct bool   `yaml:"correct"`
	// Method is the method of the frame the correct choice names ("result"
	// or "error" for a response); the build checks it against the trace.
	Method string `yaml:"method"`
	Why    string `yaml:"why"`
}

// A quizNode is a ```quiz block after checking, its text already rendered.
type quizNode struct {
	ast.BaseBlock
	ID       string
	Question string
	Choices  []renderedChoice
}

func (n *quizNode) Kind() ast.NodeKind            { return kindQuiz }
func (n *quizNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

type renderedChoice struct {
	Text, Why string
	Correct   bool
}

// quizNode parses and checks a quiz. Every problem is reported at the line
// of the fence.
func (m *markdown) quizNode(rc *renderCtx, line int, id string, body []byte) ast.Node {
	var q quizSpec
	dec := yaml.NewDecoder(bytes.NewReader(body))
	dec.KnownFields(true)
	if err := dec.Decode(&q); err != nil {
		rc.errorf(line, "quiz: bad YAML: %s", shiftYAMLLines(err.Error(), line))
		return nil
	}
	n := len(rc.errs)
	if strings.TrimSpace(q.Question) == "" {
		rc.errorf(line, "quiz: missing question")
	}
	if len(q.Choices) < 2 {
		rc.errorf(line, "quiz: want at least two choices, got %d", len(q.Choices))
	}
	correct := -1
	nCorrect := 0
	for i, c := range q.Choices {
		if c.Correct {
			nCorrect++
			correct = i
		}
		if strings.TrimSpace(c.Text) == "" {
			rc.errorf(line, "quiz: choice %d has no text", i+1)
		}
		if strings.TrimSpace(c.Why) == "" {
			rc.errorf(line, "quiz: choice %d (%q) has no why: every choice explains itself", i+1, c.Text)
		}
	}
	if len(q.Choices) >= 2 && nCorrect != 1 {
		rc.errorf(line, "quiz: want exactly one correct choice, got %d", nCorrect)
	}
	m.checkQuizTrace(rc, line, q, correct)
	if len(rc.errs) > n {
		return nil
	}

	node := &quizNode{ID: id}
	var err error
	inline := func(what, src string) string {
		if err != nil {
			return ""
		}
		var out string
		out, err = m.inline(src)
		if err != nil {
			err = fmt.Errorf("%s: %v", what, err)
		}
		return out
	}
	node.Question = inline("question", q.Question)
	for i, c := range q.Choices {
		node.Choices = append(node.Choices, renderedChoice{
			Text:    inline(fmt.Sprintf("choice %d text", i+1), c.Text),
			Why:     inline(fmt.Sprintf("choice %d why", i+1), c.Why),
			Correct: c.Correct,
		})
	}
	if err != nil {
		rc.errorf(line, "quiz: %v", err)
		return nil
	}
	return node
}

// checkQuizTrace keeps the lesson honest: when the quiz names a scenario
// and a point in it, the correct choice's method must be the method of the
// next message frame in the trace.
func (m *markdown) checkQuizTrace(rc *renderCtx, line int, q quizSpec, correct int) {
	if q.Scenario == "" {
		if q.After != nil {
			rc.errorf(line, "quiz: after needs a scenario")
		}
		return
	}
	if _, ok := rc.site.scenarioInfo(q.Scenario); !ok {
		rc.errorf(line, "quiz: unknown scenario %q (%s)", q.Scenario, rc.site.knownScenarios(q.Scenario))
		return
	}
	if correct < 0 || q.Choices[correct].Method == "" {
		return
	}
	want := q.Choices[correct].Method
	if q.After == nil {
		rc.errorf(line, "quiz: the correct choice has method %q but the quiz has no after: to check it against", want)
		return
	}
	got, seq, ok := nextMessage(rc.site.traces[q.Scenario].Events, *q.After)
	if !ok {
		rc.errorf(line, "quiz: scenario %s has no message frame after seq %d", q.Scenario, *q.After)
		return
	}
	if got != want {
		rc.errorf(line, "quiz: the correct choice says the next frame is %q, but in scenario %s the first message after seq %d is %q (seq %d)", want, q.Scenario, *q.After, got, seq)
	}
}

// nextMessage returns the method of the first message event with a seq
// above after: its "method", or "result" or "error" for a response.
func nextMessage(events []trace.Event, after int) (method string, seq int, ok bool) {
	for _, e := range events {
		if e.Kind != trace.KindMessage || e.Seq <= after {
			continue
		}
		var msg struct {
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		_ = json.Unmarshal(e.Payload, &msg)
		switch {
		case msg.Method != "":
			return msg.Method, e.Seq, true
		case msg.Error != nil:
			return "error", e.Seq, true
		case msg.Result != nil:
			return "result", e.Seq, true
		}
		return "", e.Seq, true
	}
	return "", 0, false
}

func renderQuiz(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	w.WriteString(quizHTML(node.(*quizNode)))
	return ast.WalkSkipChildren, nil
}

// quizHTML is the markup the page's quiz script grades. Its shape is a
// contract with site/js. The texts are already rendered Markdown, escaped.
func quizHTML(n *quizNode) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<section class="quiz" data-testid="quiz" data-quiz="%s">`, html.EscapeString(n.ID))
	fmt.Fprintf(&b, `<p class="quiz-q">%s</p><ol class="quiz-choices">`, n.Question)
	for _, c := range n.Choices {
		fmt.Fprintf(&b, `<li><button type="button" class="quiz-choice" data-correct="%t">%s</button><p class="quiz-why" hidden>%s</p></li>`, c.Correct, c.Text, c.Why)
	}
	b.WriteString("</ol></section>\n")
	return b.String()
}
