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

	"github.com/mcp-playground/mcp-playground/sim/tape"
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
	return enumerate(ctx, l, lim)
}

// sentinels are the errors a caller of Enumerate tests for, as a tape
// names them (see sim/tape); a ctx error comes back as it is.
func sentinels() map[string]error {
	return map[string]error{
		"ErrInvalidLimits": ErrInvalidLimits, "ErrDuplicateName": ErrDuplicateName,
		"ErrCursorRepeated": ErrCursorRepeated, "ErrPageLimit": ErrPageLimit, "ErrToolLimit": ErrToolLimit,
		"context.Canceled": context.Canceled, "context.DeadlineExceeded": context.DeadlineExceeded,
	}
}

// A tapeWalk is a walk's place on a tape: the key of everything it has
// sent and received so far.
type tapeWalk struct{ key string }

func newTapeWalk(lim Limits) *tapeWalk { return &tapeWalk{key: tape.Key("catalog.Enumerate", lim)} }

// at is the key of the walk's next decision: to send a request or to
// return. Whether ctx is done is part of it, as the walk checks ctx before
// each request.
func (w *tapeWalk) at(ctx context.Context) string { return tape.Key(w.key, ctx.Err() != nil) }

// saw moves the walk past one request and what came back. What the walk
// decides on is in the key: each tool's name (or its absence), the next
// cursor, and the error's text.
func (w *tapeWalk) saw(cursor *string, p Page, err error) {
	names := make([]*string, len(p.Tools))
	for i, t := range p.Tools {
		if t != nil {
			names[i] = &t.Name
		}
	}
	var text *string
	if err != nil {
		s := err.Error()
		text = &s
	}
	w.key = tape.Key(w.key, cursor, names, p.NextCursor, text)
}

// A tapeStep is one decision of a walk on a tape: send Cursor, or return.
type tapeStep struct {
	Cursor *string     `json:"cursor,omitempty"`
	Return *tapeResult `json:"return,omitempty"`
}

// A tapeResult is what Enumerate returned: the first Tools tools of the
// pages in order, the page sizes, the error.
type tapeResult struct {
	Tools int       `json:"tools"`
	Sizes []int     `json:"sizes"`
	Err   *tape.Err `json:"err,omitempty"`
}
