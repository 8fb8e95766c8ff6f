package main

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
	"gopkg.in/yaml.v3"
)

// A ```diagram NAME block draws one of the course's fixed pictures as
// inline SVG, with its words from the block: the drawing is the build's,
// the labels are the lesson's, so each edition labels it in its own
// language and the page needs no image file, script or inline style (the
// page's CSS colours it through classes, dark mode included).
//
// The one picture so far, roles, is who talks to whom in MCP: a host
// application holding the model and one client per server, each client
// speaking JSON-RPC to its server.
var diagrams = map[string][]string{
	"roles": {"alt", "host", "model", "client", "server", "asks", "wire"},
}

var kindDiagram = ast.NewNodeKind("Diagram")

// A diagramNode is a checked ```diagram block.
type diagramNode struct {
	ast.BaseBlock
	SVG string
}

func (n *diagramNode) Kind() ast.NodeKind            { return kindDiagram }
func (n *diagramNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

func renderDiagram(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString(node.(*diagramNode).SVG)
	}
	return ast.WalkSkipChildren, nil
}

// diagramNode checks a ```diagram block: a known name, and exactly that
// picture's labels, each one line of plain text.
func (m *markdown) diagramNode(rc *renderCtx, line int, args string, body []byte) ast.Node {
	name := strings.TrimSpace(args)
	keys, ok := diagrams[name]
	if !ok {
		rc.errorf(line, "diagram: unknown picture %q (pictures: %s)", name, strings.Join(diagramNames(), ", "))
		return nil
	}
	var labels map[string]string
	if err := yaml.Unmarshal(body, &labels); err != nil {
		rc.errorf(line, "diagram %s: %v", name, err)
		return nil
	}
	bad := false
	for _, k := range keys {
		if strings.TrimSpace(labels[k]) == "" {
			rc.errorf(line, "diagram %s: missing %s: (want %s)", name, k, strings.Join(keys, ", "))
			bad = true
		}
	}
	for k := range labels {
		if !slices.Contains(keys, k) {
			rc.errorf(line, "diagram %s: unknown label %q (want %s)", name, k, strings.Join(keys, ", "))
			bad = true
		}
	}
	if bad {
		return nil
	}
	return &diagramNode{SVG: rolesSVG(labels)}
}

func diagramNames() []string {
	var out []string
	for k := range diagrams {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// diagramShape is a diagram block without its words (its picture and the
// labels it names), for comparing the editions.
func diagramShape(info, body string) string {
	var labels map[string]string
	if err := yaml.Unmarshal([]byte(body), &labels); err != nil {
		return "unreadable: " + err.Error()
	}
	var keys []string
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return info + " " + strings.Join(keys, " ")
}

// rolesSVG draws the roles picture: the host's box on the left with the
// model and two clients in it, two servers on the right, a JSON-RPC line
// from each client to its server.
func rolesSVG(l map[string]string) string {
	e := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="diagram diagram-roles" data-testid="diagram"><svg viewBox="0 0 680 250" role="img" aria-labelledby="diagram-roles-alt" xmlns="http://www.w3.org/2000/svg"><title id="diagram-roles-alt">%s</title>`, e(l["alt"]))
	b.WriteString(`<defs><marker id="diagram-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="dg-head"/></marker></defs>`)
	fmt.Fprintf(&b, `<rect class="dg-host" x="4" y="4" width="352" height="242" rx="14"/><text class="dg-title" x="22" y="32">%s</text>`, e(l["host"]))
	fmt.Fprintf(&b, `<rect class="dg-model" x="22" y="92" width="120" height="64" rx="10"/><text class="dg-label" x="82" y="129" text-anchor="middle">%s</text>`, e(l["model"]))
	fmt.Fprintf(&b, `<text class="dg-note" x="176" y="124" text-anchor="middle">%s</text>`, e(l["asks"]))
	for i, y := range []int{56, 166} {
		fmt.Fprintf(&b, `<path class="dg-line" d="M142,124 L%d,%d" marker-end="url(#diagram-arrow)"/>`, 214, y+24)
		fmt.Fprintf(&b, `<rect class="dg-client" x="214" y="%d" width="124" height="48" rx="10"/><text class="dg-label" x="276" y="%d" text-anchor="middle">%s</text>`, y, y+29, e(l["client"]))
		fmt.Fprintf(&b, `<path class="dg-wire" d="M338,%d H490" marker-start="url(#diagram-arrow)" marker-end="url(#diagram-arrow)"/>`, y+24)
		fmt.Fprintf(&b, `<text class="dg-note" x="414" y="%d" text-anchor="middle">%s</text>`, y+14, e(l["wire"]))
		fmt.Fprintf(&b, `<rect class="dg-server" x="490" y="%d" width="180" height="48" rx="10"/><text class="dg-label" x="580" y="%d" text-anchor="middle">%s %d</text>`, y, y+29, e(l["server"]), i+1)
	}
	b.WriteString(`</svg></figure>` + "\n")
	return b.String()
}
