package scenario

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
)

// The graders of the exercises drive the paging family themselves and read
// the disconnect family's parameters; these names keep them to this
// package.

// PagingParams are the paging family's parameters (see [paging.Params]).
type PagingParams = paging.Params

// A PagingRun is a catalog server with a scripted client for a learner's
// own walk (see [paging.GraderRun]).
type PagingRun = paging.GraderRun

// NewPagingRun starts a paging run (see [paging.NewGraderRun]).
func NewPagingRun(ctx context.Context, p PagingParams) (*PagingRun, error) {
	return paging.NewGraderRun(ctx, p)
}

// DisconnectParams are the disconnect family's parameters (see
// [disconnect.Params]).
type DisconnectParams = disconnect.Params

// PagingPreset returns the parameters of the named paging scenario.
func PagingPreset(id string) (paging.Params, bool) {
	for _, p := range paging.Presets() {
		if pp, ok := p.Params.(*paging.Params); ok && p.Info.ID == id {
			return *pp, true
		}
	}
	return paging.Params{}, false
}
