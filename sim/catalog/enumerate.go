//go:build !replay

package catalog

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// enumerate is the walk, written to the tape while one is recorded.
func enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error) {
	t := tape.Recording()
	if t == nil {
		return walk(ctx, l, lim)
	}
	w := newTapeWalk(lim)
	var handed error
	tools, sizes, err := walk(ctx, ListerFunc(func(lctx context.Context, cursor *string) (Page, error) {
		t.Put(w.at(ctx), tapeStep{Cursor: cursor})
		p, err := l.ListTools(lctx, cursor)
		w.saw(cursor, p, err)
		handed = err
		return p, err
	}), lim)
	t.Put(w.at(ctx), tapeStep{Return: &tapeResult{Tools: len(tools), Sizes: sizes, Err: tape.EncodeErr(err, sentinels(), handed)}})
	return tools, sizes, err
}

// walk is Enumerate's algorithm.
func walk(ctx context.Context, l Lister, lim Limits) (tools []*mcp.Tool, pageSizes []int, err error) {
	if lim.MaxPages < 1 || lim.MaxTools < 0 {
		return nil, nil, fmt.Errorf("%w: MaxPages %d, MaxTools %d", ErrInvalidLimits, lim.MaxPages, lim.MaxTools)
	}
	seenCursors := map[string]bool{}
	seenNames := map[string]bool{}
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
			return nil, nil, fmt.Errorf("catalog: page %d: %w", page, err)
		}
		for _, t := range p.Tools {
			if t == nil {
				return nil, nil, fmt.Errorf("catalog: page %d holds a null tool", page)
			}
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
		if seenCursors[*p.NextCursor] {
			return nil, nil, fmt.Errorf("%w: %q after page %d", ErrCursorRepeated, *p.NextCursor, page)
		}
		seenCursors[*p.NextCursor] = true
		next := *p.NextCursor
		cursor = &next
	}
}
