package paging

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// A GraderRun is a catalog server on the simulator's wire with a scripted,
// initialized client, for graders that drive a learner's own walk through
// [GraderRun.Lister] and then read the trace.
type GraderRun struct {
	rec    *trace.Recorder
	client *Client
}

// NewGraderRun starts a paging run with parameters p (Client and the
// restart, cross-session and refresh-failed twists are ignored: the caller
// is the client). Close it when done.
func NewGraderRun(ctx context.Context, p Params) (*GraderRun, error) {
	p.Client, p.MaxPages, p.MaxTools = ClientReference, max(p.MaxPages, 1), max(p.MaxTools, 0)
	twist := p.Twist
	p.Twist = TwistNone
	if err := p.Validate(); err != nil {
		return nil, err
	}
	rec := trace.NewRecorder(trace.InMemory, trace.State{})
	c, err := startPagingClient(ctx, rec, p.Catalog, p.Seed)
	if err != nil {
		return nil, err
	}
	c.forgeNext = twist == TwistInvalidCursor
	return &GraderRun{rec: rec, client: c}, nil
}

// Lister returns the client side of the run: each call sends one raw
// tools/list request (a nil cursor sends none, "" sends "cursor":"") and
// records both frames. After [MaxListRequests] calls it fails, so a walk
// that never ends still ends.
func (r *GraderRun) Lister() catalog.Lister { return catalog.ListerFunc(r.client.listTools) }

// Result returns the trace so far.
func (r *GraderRun) Result() *play.Result {
	return &play.Result{Info: play.Info{ID: "paging-run", Title: "Your walk", Lesson: "catalog", Family: pagingFamily.Name, Era: play.V20251125},
		Events: append([]trace.Event(nil), r.rec.Events()...)}
}

// Close ends the run's connection and waits for the server's goroutines.
func (r *GraderRun) Close() { r.client.Close() }

// Preset returns the parameters of the named paging scenario.
func Preset(id string) (Params, bool) {
	for _, p := range Presets() {
		if pp, ok := p.Params.(*Params); ok && p.Info.ID == id {
			return *pp, true
		}
	}
	return Params{}, false
}
