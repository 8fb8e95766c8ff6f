//go:build replay

package catalog

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// enumerate plays the reference's walk back from the tape: it sends the
// requests the reference sent, reads the pages, and returns what the
// reference returned on those pages.
func enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	w := newTapeWalk(lim)
	var all []*mcp.Tool
	var handed error
	for {
		var s tapeStep
		tape.Answer(w.at(ctx), &s, "this walk of Enumerate")
		if r := s.Return; r != nil {
			var tools []*mcp.Tool
			if r.Tools > 0 {
				tools = append(tools, all[:r.Tools]...)
			}
			return tools, r.Sizes, r.Err.Decode(sentinels(), handed)
		}
		p, err := l.ListTools(ctx, s.Cursor)
		w.saw(s.Cursor, p, err)
		handed = err
		all = append(all, p.Tools...)
	}
}
