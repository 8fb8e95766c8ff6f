package catalog

// This file is the grader's part that plays a walk on the simulator's wire
// and reads back what was sent. Do not edit it: go test and the classroom
// run it against your catalog.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"time"

	ref "github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// gradeRun plays c with walk as the client: once, or twice on the same
// server when c.twice. It returns what each walk did.
func gradeRun(ctx context.Context, c gradeCase, walk func(context.Context, ref.Lister) ([]string, []int, string)) ([]gradeResult, error) {
	p := c.params
	p.MaxPages, p.MaxTools = max(c.lim.MaxPages, 1), max(c.lim.MaxTools, 0)
	run, err := paging.NewGraderRun(ctx, p)
	if err != nil {
		return nil, err
	}
	defer run.Close()
	walks := 1
	if c.twice {
		walks = 2
	}
	var out []gradeResult
	sent := 0
	for w := 0; w < walks; w++ {
		r := gradeWalkOnce(ctx, c, run, walk)
		all := gradeRequestParams(run.Result().Events)
		r.requests = all[sent:]
		sent = len(all)
		out = append(out, r)
	}
	// The page shows the learner's run beside the reference's: the whole
	// run, so a second walk is there too.
	tr := run.Result().JSONL()
	for i := range out {
		out[i].trace = tr
	}
	return out, nil
}

// gradeWalkOnce plays one walk of c on run, with the context c asks for.
func gradeWalkOnce(ctx context.Context, c gradeCase, run *paging.GraderRun, walk func(context.Context, ref.Lister) ([]string, []int, string)) gradeResult {
	var wctx context.Context
	var cancel context.CancelFunc
	var deadline *gradeDeadline
	switch {
	case c.expired:
		wctx, cancel = context.WithDeadline(ctx, time.Unix(0, 0))
	case c.slowPage > 0:
		deadline = newGradeDeadline(ctx)
		wctx, cancel = deadline, deadline.expire
	default:
		wctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	answered := 0
	l := ref.ListerFunc(func(lctx context.Context, cursor *string) (ref.Page, error) {
		// A cancelled walk must not send: a dead context answers at once.
		if err := lctx.Err(); err != nil {
			return ref.Page{}, err
		}
		page, err := run.Lister().ListTools(lctx, cursor)
		answered++
		if c.cancelAfter > 0 && answered == c.cancelAfter {
			cancel()
		}
		if answered == c.slowPage {
			// The request went out and the server answered, but the answer
			// never reaches this client: the walk can only end through its
			// context, whose deadline passes now.
			deadline.expire()
			return ref.Page{}, gradeAwait(ctx, lctx)
		}
		return page, err
	})
	var r gradeResult
	r.names, r.sizes, r.err = walk(wctx, l)
	return r
}

// gradeRequestParams lists the params of every tools/list request sent.
func gradeRequestParams(evs []trace.Event) []string {
	var out []string
	for _, ev := range evs {
		if ev.Kind != trace.KindMessage || ev.Direction != trace.ClientToServer || ev.Run == "sdk-iterator" {
			continue
		}
		var m struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if !gradeIsList(ev.Raw) || json.Unmarshal([]byte(ev.Raw), &m) != nil {
			continue
		}
		p := string(m.Params)
		if p == "" {
			p = "{}"
		}
		out = append(out, p)
	}
	return out
}

// gradeSeq finds the seq of the k-th tools/list request (0-based) in the
// scenario's own trace, run with the case's parameters, so the page can
// open the player where the learner's walk went its own way. Past the last
// request it is the last response.
func gradeSeq(ctx context.Context, c gradeCase, k int) (seq int) {
	var overrides json.RawMessage
	if c.changed {
		overrides = gradeParams(c)
	}
	// In a copy students get, the reference walk the scenario plays comes
	// from a tape (sim/tape); should it lack this walk, the failure keeps
	// its message and the player opens at the start.
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(tape.Missing); !ok {
				panic(p)
			}
			seq = 0
		}
	}()
	res, err := play.NewCatalogue(paging.Presets()).Run(ctx, c.scenario, overrides)
	if err != nil {
		return 0
	}
	n, last := 0, 0
	for _, ev := range res.Events {
		if ev.Kind != trace.KindMessage || ev.Run == "sdk-iterator" {
			continue
		}
		switch {
		case ev.Direction == trace.ClientToServer && gradeIsList(ev.Raw):
			if n == k {
				return ev.Seq
			}
			n++
		case ev.Direction == trace.ServerToClient && n > 0:
			last = ev.Seq
		}
	}
	return last
}

// gradeParams is c's parameters as overrides of its preset. The twist is
// always written: "" (no twist) is a case of its own, which omitempty would
// drop, leaving the preset's twist in place.
func gradeParams(c gradeCase) json.RawMessage {
	b, _ := json.Marshal(c.params)
	m := map[string]json.RawMessage{}
	if json.Unmarshal(b, &m) != nil {
		return b
	}
	if _, ok := m["twist"]; !ok {
		m["twist"] = json.RawMessage(`""`)
	}
	b, _ = json.Marshal(m)
	return b
}

func gradeIsList(raw string) bool {
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal([]byte(raw), &m) == nil && m.Method == "tools/list"
}

// gradeLister adapts the simulator's Lister to the exercise's.
type gradeLister struct{ l ref.Lister }

func (g gradeLister) ListTools(ctx context.Context, cursor *string) (Page, error) {
	p, err := g.l.ListTools(ctx, cursor)
	return Page{Tools: p.Tools, NextCursor: p.NextCursor}, err
}
