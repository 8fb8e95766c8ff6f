// Package paging is the paging family: a client walking a paged tools/list
// catalog (2025-11-25), and the run the catalog exercise grades a
// learner's walk with.
package paging

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The paging family walks a hand-crafted tools/list catalog: its presets
// are in presets.go, its parameters in params.go, the
// scripted client in client.go, go-sdk's iterator in sdk.go,
// the two-act twists in twists.go, and the API the catalog
// exercise grades with in grader.go.
var pagingFamily = &play.Family{
	Name:    "paging",
	Params:  func() play.Validator { return &Params{} },
	Choices: pagingChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runPaging(ctx, rec, v.(*Params))
	},
}

func runPaging(ctx context.Context, rec *trace.Recorder, p *Params) error {
	switch p.Twist {
	case twistCrossSession:
		return pagingCrossSession(ctx, rec, p)
	case twistRefreshFailed:
		return pagingRefreshFailed(ctx, rec, p)
	}
	if p.Client == ClientSDKIterator {
		return sdkIteratorWalk(ctx, rec, p)
	}
	if p.Client == ClientBoth {
		rec.Run = ClientReference
		rec.Note(`Run 1: the reference client, which treats only an absent nextCursor as the end.`)
	}
	c, err := startPagingClient(ctx, rec, p.Catalog, p.Seed)
	if err != nil {
		return err
	}
	c.forgeNext = p.Twist == TwistInvalidCursor
	_, walkErr := c.Enumerate(ctx, p.limits())
	if walkErr != nil && p.Twist == twistRestart {
		rec.Note("The client does not guess where it was in the new catalog. It starts a fresh walk, explicitly, without a cursor.")
		rec.Update(func(s *trace.State) { s.Error = ""; s.Cursors = nil })
		if _, err := c.Enumerate(ctx, p.limits()); err != nil && ctx.Err() != nil {
			return err
		}
	}
	c.Close()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if p.Client == ClientBoth {
		rec.Run = ClientSDKIterator
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		rec.Note("Run 2: the same server shape, read with go-sdk v1.8.0's ClientSession.Tools iterator.")
		return sdkIteratorWalk(ctx, rec, p)
	}
	return nil
}
