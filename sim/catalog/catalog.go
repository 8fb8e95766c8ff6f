// Package catalog is the reference client for reading a server's whole tool
// catalog through tools/list paging, with every guard a production client
// needs: it follows nextCursor until the field is absent (an empty string is
// a cursor, not the end), and stops with a typed error on a repeated cursor,
// a duplicate tool name, or a page or tool budget exceeded. It never returns a
// partial catalog.
//
// The catalog exercise asks learners to write the same function.
package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Page is one tools/list result as it was on the wire.
type Page struct {
	Tools []*mcp.Tool
	// NextCursor is nil when the field was absent; non-nil, even "", means
	// there is another page and the walk continues with this cursor.
	NextCursor *string
}

// A Lister sends one tools/list request. A nil cursor means no cursor
// parameter at all; a non-nil one is sent as given, "" included.
type Lister interface {
	ListTools(ctx context.Context, cursor *string) (Page, error)
}

// ListerFunc adapts a function to [Lister].
type ListerFunc func(ctx context.Context, cursor *string) (Page, error)

// ListTools calls f.
func (f ListerFunc) ListTools(ctx context.Context, cursor *string) (Page, error) {
	return f(ctx, cursor)
}

// Limits bound a walk. MaxPages must be at least 1; MaxTools at least 0.
type Limits struct{ MaxPages, MaxTools int }

// Errors reported by [Enumerate]. Test for them with errors.Is.
var (
	ErrInvalidLimits  = errors.New("catalog: invalid limits")
	ErrDuplicateName  = errors.New("catalog: duplicate tool name")
	ErrCursorRepeated = errors.New("catalog: cursor repeated")
	ErrPageLimit      = errors.New("catalog: page limit reached")
	ErrToolLimit      = errors.New("catalog: tool limit exceeded")
)

// Enumerate reads every page from l and returns the tools in server order
// and the size of each page. On any error both slices are nil: a client that
// shows half a catalog as if it were whole is the bug this guards against.
// Errors from l (a -32602 *jsonrpc.Error for a stale cursor, say) are
// wrapped so that errors.As still finds them.
func Enumerate(ctx context.Context, l Lister, lim Limits) (tools []*mcp.Tool, pageSizes []int, err error) {
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
