package catalog

// This file is the grader's hidden catalogs. Do not edit it: go test and
// the classroom run it against your catalog.go, and the browser runs the
// same checks.

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
)

// gradeHidden walks seeded random catalogs: random tool names, page
// shapes, empty-string cursors, repeats, cycles, duplicates and limits.
func gradeHidden(ctx context.Context, f GradeEnumerate) grading.Result {
	rng := grading.Rand(ctx, 17, 20251125)
	words := []string{"get", "put", "list", "find", "stock", "order", "ship", "ping", "sum", "read", "note", "tag"}
	for i := 0; i < 40; i++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		c := gradePreset("paging-normal", func(p *paging.Params) {
			np := 1 + rng.IntN(5)
			used := map[string]bool{}
			var order []string
			p.Pages = make([][]string, np)
			for j := range p.Pages {
				p.Pages[j] = []string{}
				for n := rng.IntN(4); n > 0; n-- {
					name := words[rng.IntN(len(words))] + "_" + words[rng.IntN(len(words))]
					if used[name] {
						continue
					}
					used[name] = true
					order = append(order, name)
					p.Pages[j] = append(p.Pages[j], name)
				}
			}
			if np > 1 && len(order) > 0 && rng.IntN(6) == 0 {
				p.Pages[np-1] = append(p.Pages[np-1], order[rng.IntN(len(order))])
			}
			if np > 1 && rng.IntN(3) == 0 {
				p.EmptyCursorAfter = 1 + rng.IntN(np-1)
			}
			switch k := rng.IntN(10); {
			case k == 0:
				p.Shape = "repeat"
			case k == 1 && np > 1:
				p.Shape = "cycle"
			case k == 2:
				p.Shape = "endless"
			}
			if np > 1 && p.Shape == "normal" && rng.IntN(10) == 0 {
				p.Twist = "invalid-cursor"
			}
			total := 0
			for _, pg := range p.Pages {
				total += len(pg)
			}
			p.MaxPages = []int{max(np-1, 1), np, np + 2, 30}[rng.IntN(4)]
			p.MaxTools = []int{max(total-1, 0), total, total + 5}[rng.IntN(3)]
			p.Seed = 1 + rng.Uint64N(1000)
		})
		if r := gradeWalk(ctx, f, c, nil); !r.Pass {
			r.Message = fmt.Sprintf("hidden catalog %d: %s", i, r.Message)
			return r
		}
	}
	return grading.Pass()
}
