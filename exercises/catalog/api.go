package catalog

// This file is the exercise's fixed API. Do not edit it: write Enumerate in
// catalog.go.

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Page is one tools/list result, read from the raw JSON.
type Page struct {
	Tools []*mcp.Tool
	// NextCursor is nil when the field was absent on the wire (or null,
	// which 2026-07-28 reads as absent: the end); non-nil, even "", means:
	// continue with it.
	NextCursor *string
}

// A Lister sends tools/list requests.
type Lister interface {
	// ListTools sends one tools/list request; cursor nil means no cursor
	// parameter, a non-nil cursor is sent as it is, "" included.
	ListTools(ctx context.Context, cursor *string) (Page, error)
}

// Limits bound a walk.
type Limits struct{ MaxPages, MaxTools int }

// Errors Enumerate returns; the grader checks them with errors.Is.
var (
	ErrInvalidLimits  = errors.New("catalog: invalid limits")
	ErrDuplicateName  = errors.New("catalog: duplicate tool name")
	ErrCursorRepeated = errors.New("catalog: cursor repeated")
	ErrPageLimit      = errors.New("catalog: page limit reached")
	ErrToolLimit      = errors.New("catalog: tool limit exceeded")
)
