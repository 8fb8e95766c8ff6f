package catalog

// This file is the grader. Do not edit it: go test and the classroom run it
// against your catalog.go, and the browser runs the same checks.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	ref "github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GradeEnumerate is the learner's Enumerate as a function value, so that the
// checks can call code compiled into the test binary or interpreted in the
// browser alike.
type GradeEnumerate func(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error)

// A gradeCase is one walk: a paging scenario (a preset, possibly with
// changed parameters) and the limits Enumerate gets.
type gradeCase struct {
	scenario string
	params   paging.Params
	changed  bool // params differ from the preset: report them
	lim      Limits
	// cancelAfter, when > 0, cancels the walk's context once that many
	// pages have been answered.
	cancelAfter int
	// expired gives the walk a context whose deadline has already passed.
	expired bool
	// slowPage, when > 0, is the page that never arrives: its request is
	// sent, and the Lister then waits for its context to be done, whose
	// deadline the grader lets pass at that moment (no real time).
	slowPage int
	// twice walks the catalog twice, one walk after the other on the same
	// server within one catalog generation: both walks must agree.
	twice bool
}

// gradePreset returns the case for a paging scenario, with mod applied to
// its parameters.
func gradePreset(id string, mod func(p *paging.Params)) gradeCase {
	p, ok := paging.Preset(id)
	if !ok {
		panic("grader: no paging scenario " + id)
	}
	c := gradeCase{scenario: id, params: p}
	if mod != nil {
		mod(&c.params)
		c.changed = true
	}
	c.lim = Limits{MaxPages: c.params.MaxPages, MaxTools: c.params.MaxTools}
	return c
}

// GradeChecks returns the exercise's checks, in the order the page lists them.
// Every walk runs twice on the simulator's wire against the real fixture
// server: once with the learner's Enumerate and once with sim/catalog's
// reference Enumerate. The tools, page sizes, error and the exact
// tools/list requests sent must agree.
func GradeChecks() []grading.Check[GradeEnumerate] {
	// A check's outcomes are the reference's outcomes its summary in
	// .meta/config.json describes: a case that ends otherwise belongs to
	// another check, and the check fails for every learner, the solution
	// included, so that the proof catches it.
	cases := func(name, scen string, outcomes []string, cs ...gradeCase) grading.Check[GradeEnumerate] {
		return grading.Check[GradeEnumerate]{Name: name, Scenario: scen, Run: func(ctx context.Context, f GradeEnumerate) grading.Result {
			for _, c := range cs {
				if r := gradeWalk(ctx, f, c, outcomes); !r.Pass {
					return r
				}
			}
			return grading.Pass()
		}}
	}
	outcomes := func(o ...string) []string { return o }
	limits := func(pages, tools int) func(*paging.Params) {
		return func(p *paging.Params) { p.MaxPages, p.MaxTools = pages, tools }
	}
	return []grading.Check[GradeEnumerate]{
		cases("normal-walk", "paging-normal", outcomes("nil"),
			gradePreset("paging-normal", nil), gradePreset("paging-single", nil), gradePreset("paging-empty", nil)),
		cases("empty-token", "paging-empty-token", outcomes("nil"), func() gradeCase {
			// The preset shows two runs, the reference client's first; the
			// check plays only that one, so its seqs are the preset's own.
			c := gradePreset("paging-empty-token", func(p *paging.Params) { p.Client = "reference" })
			c.changed = false
			return c
		}()),
		// On the last allowed page a repeated cursor is still a repeat: the
		// cursor is checked when its page arrives, the page limit only
		// before the next request.
		cases("repeat", "paging-repeat", outcomes("ErrCursorRepeated"),
			gradePreset("paging-repeat", nil), gradePreset("paging-repeat", limits(2, 100))),
		cases("cycle", "paging-cycle", outcomes("ErrCursorRepeated"), gradePreset("paging-cycle", nil),
			gradePreset("paging-cycle", func(p *paging.Params) {
				p.Pages = [][]string{{"a"}, {"b"}, {"c"}, {"d"}}
			})),
		cases("page-limit", "paging-endless", outcomes("ErrPageLimit", "nil"), gradePreset("paging-endless", nil),
			gradePreset("paging-normal", limits(3, 100)), gradePreset("paging-normal", limits(2, 100)),
			gradePreset("paging-single", limits(1, 100))),
		cases("tool-limit", "paging-tool-limit", outcomes("ErrToolLimit", "nil"), gradePreset("paging-tool-limit", nil),
			gradePreset("paging-normal", limits(10, 3)), gradePreset("paging-empty", limits(10, 0)),
			gradePreset("paging-single", limits(10, 2)), gradePreset("paging-normal", limits(1, 0))),
		cases("duplicate", "paging-duplicate", outcomes("ErrDuplicateName"), gradePreset("paging-duplicate", nil),
			gradePreset("paging-duplicate", func(p *paging.Params) { p.Pages = [][]string{{"alpha", "alpha"}} })),
		// MaxPages 1 and MaxTools 0 are the smallest valid limits: the
		// empty catalog walks within them.
		cases("invalid-limits", "paging-normal", outcomes("ErrInvalidLimits", "nil"),
			gradePreset("paging-normal", limits(0, 100)), gradePreset("paging-normal", limits(-1, 100)),
			gradePreset("paging-normal", limits(10, -1)), gradePreset("paging-empty", limits(1, 0))),
		cases("protocol-error", "paging-invalid-cursor", outcomes("a *jsonrpc.Error with code -32602"), gradePreset("paging-invalid-cursor", nil),
			gradePreset("paging-generation-change", func(p *paging.Params) { p.Twist = "" })),
		cases("cancel", "paging-normal", outcomes("context.Canceled"),
			func() gradeCase { c := gradePreset("paging-normal", nil); c.cancelAfter = 1; return c }(),
			func() gradeCase { c := gradePreset("paging-endless", nil); c.cancelAfter = 2; return c }()),
		cases("replay-stable", "paging-normal", outcomes("nil", "ErrCursorRepeated", "ErrDuplicateName"),
			func() gradeCase { c := gradePreset("paging-normal", nil); c.twice = true; return c }(),
			func() gradeCase {
				c := gradePreset("paging-normal", func(p *paging.Params) {
					p.Pages = [][]string{{"stock_get", "stock_put", "order_find"}, {}, {"ship_note", "tag_read", "sum_list", "ping_sum"}, {"read_tag"}}
					p.EmptyCursorAfter = 2
				})
				c.twice = true
				return c
			}(),
			func() gradeCase { c := gradePreset("paging-cycle", nil); c.twice = true; return c }(),
			func() gradeCase { c := gradePreset("paging-duplicate", nil); c.twice = true; return c }()),
		cases("slow-page", "paging-normal", outcomes("context.DeadlineExceeded"),
			func() gradeCase { c := gradePreset("paging-normal", nil); c.expired = true; return c }(),
			func() gradeCase { c := gradePreset("paging-normal", nil); c.slowPage = 1; return c }(),
			func() gradeCase { c := gradePreset("paging-normal", nil); c.slowPage = 3; return c }(),
			func() gradeCase { c := gradePreset("paging-endless", nil); c.slowPage = 2; return c }()),
		{Name: "hidden-shapes", Run: gradeHidden},
	}
}

// gradeWalk runs one case with the learner's Enumerate and the reference,
// and compares them. outcomes, when not nil, are the reference outcomes the
// check describes (see GradeChecks).
func gradeWalk(ctx context.Context, f GradeEnumerate, c gradeCase, outcomes []string) grading.Result {
	var got, want gradeResult
	fail := func(k int, format string, args ...any) grading.Result {
		r := grading.Failf(format, args...)
		r.Scenario = c.scenario
		if c.changed {
			r.Params = gradeParams(c)
		}
		r.Seq = gradeSeq(ctx, c, k)
		return r.WithRuns(got.trace, want.trace)
	}
	gots, err := gradeRun(ctx, c, func(ctx context.Context, l ref.Lister) ([]string, []int, string) {
		tools, sizes, err := f(ctx, gradeLister{l}, c.lim)
		return gradeNames(tools), sizes, gradeClass(err, ErrInvalidLimits, ErrDuplicateName, ErrCursorRepeated, ErrPageLimit, ErrToolLimit)
	})
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	wants, err := gradeRun(ctx, c, func(ctx context.Context, l ref.Lister) ([]string, []int, string) {
		tools, sizes, err := ref.Enumerate(ctx, l, ref.Limits{MaxPages: c.lim.MaxPages, MaxTools: c.lim.MaxTools})
		return gradeNames(tools), sizes, gradeClass(err, ref.ErrInvalidLimits, ref.ErrDuplicateName, ref.ErrCursorRepeated, ref.ErrPageLimit, ref.ErrToolLimit)
	})
	if err != nil {
		return grading.Failf("the reference run failed: %v", err)
	}
	got, want = gots[0], wants[0]
	if outcomes != nil && !slices.Contains(outcomes, want.err) {
		return grading.Failf("grader bug: on %s the reference ends with %s, which this check's description does not cover (it covers %s): the case belongs to another check", gradeDescribe(c), want.err, strings.Join(outcomes, ", "))
	}
	call := fmt.Sprintf("Enumerate(ctx, lister, Limits{MaxPages: %d, MaxTools: %d}) on %s", c.lim.MaxPages, c.lim.MaxTools, gradeDescribe(c))
	switch {
	case c.cancelAfter > 0:
		call += fmt.Sprintf(", ctx cancelled after page %d", c.cancelAfter)
	case c.expired:
		call += ", ctx's deadline already passed"
	case c.slowPage > 0:
		call += fmt.Sprintf(", page %d never arrives and ctx's deadline passes while the walk waits for it", c.slowPage)
	}
	for k := 0; k < max(len(got.requests), len(want.requests)); k++ {
		if k >= len(got.requests) {
			return fail(k, "%s %s; it should then have sent request %d, tools/list %s", call, gradeSent(got.requests), k+1, want.requests[k])
		}
		if k >= len(want.requests) {
			return fail(len(want.requests)-1, "%s sent request %d (tools/list %s) after the walk should have ended with %s. Your requests: %s", call, k+1, got.requests[k], gradeOutcome(want), gradeRequests(got.requests))
		}
		if got.requests[k] != want.requests[k] {
			return fail(k, "%s: request %d was tools/list %s, want tools/list %s", call, k+1, got.requests[k], want.requests[k])
		}
	}
	if got.err != want.err || !slices.Equal(got.names, want.names) || !slices.Equal(got.sizes, want.sizes) {
		return fail(len(want.requests), "%s = %s, want %s", call, gradeOutcome(got), gradeOutcome(want))
	}
	if c.twice {
		// The same walk again, on the same server and catalog generation:
		// a walk that depends on anything but the pages (state kept from
		// the first walk, a map's iteration order) tells them apart.
		again := gots[1]
		if !slices.Equal(again.requests, got.requests) {
			return fail(0, "%s, walked twice in one catalog generation: the first walk sent %s, the second %s; the same catalog must be walked the same way", call, gradeRequests(got.requests), gradeRequests(again.requests))
		}
		if again.err != got.err || !slices.Equal(again.names, got.names) || !slices.Equal(again.sizes, got.sizes) {
			return fail(len(want.requests), "%s, walked twice in one catalog generation: the first walk = %s, the second = %s; the same catalog must give the same tools in the same order", call, gradeOutcome(got), gradeOutcome(again))
		}
	}
	return grading.Pass()
}

// A gradeResult is what one walk did.
type gradeResult struct {
	names    []string
	sizes    []int
	err      string
	nilTools bool
	requests []string // each request's params: "{}" or {"cursor":…}
	trace    string   // the run's trace (JSON Lines), every walk of it
}

func gradeOutcome(r gradeResult) string {
	if r.err == "nil" {
		return fmt.Sprintf("tools %q, page sizes %v, nil error", r.names, r.sizes)
	}
	if r.names == nil && r.sizes == nil {
		return fmt.Sprintf("nil, nil, %s", r.err)
	}
	return fmt.Sprintf("tools %q, page sizes %v, %s (on error both must be nil: no partial catalog)", r.names, r.sizes, r.err)
}

// gradeSent says, as part of a sentence, which requests a walk sent
// before it stopped.
func gradeSent(rs []string) string {
	switch len(rs) {
	case 0:
		return "sent no request"
	case 1:
		return "stopped after 1 request, tools/list " + rs[0]
	}
	return fmt.Sprintf("stopped after %d requests: tools/list %s", len(rs), strings.Join(rs, ", tools/list "))
}

func gradeRequests(rs []string) string {
	if len(rs) == 0 {
		return "none"
	}
	return strings.Join(rs, ", ")
}

func gradeDescribe(c gradeCase) string {
	var pages []string
	for _, p := range c.params.Pages {
		pages = append(pages, "["+strings.Join(p, " ")+"]")
	}
	s := c.scenario
	if c.changed {
		s += " with pages " + strings.Join(pages, " ")
		if c.params.EmptyCursorAfter > 0 {
			s += fmt.Sprintf(`, nextCursor "" after page %d`, c.params.EmptyCursorAfter)
		}
		if c.params.Shape != "normal" {
			s += ", shape " + c.params.Shape
		}
		if c.params.Twist != "" {
			s += ", twist " + c.params.Twist
		}
	}
	return s
}

func gradeNames(tools []*mcp.Tool) []string {
	if tools == nil {
		return nil
	}
	out := []string{}
	for _, t := range tools {
		if t == nil {
			out = append(out, "<nil>")
			continue
		}
		out = append(out, t.Name)
	}
	return out
}

// gradeClass names the kind of err, so errors from the learner's package
// and from the reference compare.
func gradeClass(err, invalid, dup, repeated, pages, tools error) string {
	var je *jsonrpc.Error
	switch {
	case err == nil:
		return "nil"
	case errors.Is(err, invalid):
		return "ErrInvalidLimits"
	case errors.Is(err, dup):
		return "ErrDuplicateName"
	case errors.Is(err, repeated):
		return "ErrCursorRepeated"
	case errors.Is(err, pages):
		return "ErrPageLimit"
	case errors.Is(err, tools):
		return "ErrToolLimit"
	case errors.As(err, &je):
		return fmt.Sprintf("a *jsonrpc.Error with code %d", je.Code)
	case errors.Is(err, context.Canceled):
		return "context.Canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "context.DeadlineExceeded"
	}
	return fmt.Sprintf("the error %q (errors.Is and errors.As find nothing they know in it)", err)
}
