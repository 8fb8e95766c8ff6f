package remote

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// CheckTimeout bounds one check whose learner's code runs in its own
// process, from the process's start to the verdict. It is longer than
// grading.Timeout, the in-process bound, because every call crosses a pipe:
// ttl's cost check makes 57,500 of them and took over 20 s on a busy
// 2-core machine. With [CallTimeout] it fixes what a submission that hangs
// costs: a check whose first call hangs ends after CallTimeout, and no
// check outlives CheckTimeout.
const CheckTimeout = 60 * time.Second

// CostScale divides a cost check's work (grading.WithCostScale): half the
// calls still tell O(log n) from O(n) by a wide margin.
const CostScale = 2

// Seed is the seed hidden checks draw their cases from: the classroom
// grader chooses one at grading time and passes it as MCP_PLAYGROUND_SEED
// (which a teacher or student may also set, to draw the same cases again);
// 0, the default, keeps each check's fixed stream.
func Seed() uint64 {
	n, _ := strconv.ParseUint(os.Getenv("MCP_PLAYGROUND_SEED"), 10, 64)
	return n
}

// OutOfProcess reports whether the grader asked the checks to call the
// learner's code in a process of its own: the classroom grader sets
// MCP_PLAYGROUND_OUT_OF_PROCESS=1 and compiles the test without the
// learner's file. A plain go test (a learner's own run, the proof, the
// parity test) calls the file compiled into the test, as the page does.
func OutOfProcess() bool { return os.Getenv("MCP_PLAYGROUND_OUT_OF_PROCESS") == "1" }

// Run plays c against a fresh process of the learner's program, its
// functions taken as F. Whatever that process does, the verdict is decided
// here: a call that gets no answer fails the check with a plain message.
func Run[F any](ctx context.Context, l *Learner, c grading.Check[F], errs Errors, adapters Adapters) grading.Result {
	ctx, cancel := context.WithTimeout(ctx, CheckTimeout)
	defer cancel()
	fail := func(err error) grading.Result {
		r := grading.Failf("%v", err)
		r.Check = c.Name
		return r
	}
	p, err := l.Start(errs, adapters)
	if err != nil {
		return fail(err)
	}
	defer p.Close()
	var f F
	if err := p.Root(&f); err != nil {
		return fail(err)
	}
	ctx = grading.WithCPUClock(ctx, p.CPUTime)
	ctx = grading.WithCostScale(ctx, CostScale)
	ctx = grading.WithSeed(ctx, Seed())
	return grading.RunWithin(ctx, c, f, CheckTimeout)
}

// Grader returns how an exercise's test grades one check: against
// inProcess, the learner's code compiled into the test, or, when
// [OutOfProcess], against a fresh process of the learner's program built
// from spec (a file that does not pass the import rule or does not compile
// fails every check with why). done removes the built program.
func Grader[F any](spec Spec, errs Errors, adapters Adapters, inProcess F) (grade func(grading.Check[F]) grading.Result, done func()) {
	if !OutOfProcess() {
		return func(c grading.Check[F]) grading.Result { return grading.Run(context.Background(), c, inProcess) }, func() {}
	}
	l, err := Build(spec)
	if err != nil {
		return func(c grading.Check[F]) grading.Result {
			r := grading.Failf("%v", err)
			r.Check = c.Name
			return r
		}, func() {}
	}
	return func(c grading.Check[F]) grading.Result { return Run(context.Background(), l, c, errs, adapters) }, l.Remove
}
