// Package catalog reads a server's whole tool catalog through tools/list,
// within limits.
package catalog

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Bug: the sets outlive a walk, so walking the same catalog again finds
// every name and cursor "seen before".
var (
	seenCursors = map[string]bool{}
	seenNames   = map[string]bool{}
)

// Enumerate walks tools/list from the first page until a page has no
// nextCursor.
func Enumerate(ctx context.Context, l Lister, lim Limits) (tools []*mcp.Tool, pageSizes []int, err error) {
	if lim.MaxPages < 1 || lim.MaxTools < 0 {
		return nil, nil, fmt.Errorf("%w: MaxPages %d, MaxTools %d", ErrInvalidLimits, lim.MaxPages, lim.MaxTools)
	}
	var cursor *string
	for page := 1; ; page++ {
		if page > lim.MaxPages {
			return nil, nil, fmt.Errorf("%w: %d pages without reaching the end", ErrPageLimit, lim.MaxPages)
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		p, err := l.ListTools(ctx, cursor)
		if err != nil {
			return nil, nil, fmt.Errorf("page %d: %w", page, err)
		}
		for _, t := range p.Tools {
			if seenNames[t.Name] {
				return nil, nil, fmt.Errorf("%w: %q on page %d", ErrDuplicateName, t.Name, page)
			}
			seenNames[t.Name] = true
			tools = append(tools, t)
		}
		if len(tools) > lim.MaxTools {
			return nil, nil, fmt.Errorf("%w: more than %d tools", ErrToolLimit, lim.MaxTools)
		}
		pageSizes = append(pageSizes, len(p.Tools))
		if p.NextCursor == nil {
			return tools, pageSizes, nil
		}
		next := *p.NextCursor
		if seenCursors[next] {
			return nil, nil, fmt.Errorf("%w: %q after page %d", ErrCursorRepeated, next, page)
		}
		seenCursors[next] = true
		cursor = &next
	}
}
