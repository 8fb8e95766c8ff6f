package main

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
	"gopkg.in/yaml.v3"
)

// quizSpec is the YAML body of a ```quiz block. The expect: vocabulary
// is described at [quizExpect].
type quizSpec struct {
	// ID names the quiz for good: the page stores the learner's answer
	// under it, so it must not change when the quiz moves. Required, unique
	// in the course, lower-case words joined by -.
	ID       string `yaml:"id"`
	Question string `yaml:"question"`
	// Scenario and After tie the quiz to a trace: the learner has seen
	// events 1 to After of Scenario. Expect says what the trace shows.
	Scenario string       `yaml:"scenario"`
	After    *int         `yaml:"after"`
	Expect   rawYAML      `yaml:"expect"`
	Choices  []quizChoice `yaml:"choices"`
}

// rawYAML keeps a YAML value undecoded, with its line numbers. (A
// *yaml.Node field would do, but a decoder with KnownFields set rejects
// every key inside it.)
type rawYAML struct{ node *yaml.Node }

func (r *rawYAML) UnmarshalYAML(n *yaml.Node) error {
	r.node = n
	return nil
}

type quizChoice struct {
	Text    string `yaml:"text"`
	Correct bool   `yaml:"correct"`
	Why     string `yaml:"why"`
}

// A quizNode is a ```quiz block after checking, its text already rendered
// and its choices in the order the page shows them.
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
	// Key names the choice in a saved answer: a hash of its source text,
	// so that a saved answer means the same choice after the order or the
	// other choices change, and means nothing once its text does.
	Key string
}

// choiceKey is a choice's [renderedChoice.Key].
func choiceKey(text string) string {
	h := fnv.New32a()
	h.Write([]byte(text))
	return fmt.Sprintf("%08x", h.Sum32())
}

// quizNode parses and checks a quiz, the block at line of the file, and
// records it in the site for the checks across the course (unique ids,
// answer positions). A problem with a key (id, scenario, after, expect) is
// reported at the key's line, any other at the fence. The choices are
// rendered in the order [choiceOrder] gives.
func (m *markdown) quizNode(rc *renderCtx, line int, body []byte) ast.Node {
	var q quizSpec
	dec := yaml.NewDecoder(bytes.NewReader(body))
	dec.KnownFields(true)
	if err := dec.Decode(&q); err != nil {
		rc.errorf(line, "quiz: bad YAML: %s", shiftYAMLLines(err.Error(), line))
		return nil
	}
	var doc yaml.Node
	_ = yaml.Unmarshal(body, &doc)
	keyLine := func(key string) int {
		if len(doc.Content) > 0 {
			top := doc.Content[0]
			for i := 0; i+1 < len(top.Content); i += 2 {
				if top.Content[i].Value == key {
					return line + top.Content[i].Line
				}
			}
		}
		return line
	}
	n := len(rc.errs)
	ref := -1 // the quiz's index in rc.site.quizzes, once its id is known good
	if rc.checkQuizID(q.ID, keyLine("id")) {
		ref = len(rc.site.quizzes)
		rc.site.quizzes = append(rc.site.quizzes, quizRef{ID: q.ID, File: rc.file, Line: keyLine("id"), Correct: -1})
	}
	if strings.TrimSpace(q.Question) == "" {
		rc.errorf(line, "quiz: missing question")
	}
	if len(q.Choices) < 2 {
		rc.errorf(line, "quiz: want at least two choices, got %d", len(q.Choices))
	}
	nCorrect := 0
	for i, c := range q.Choices {
		if c.Correct {
			nCorrect++
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
	m.checkQuizTrace(rc, line, q, keyLine)
	if len(rc.errs) > n {
		return nil
	}

	node := &quizNode{ID: q.ID}
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
	keys := make([]string, len(q.Choices))
	for i, c := range q.Choices {
		keys[i] = choiceKey(c.Text)
	}
	if en := rc.site.en; en != nil {
		// A translation keys its choices as the English does: the answer
		// is saved once for both editions.
		if k := en.choiceKeys[q.ID]; len(k) == len(keys) {
			keys = k
		}
	} else {
		if rc.site.choiceKeys == nil {
			rc.site.choiceKeys = map[string][]string{}
		}
		rc.site.choiceKeys[q.ID] = keys
	}
	for pos, i := range choiceOrder(q.ID, len(q.Choices)) {
		c := q.Choices[i]
		node.Choices = append(node.Choices, renderedChoice{
			Text:    inline(fmt.Sprintf("choice %d text", i+1), c.Text),
			Why:     inline(fmt.Sprintf("choice %d why", i+1), c.Why),
			Correct: c.Correct,
			Key:     keys[i],
		})
		if c.Correct {
			rc.site.quizzes[ref].Correct = pos
		}
	}
	if err != nil {
		rc.errorf(line, "quiz: %v", err)
		return nil
	}
	return node
}

// checkQuizID reports whether id is well formed and not used by any quiz
// before it in the course.
func (rc *renderCtx) checkQuizID(id string, line int) bool {
	switch {
	case id == "":
		rc.errorf(line, "quiz: missing id: give the quiz a stable name (lower-case words joined by -); the page stores the learner's answer under it")
		return false
	case !quizID.MatchString(id):
		rc.errorf(line, "quiz: id %q: want lower-case letters and digits in words joined by -", id)
		return false
	}
	for _, other := range rc.site.quizzes {
		if other.ID == id {
			rc.errorf(line, "quiz: id %q is already used at %s:%d; quiz ids are unique in the course", id, other.File, other.Line)
			return false
		}
	}
	return true
}

// checkQuizTrace keeps the lesson honest: a quiz that names a scenario
// must say what its trace shows, and the trace must show it.
func (m *markdown) checkQuizTrace(rc *renderCtx, line int, q quizSpec, keyLine func(string) int) {
	if q.Scenario == "" {
		if q.After != nil {
			rc.errorf(keyLine("after"), "quiz: after needs a scenario")
		}
		if q.Expect.node != nil {
			rc.errorf(keyLine("expect"), "quiz: expect needs a scenario")
		}
		return
	}
	if _, ok := rc.site.scenarioInfo(q.Scenario); !ok {
		rc.errorf(keyLine("scenario"), "quiz: unknown scenario %q (%s)", q.Scenario, rc.site.knownScenarios(q.Scenario))
		return
	}
	if q.Expect.node == nil {
		rc.errorf(keyLine("scenario"), "quiz: scenario %s is named but nothing is expected of its trace: add expect: with frame: or state:", q.Scenario)
		return
	}
	x, errs := parseExpect(q.Expect.node, keyLine("expect")-line)
	if len(errs) == 0 {
		errs = x.check(q.Scenario, rc.site.traces[q.Scenario].Events, q.After, keyLine("after")-line)
	}
	for _, e := range errs {
		rc.errorf(line+e.line, "quiz: %s", e.msg)
	}
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
		fmt.Fprintf(&b, `<li><button type="button" class="quiz-choice" data-choice="%s" data-correct="%t">%s</button><p class="quiz-why" hidden>%s</p></li>`, c.Key, c.Correct, c.Text, c.Why)
	}
	b.WriteString("</ol></section>\n")
	return b.String()
}
