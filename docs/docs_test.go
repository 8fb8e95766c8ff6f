package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// guides are the repository's top-level Markdown guides, relative to its root.
var guides = []string{"README.md", "README.zh.md", "TEACHING.md", "PROBE.md", "CONTRIBUTING.md", "ARCHITECTURE.md"}

// maxReadmeLines is how long a README may be: the rest belongs in the guides
// it points to.
const maxReadmeLines = 100

func TestReadmesAreShort(t *testing.T) {
	for _, name := range []string{"README.md", "README.zh.md"} {
		n, err := countLines(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		if n > maxReadmeLines {
			t.Errorf("%s has %d lines, want at most %d: move the detail into TEACHING.md, PROBE.md, CONTRIBUTING.md or ARCHITECTURE.md", name, n, maxReadmeLines)
		}
	}
}

func TestEveryLinkInTheGuidesResolves(t *testing.T) {
	for _, name := range guides {
		t.Run(name, func(t *testing.T) {
			for _, p := range brokenLinks(t, "..", name) {
				t.Error(p)
			}
		})
	}
}

// TestBrokenLinksAreFound holds the checker itself to a page with known
// faults, so that a checker that finds nothing cannot pass the test above.
func TestBrokenLinksAreFound(t *testing.T) {
	got := brokenLinks(t, "testdata", "broken.md")
	want := []string{
		`broken.md:7: link "missing.md": no such file`,
		`broken.md:8: link "target.md#no-such-heading": target.md has no heading with anchor "no-such-heading"`,
		`broken.md:9: link "#nowhere": broken.md has no heading with anchor "nowhere"`,
		`broken.md:10: link "pics/gone.png": no such file`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("brokenLinks(broken.md) =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAnchor(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"The checks", "the-checks"},
		{"Check your own server or client: `cmd/probe`", "check-your-own-server-or-client-cmdprobe"},
		{"go-sdk v1.8.0 facts the scenarios rest on", "go-sdk-v180-facts-the-scenarios-rest-on"},
		{"Each exercise's grader", "each-exercises-grader"},
		{"From a lesson's fence to a stepped frame", "from-a-lessons-fence-to-a-stepped-frame"},
		{"下一步：去哪里", "下一步去哪里"},
		{"A  b_c", "a--b_c"},
	} {
		if got := anchor(tc.heading); got != tc.want {
			t.Errorf("anchor(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}

// brokenLinks returns, as "file:line: problem", every relative link (or
// image) in root/name whose file is missing or whose #fragment names no
// heading of the Markdown file it points into. Links with a scheme
// (https:, mailto:) are not followed.
func brokenLinks(t *testing.T, root, name string) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var problems []string
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest string
		switch n := n.(type) {
		case *ast.Link:
			dest = string(n.Destination)
		case *ast.Image:
			dest = string(n.Destination)
		default:
			return ast.WalkContinue, nil
		}
		if p := checkLink(root, name, dest); p != "" {
			problems = append(problems, fmt.Sprintf("%s:%d: link %q: %s", name, lineOf(src, n), dest, p))
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// checkLink says what is wrong with dest, a link in root/from, or "".
func checkLink(root, from, dest string) string {
	u, err := url.Parse(dest)
	if err != nil {
		return err.Error()
	}
	if u.Scheme != "" || u.Host != "" {
		return ""
	}
	target := from
	if u.Path != "" {
		target = filepath.Join(filepath.Dir(from), filepath.FromSlash(u.Path))
		if _, err := os.Stat(filepath.Join(root, target)); err != nil {
			return "no such file"
		}
	}
	if u.Fragment == "" || !strings.HasSuffix(target, ".md") {
		return ""
	}
	src, err := os.ReadFile(filepath.Join(root, target))
	if err != nil {
		return err.Error()
	}
	if !slices.Contains(anchors(src), u.Fragment) {
		return fmt.Sprintf("%s has no heading with anchor %q", filepath.ToSlash(target), u.Fragment)
	}
	return ""
}

// anchors lists the anchors GitHub gives a Markdown file's headings: a
// repeated one gets -1, -2… in order.
func anchors(src []byte) []string {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []string
	seen := map[string]int{}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		a := anchor(plainText(h, src))
		if k := seen[a]; k > 0 {
			out = append(out, fmt.Sprintf("%s-%d", a, k))
		} else {
			out = append(out, a)
		}
		seen[a]++
		return ast.WalkSkipChildren, nil
	})
	return out
}

// anchor is GitHub's anchor for a heading's text: lower case, every space a
// hyphen, and every character that is not a letter, a digit, a mark, a
// hyphen or an underscore dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', r == '_', unicode.IsLetter(r), unicode.IsNumber(r), unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainText is the text a node shows, code spans included, without markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// lineOf is the line of src on which n's first text starts (1 when it has
// none to locate).
func lineOf(src []byte, n ast.Node) int {
	off := -1
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering && off < 0 {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	for p := n.Parent(); off < 0 && p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			off = p.Lines().At(0).Start
		}
	}
	if off < 0 {
		return 1
	}
	return bytes.Count(src[:off], []byte("\n")) + 1
}

// countLines counts the lines of a file.
func countLines(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n := 0
	s := bufio.NewScanner(f)
	for s.Scan() {
		n++
	}
	return n, s.Err()
}
