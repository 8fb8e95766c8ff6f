package outcomes

// This file is the grader's hidden check: seeded random batches of calls. Do not edit it: go test and the classroom
// run it against your outcomes.go, and the browser runs the same checks.

import (
	"context"
	"fmt"
	"slices"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// gradeHidden reconciles seeded random batches of calls.
func gradeHidden(ctx context.Context, f GradeFuncs) grading.Result {
	rng := grading.Rand(ctx, 23, 42)
	answers := []string{"ok", "is-error", "rpc", "rpc", "eof", "eof", "closed", "canceled", "deadline", "stream-lost"}
	var rpcAnswers []string
	for a := range gradeRPCCodes {
		rpcAnswers = append(rpcAnswers, a)
	}
	slices.Sort(rpcAnswers) // map order is random; the batches must not be
	skus := []string{"PEN-01", "BOOK-01", "PEN-02"}
	for b := 0; b < 30; b++ {
		var specs []gradeSpec
		for i := 0; i < 1+rng.IntN(5); i++ {
			s := gradeSpec{sku: skus[rng.IntN(len(skus))], answer: answers[rng.IntN(len(answers))]}
			if s.answer == "rpc" {
				s.answer = rpcAnswers[rng.IntN(len(rpcAnswers))]
			}
			if rng.IntN(3) == 0 {
				s.tool = "get_stock"
			} else {
				s.tool = "reserve_stock"
				s.qty = 1 + i // distinct quantities tell keyless writes apart
				if rng.IntN(2) == 0 {
					s.key = fmt.Sprintf("key-%d-%d", b, i)
				}
				if s.answer == "is-error" {
					s.qty = 0
				}
				s.ran = rng.IntN(2) == 0
			}
			specs = append(specs, s)
		}
		if r := gradeSituation(ctx, f, specs); !r.Pass {
			r.Message = fmt.Sprintf("hidden batch %d: %s", b, r.Message)
			return r
		}
	}
	return grading.Pass()
}
