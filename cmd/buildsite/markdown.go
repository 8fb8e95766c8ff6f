package main

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// codeLanguages are the info strings a plain code block may carry. Any other
// first word is taken for a mistyped directive: a lesson that says
// ```player would otherwise quietly show an empty code block.
func codeLanguages() []string {
	return []string{"bash", "diff", "go", "http", "js", "json", "jsonl", "sh", "text", "yaml"}
}

// markdown renders lesson and exercise Markdown: GFM tables, Go code
// highlighted with CSS classes (the CSP forbids inline styles), raw HTML
// left off, and the sim and quiz directives.
type markdown struct {
	gm goldmark.Markdown
	// text renders quiz texts: the same Markdown without any HTML parser,
	// so that "<script>" in a choice is shown as text, not dropped.
	text goldmark.Markdown
}

func newMarkdown() (*markdown, error) {
	gm := goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			highlighting.NewHighlighting(
				highlighting.WithFormatOptions(chromahtml.WithClasses(true)),
			),
		),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(
			util.Prioritized(directiveRenderer{}, 100),
		)),
	)
	var blocks, inlines []util.PrioritizedValue
	for _, p := range parser.DefaultBlockParsers() {
		if p.Value != parser.NewHTMLBlockParser() {
			blocks = append(blocks, p)
		}
	}
	for _, p := range parser.DefaultInlineParsers() {
		if p.Value != parser.NewRawHTMLParser() {
			inlines = append(inlines, p)
		}
	}
	text := goldmark.New(
		goldmark.WithParser(parser.NewParser(
			parser.WithBlockParsers(blocks...),
			parser.WithInlineParsers(inlines...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		)),
		goldmark.WithExtensions(extension.Strikethrough),
	)
	return &markdown{gm: gm, text: text}, nil
}

// A renderCtx is what one document's directives need from the build.
type renderCtx struct {
	site *site
	file string // for errors
	root string // link prefix of the page the document goes on
	dir  string // the page's directory from the site's top: "" or "exercises/"
	errs []error
	sims []string // scenario ids of the document's players, in order
	toc  []tocEntry
	// ids are the headings' anchors, in order. A translation takes its
	// original's (anchors), so that a link to a section, or the language
	// switch, lands on the same section in either edition.
	ids     []string
	anchors []string
}

// A tocEntry is one second-level heading, for the page's contents list,
// with the third-level headings under it: a long part's subsections (the
// 2026-07-28 cases of a lesson, say) are listed too, so a reader can find
// and keep their place in them.
type tocEntry struct {
	ID, Text string
	Sub      []tocEntry
}

func (rc *renderCtx) errorf(line int, format string, args ...any) {
	rc.errs = append(rc.errs, &fileError{rc.file, line, fmt.Sprintf(format, args...)})
}

// render renders body, whose byte offsets count lines as in file, for a
// page whose links start with root. Its headings take the anchors given,
// in order, where there are any (a translation's are its original's);
// goldmark derives the others from their text.
func (m *markdown) render(s *site, file, root, dir string, body []byte, anchors []string) (*rendered, []error) {
	rc := &renderCtx{site: s, file: file, root: root, dir: dir, anchors: anchors}
	doc := m.gm.Parser().Parse(text.NewReader(body))
	m.transform(rc, doc, body)
	var buf bytes.Buffer
	if err := m.gm.Renderer().Render(&buf, body, doc); err != nil {
		rc.errorf(1, "render: %v", err)
	}
	return &rendered{HTML: template.HTML(buf.String()), Sims: rc.sims, TOC: rc.toc, IDs: rc.ids}, rc.errs
}

// rendered is a document's HTML and what the page around it needs to know.
type rendered struct {
	HTML template.HTML
	Sims []string // scenario ids of its players, in order
	TOC  []tocEntry
	IDs  []string // every heading's anchor, in order
}

// transform replaces directive code blocks with player and quiz nodes and
// points links to other lessons' .md files at their pages.
func (m *markdown) transform(rc *renderCtx, doc ast.Node, src []byte) {
	var fences []*ast.FencedCodeBlock
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			fences = append(fences, n)
		case *ast.Link:
			rc.fixLink(n, src)
		case *ast.Text:
			joinWideLines(n, src)
		case *ast.Heading:
			if i := len(rc.ids); i < len(rc.anchors) {
				n.SetAttributeString("id", []byte(rc.anchors[i]))
			}
			id, _ := n.AttributeString("id")
			b, _ := id.([]byte)
			rc.ids = append(rc.ids, string(b))
			switch e := (tocEntry{ID: string(b), Text: plainText(n, src)}); {
			case len(b) == 0:
			case n.Level == 2 || n.Level == 3 && len(rc.toc) == 0:
				rc.toc = append(rc.toc, e)
			case n.Level == 3:
				last := &rc.toc[len(rc.toc)-1]
				last.Sub = append(last.Sub, e)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, f := range fences {
		if f.Info == nil {
			continue
		}
		info := string(f.Info.Segment.Value(src))
		line := lineAt(src, f.Info.Segment.Start)
		fields := strings.Fields(info)
		if len(fields) == 0 {
			continue
		}
		word, rest := fields[0], strings.Join(fields[1:], " ")
		var repl ast.Node
		switch {
		case word == "sim":
			repl = m.playerNode(rc, line, rest, fenceBody(f, src))
		case word == "quiz":
			repl = m.quizNode(rc, line, fenceBody(f, src))
		case word == "diagram":
			repl = m.diagramNode(rc, line, rest, fenceBody(f, src))
		case slices.Contains(codeLanguages(), word) || strings.HasPrefix(word, "{"):
			continue
		default:
			rc.errorf(line, "unknown directive %q (directives: sim, quiz, diagram; code languages: %s)", word, strings.Join(codeLanguages(), ", "))
		}
		if repl != nil {
			f.Parent().ReplaceChild(f.Parent(), f, repl)
		}
	}
}

// plainText is the text of an inline tree, without its markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func fenceBody(f *ast.FencedCodeBlock, src []byte) []byte {
	var b bytes.Buffer
	for i := 0; i < f.Lines().Len(); i++ {
		seg := f.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.Bytes()
}

// inline renders a short Markdown text (a quiz question, choice or
// explanation) that must be a single paragraph, without the <p>.
func (m *markdown) inline(src string) (string, error) {
	b := []byte(src)
	doc := m.text.Parser().Parse(text.NewReader(b))
	if doc.ChildCount() != 1 || doc.FirstChild().Kind() != ast.KindParagraph {
		return "", fmt.Errorf("must be one paragraph of text")
	}
	var buf bytes.Buffer
	if err := m.text.Renderer().Render(&buf, b, doc); err != nil {
		return "", err
	}
	out := strings.TrimSpace(buf.String())
	out = strings.TrimPrefix(out, "<p>")
	out = strings.TrimSuffix(out, "</p>")
	return out, nil
}

// playerNode turns ```sim scenario=<id> [step=<n>] [pause=<n>] into a
// player with the scenario's trace baked in. pause is where the lesson asks
// the reader to stop and answer: Play stops there.
func (m *markdown) playerNode(rc *renderCtx, line int, args string, body []byte) ast.Node {
	var id, step, pause string
	ok := true
	for _, f := range strings.Fields(args) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "scenario":
			id = v
		case "step":
			step = v
		case "pause":
			pause = v
		default:
			rc.errorf(line, "sim: unknown argument %q (want scenario=<id> [step=<n>] [pause=<n>])", f)
			ok = false
		}
	}
	if len(bytes.TrimSpace(body)) > 0 {
		rc.errorf(line, "sim: the block must be empty; put prose outside it")
		ok = false
	}
	if id == "" {
		rc.errorf(line, "sim: missing scenario=<id>")
		return nil
	}
	info, known := rc.site.scenarioInfo(id)
	if !known {
		rc.errorf(line, "sim: unknown scenario %q (%s)", id, rc.site.knownScenarios(id))
		return nil
	}
	res := rc.site.traces[id]
	if step != "" {
		n, err := strconv.Atoi(step)
		if err != nil || n < 0 || n > len(res.Events) {
			rc.errorf(line, "sim: step=%s: want a number from 0 to %d (the events in %s)", step, len(res.Events), id)
			ok = false
		}
	}
	if pause != "" {
		n, err := strconv.Atoi(pause)
		if err != nil || n < 1 || n >= len(res.Events) {
			rc.errorf(line, "sim: pause=%s: want a step from 1 to %d, before the end of %s (Play stops there)", pause, len(res.Events)-1, id)
			ok = false
		}
	}
	baked, err := bakeTrace(res.JSONL())
	if err != nil {
		rc.errorf(line, "sim: scenario %s: %v", id, err)
		ok = false
	}
	if !ok {
		return nil
	}
	rc.sims = append(rc.sims, id)
	return &playerNode{Info: info, Step: step, Pause: pause, Baked: baked, Root: rc.root, T: rc.site.t}
}

// bakeTrace makes a JSONL trace safe as the body of a script element by
// writing every "</" as "<\/". The page gets the trace back by the reverse
// replacement, which is exact only if the trace held no "<\/" of its own:
// Go's JSON encoder never writes `\/`, but a payload kept as raw bytes from
// a scripted peer could, so such a trace is refused rather than baked
// wrong. A "<!--" could switch the HTML parser into the script-data-escaped
// states, where a later "<script" swallows the rest of the page, so it is
// refused too.
func bakeTrace(jsonl string) (string, error) {
	if strings.Contains(jsonl, "<!--") {
		return "", fmt.Errorf(`the trace contains "<!--", which cannot be baked into a page byte for byte`)
	}
	if strings.Contains(jsonl, `<\/`) {
		return "", fmt.Errorf(`the trace contains "<\/", which the page would read back as "</"`)
	}
	return strings.ReplaceAll(jsonl, "</", `<\/`), nil
}

// unbakeTrace is what the page does: the exact inverse of [bakeTrace].
func unbakeTrace(baked string) string { return strings.ReplaceAll(baked, `<\/`, "</") }

var (
	kindPlayer = ast.NewNodeKind("Player")
	kindQuiz   = ast.NewNodeKind("Quiz")
)

// A playerNode is a ```sim block after checking.
type playerNode struct {
	ast.BaseBlock
	Info  scenario.Info
	Step  string
	Pause string // where Play stops for the lesson's question, or ""
	Baked string
	Root  string
	T     func(string) string // the page's interface strings
}

func (n *playerNode) Kind() ast.NodeKind            { return kindPlayer }
func (n *playerNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// directiveRenderer renders player and quiz nodes.
type directiveRenderer struct{}

func (directiveRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindPlayer, renderPlayer)
	reg.Register(kindQuiz, renderQuiz)
	reg.Register(kindDiagram, renderDiagram)
}

func renderPlayer(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*playerNode)
	w.WriteString(playerHTML(n.Info, n.Step, n.Pause, n.Baked, n.Root, n.T))
	return ast.WalkSkipChildren, nil
}

// playerHTML is the markup the player script looks for. Its shape is a
// contract with site/js: change both or neither.
func playerHTML(info scenario.Info, step, pause, baked, root string, t func(string) string) string {
	e := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="player" data-testid="player" data-scenario="%s" data-step="%s" data-runtime="%s"`, e(info.ID), e(step), e(info.Runtime))
	if pause != "" {
		fmt.Fprintf(&b, ` data-pause="%s"`, e(pause))
	}
	b.WriteString(">")
	fmt.Fprintf(&b, `<script type="application/jsonl" class="baked-trace">%s</script>`, baked)
	b.WriteString(`<figcaption class="player-caption">`)
	fmt.Fprintf(&b, `<span class="player-era" title="%s">%s</span> `, e(t("protocol era")), e(info.Era))
	fmt.Fprintf(&b, `<strong class="player-title">%s</strong> `, e(info.Title))
	fmt.Fprintf(&b, `<span class="player-summary">%s</span> `, e(info.Summary))
	fmt.Fprintf(&b, `<a class="player-open" href="%splayground.html#scenario=%s">%s</a>`, e(root), e(info.ID), e(t("Open in the playground")))
	b.WriteString("</figcaption></figure>\n")
	return b.String()
}

// joinWideLines drops the soft line break after n when the characters on
// both sides of it are wide (Han, kana, full-width punctuation), or one of
// them is full-width punctuation: a browser shows the break as a space,
// and Chinese puts none between its words. A break between Han and Latin
// text or code stays a space, as the Chinese edition spaces them. (goldmark's CJK extension misses full-width punctuation
// such as "，", or drops breaks beside any punctuation, English included.)
func joinWideLines(n *ast.Text, src []byte) {
	if !n.SoftLineBreak() {
		return
	}
	before, _ := utf8.DecodeLastRune(n.Segment.Value(src))
	var after rune
	for next := n.NextSibling(); next != nil; next = next.FirstChild() {
		if t, ok := next.(*ast.Text); ok {
			after, _ = utf8.DecodeRune(t.Segment.Value(src))
			break
		}
	}
	if isWide(before) && isWide(after) || isWidePunct(before) || isWidePunct(after) {
		n.SetSoftLineBreak(false)
	}
}

// isWidePunct reports whether r is full-width punctuation (。，：（）),
// which carries its own space: a break beside it needs none.
func isWidePunct(r rune) bool { return isWide(r) && unicode.IsPunct(r) }

func isWide(r rune) bool {
	w := util.EastAsianWidth(r)
	return w == "W" || w == "F"
}
