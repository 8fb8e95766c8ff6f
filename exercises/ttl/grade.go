package ttl

// This file is the grader. Do not edit it: go test and the classroom run it
// against your ttl.go, and the browser runs the same checks.

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	ref "github.com/mcp-playground/mcp-playground/sim/ttl"
)

// GradeSessions is a Sessions seen through its methods, so that the checks
// can drive a scheduler compiled into the test binary or interpreted in the
// browser alike.
type GradeSessions struct {
	Touch   func(id string, now, ttl int64) error
	Expire  func(now int64) ([]string, error)
	Live    func() int
	Tickets func() int
}

// GradeNew makes a scheduler: New, seen through its methods.
type GradeNew func() GradeSessions

// A gradeOp is one call: a Touch when id or ttl is set, else an Expire.
type gradeOp struct {
	touch   bool
	id      string
	now, tt int64
}

func touch(id string, now, ttl int64) gradeOp { return gradeOp{touch: true, id: id, now: now, tt: ttl} }
func expire(now int64) gradeOp                { return gradeOp{now: now} }

func (o gradeOp) String() string {
	if o.touch {
		return fmt.Sprintf("Touch(%q, %d, %d)", o.id, o.now, o.tt)
	}
	return fmt.Sprintf("Expire(%d)", o.now)
}

// GradeChecks returns the exercise's checks, in the order the page lists them.
// Every answer is compared with sim/ttl, the scheduler the simulator's TTL
// scenarios run.
func GradeChecks() []grading.Check[GradeNew] {
	script := func(name, scen string, ops ...gradeOp) grading.Check[GradeNew] {
		return grading.Check[GradeNew]{Name: name, Scenario: scen, Run: func(ctx context.Context, f GradeNew) grading.Result {
			return gradeScript(f, scen, ops)
		}}
	}
	return []grading.Check[GradeNew]{
		script("renew", "ttl-renew",
			touch("A", 0, 5), touch("A", 4, 5), expire(5), expire(8), expire(9), expire(20)),
		script("deadline-inclusive", "ttl-renew",
			touch("A", 0, 5), expire(4), expire(5), touch("B", 5, 1), expire(6)),
		script("same-deadline", "ttl-same-deadline",
			touch("B", 0, 5), touch("A", 0, 5), touch("C", 1, 3), touch("a", 2, 2), expire(3), expire(4), expire(5)),
		script("stale-tickets", "ttl-stale-growth",
			touch("A", 0, 10), touch("A", 1, 2), expire(3), touch("B", 3, 1), touch("A", 4, 100), expire(10), expire(103), expire(104)),
		script("reuse", "ttl-reuse",
			touch("A", 0, 10), touch("A", 1, 1), expire(2), touch("A", 3, 100), expire(10), touch("B", 11, 1), expire(12), expire(103)),
		script("counts", "ttl-stale-growth",
			touch("a", 0, 3), touch("b", 0, 3), touch("a", 1, 3), touch("a", 2, 3), expire(3), expire(4), expire(5), touch("c", 6, 1), expire(7)),
		script("bad-input", "ttl-renew",
			touch("A", 10, 5), touch("", 11, 5), touch("B", 11, 0), touch("B", 11, -3), touch("B", 9, 5), expire(9),
			touch("C", math.MaxInt64-4, 5), touch("C", 12, math.MaxInt64), expire(11), touch("D", 11, 1), expire(15), expire(16)),
		{Name: "hidden-interleavings", Run: gradeHidden},
		{Name: "renewal-cost", Scenario: "ttl-stale-growth", Run: gradeCost},
	}
}

// gradeScript plays ops on the learner's scheduler and the reference and
// compares every answer, Live and Tickets after each call. A failure points
// at the failing call in scenario scen replayed with these ops (the TTL
// family records one event per call, after one for the empty scheduler).
func gradeScript(f GradeNew, scen string, ops []gradeOp) grading.Result {
	r, i := gradeScriptAt(f, ops)
	if r.Pass {
		return r
	}
	type op struct {
		Op  string `json:"op"`
		ID  string `json:"id,omitempty"`
		At  int64  `json:"at"`
		TTL int64  `json:"ttl,omitempty"`
		// Why is sent empty on purpose: overrides are decoded over the
		// preset's ops, and a preset's explanation would otherwise stay
		// attached to a different call.
		Why string `json:"why"`
	}
	var params struct {
		Ops      []op `json:"ops"`
		Renewals int  `json:"renewals"`
	}
	for _, o := range ops {
		if o.touch {
			params.Ops = append(params.Ops, op{Op: "touch", ID: o.id, At: o.now, TTL: o.tt})
		} else {
			params.Ops = append(params.Ops, op{Op: "expire", At: o.now})
		}
	}
	r = r.At(scen, i+2)
	r.Params, _ = json.Marshal(params)
	return r
}

// gradeScriptAt is gradeScript without the pointer: it also returns the
// index of the failing call.
func gradeScriptAt(f GradeNew, ops []gradeOp) (grading.Result, int) {
	s, r := f(), ref.New()
	var done []string
	for i, op := range ops {
		var got, want []string
		var gerr, werr error
		if op.touch {
			gerr, werr = s.Touch(op.id, op.now, op.tt), r.Touch(op.id, op.now, op.tt)
		} else {
			got, gerr = s.Expire(op.now)
			want, werr = r.Expire(op.now)
		}
		fail := func(format string, args ...any) grading.Result {
			return grading.Failf("after New() and\n%s%s", gradeListing(done, op), fmt.Sprintf(format, args...))
		}
		if gk, wk := gradeKind(gerr, ErrInvalidInput, ErrTimeReversed, ErrOverflow), gradeKind(werr, ref.ErrInvalidInput, ref.ErrTimeReversed, ref.ErrOverflow); gk != wk {
			return fail("%s returned error %v, want %s", op, gerr, wk), i
		}
		if !op.touch && !slices.Equal(got, want) {
			return fail("%s = %q, want %q", op, got, want), i
		}
		if g, w := s.Live(), r.Live(); g != w {
			return fail("then Live() = %d, want %d", g, w), i
		}
		if g, w := s.Tickets(), r.Tickets(); g != w {
			return fail("then Tickets() = %d, want %d (every Touch adds a ticket; only Expire removes them)", g, w), i
		}
		done = append(done, op.String())
	}
	return grading.Pass(), len(ops)
}

// gradeListing lists the calls a failure follows: the last eight done,
// then op, the call that failed or whose state is checked next.
func gradeListing(done []string, op gradeOp) string {
	var b strings.Builder
	if len(done) > 8 {
		fmt.Fprintf(&b, "  … %d earlier calls\n", len(done)-8)
		done = done[len(done)-8:]
	}
	for _, d := range append(done, op.String()) {
		b.WriteString("  " + d + "\n")
	}
	return b.String()
}

// gradeKind names which of the three errors err is, or "nil".
func gradeKind(err, invalid, reversed, overflow error) string {
	switch {
	case err == nil:
		return "nil"
	case errors.Is(err, invalid):
		return "ErrInvalidInput"
	case errors.Is(err, reversed):
		return "ErrTimeReversed"
	case errors.Is(err, overflow):
		return "ErrOverflow"
	}
	return "an error that is none of ErrInvalidInput, ErrTimeReversed, ErrOverflow"
}

// gradeHidden plays seeded random interleavings of touches and expiries,
// bad input included, against the reference.
func gradeHidden(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 11, 1999)
	ids := []string{"A", "B", "C", "D", "E", "s-1", "s-10", "s-2"}
	for run := 0; run < 200; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		var ops []gradeOp
		now := int64(rng.IntN(5))
		for i := 0; i < 40; i++ {
			switch k := rng.IntN(20); {
			case k < 11:
				ops = append(ops, touch(ids[rng.IntN(len(ids))], now, int64(1+rng.IntN(8))))
			case k < 17:
				ops = append(ops, expire(now))
			case k == 17:
				ops = append(ops, touch(ids[rng.IntN(len(ids))], now-int64(1+rng.IntN(3)), 4))
			case k == 18:
				ops = append(ops, touch([]string{"", "A"}[rng.IntN(2)], now, int64(-rng.IntN(2))))
			default:
				ops = append(ops, touch("B", math.MaxInt64-int64(rng.IntN(3)), 3))
			}
			now += int64(rng.IntN(3))
		}
		if r := gradeScript(f, "ttl-renew", ops); !r.Pass {
			r.Message = fmt.Sprintf("hidden interleaving %d: %s", run, r.Message)
			return r
		}
	}
	return grading.Pass()
}

// The cost check renews one session n times, then expires it. With a heap
// and lazy deletion each renewal is O(log H); a renewal that walks the
// tickets is O(H) and the whole run O(n²). Rather than racing a fixed time
// limit, the check compares the learner's code with itself, in CPU time:
// what a chunk of renewals costs with many tickets held against what the
// same number costs a new scheduler, which holds few. A heap's chunk grows
// by the log factor (about 1.3 from 5,000 to 100,000 tickets); a walk's
// grows with H and is over gradeCostGrowth times a new scheduler's before
// H reaches gradeCostWatchFrom+gradeCostWindow chunks, so a quadratic
// answer fails in well under a second a try instead of hanging the page.
//
// A timing errs one way only: a machine busy with something else (and the
// browser has no CPU clock, only the wall clock) makes a chunk look slower,
// never faster. So a verdict compares a window of the large run's chunks
// with a new scheduler's chunks timed in turn with them, each right after
// one of the window's, and takes the fastest of each kind: a busy machine
// slows both alike, a pause slows one chunk of the window and not its
// fastest. Comparing the large run with small runs timed before it failed
// a right answer on a 4× throttled page that other tabs kept busy: the
// small runs had caught a quiet moment and the large one never did.
//
// A new scheduler's chunk costs as much as a large run's, so it is only
// timed while the window fills, after a large-run chunk that looks too
// slow against the last ones timed, and at least every gradeCostWindow
// chunks (a measure taken while the machine was busy must not stand for
// the rest of the run): a quiet right answer times seven of them, not
// one per chunk, and a verdict still waits for a window whose every chunk
// was paired.
const (
	gradeCostSmall     = 5_000   // renewals in a chunk
	gradeCostLarge     = 100_000 // renewals of the large run
	gradeCostGrowth    = 4
	gradeCostWatchFrom = 2                    // chunks the large run holds before its chunks are timed
	gradeCostWindow    = 4                    // chunks of each kind a verdict compares
	gradeCostFloor     = 5 * time.Millisecond // below this a timing is noise
)

func gradeCost(ctx context.Context, f GradeNew) grading.Result {
	// The browser grades interpreted code and asks for less work (see
	// grading.WithCostScale); the ratio of large to small stays the same.
	// The large run is a whole number of chunks, whatever the scale.
	chunk := max(gradeCostSmall/grading.CostScale(ctx), 1)
	c := costRun{chunk: chunk, n: chunk * (gradeCostLarge / gradeCostSmall)}
	// A large run too slow is run again on a fresh scheduler, and only
	// gradeCostTries of them fail: an answer that walks its tickets is too
	// slow every time.
	var r grading.Result
	for range gradeCostTries {
		var slow bool
		// Collect first, as testing.B does before it times: the heap left
		// by the checks before (in the browser, the interpreter's too)
		// then cannot fall due in the middle of this run.
		runtime.GC()
		r, slow = c.run(ctx, f)
		if !slow {
			break
		}
	}
	return r
}

// gradeCostTries is how many large runs must all be too slow to fail.
const gradeCostTries = 3

// costRun is one cost check's sizes: n renewals of the large run, timed
// in chunks of chunk renewals.
type costRun struct{ chunk, n int }

// tooSlow is the verdict on a window: the large run's fastest chunk,
// made with held tickets held, took many; the new scheduler's fastest
// took few. A few under gradeCostFloor was counted as the floor, and the
// message says so rather than print the floor as a timing.
func (c costRun) tooSlow(held int, many, few time.Duration) grading.Result {
	if few < gradeCostFloor {
		return grading.Failf("renewing one session got slower as its stale tickets piled up: in its fastest chunk, with %d tickets held, %d renewals took %v of CPU, while a new scheduler's %d took under %v, counted as %v; a renewal that stays O(log H) takes at most %d times as long. A renewal must cost O(log H): push a ticket, never walk the tickets", held, c.chunk, many.Round(time.Millisecond), c.chunk, gradeCostFloor, gradeCostFloor, gradeCostGrowth)
	}
	return grading.Failf("renewing one session got slower as its stale tickets piled up: in its fastest chunk, with %d tickets held, %d renewals took %v of CPU, while a new scheduler's %d took %v at the fastest; a renewal that stays O(log H) takes at most %d times as long. A renewal must cost O(log H): push a ticket, never walk the tickets", held, c.chunk, many.Round(time.Millisecond), c.chunk, few.Round(time.Millisecond), gradeCostGrowth)
}

// run touches session "s" n times at times 0..n-1 with ttl n, its chunks
// timed against a new scheduler's from gradeCostWatchFrom chunks on, then
// checks Tickets() = n and that Expire(2n) returns exactly "s" and leaves
// no ticket. It also says whether a failure was the timing's (the only
// kind worth another try).
func (c costRun) run(ctx context.Context, f GradeNew) (grading.Result, bool) {
	clock := grading.CPUClock(ctx)
	s := f()
	var many []costChunk    // the window: the large run's last chunks
	var few []time.Duration // the last new scheduler's chunks timed
	since := 0              // large-run chunks since a new scheduler's was timed
	for done := 0; done < c.n; done += c.chunk {
		start := clock()
		for i := done; i < done+c.chunk; i++ {
			if err := s.Touch("s", int64(i), int64(c.n)); err != nil {
				return grading.Failf("renewal %d: Touch(\"s\", %d, %d) = %v, want nil", i+1, i, c.n, err), false
			}
		}
		el := clock() - start
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err()), false
		}
		if done < gradeCostWatchFrom*c.chunk {
			continue
		}
		if many = append(many, costChunk{held: done + c.chunk, took: el}); len(many) > gradeCostWindow {
			many = many[1:]
		}
		// A new scheduler's chunk is timed while the window fills, as soon
		// as this one chunk looks too slow (waiting for the whole window to
		// look so let a walk that crosses the limit late finish the run
		// first), and at least every gradeCostWindow chunks, so that a
		// measure taken while the machine was busy does not stand for the
		// rest of the run.
		if since++; len(few) == gradeCostWindow && since < gradeCostWindow && el <= costLimit(few) {
			continue
		}
		since = 0
		base, r := c.fresh(f, clock)
		if !r.Pass {
			return r, false
		}
		if few = append(few, base); len(few) > gradeCostWindow {
			few = few[1:]
		}
		many[len(many)-1].paired = true
		if len(many) == gradeCostWindow && !slices.ContainsFunc(many, func(k costChunk) bool { return !k.paired }) && fastest(many).took > costLimit(few) {
			fast := fastest(many)
			return c.tooSlow(fast.held, fast.took, slices.Min(few)), true
		}
	}
	return c.expires(s, c.n), false
}

// A costChunk is one timed chunk of the large run: the tickets held after
// it, what it took, and whether a new scheduler's chunk was timed right
// after it.
type costChunk struct {
	held   int
	took   time.Duration
	paired bool
}

func fastest(many []costChunk) costChunk {
	return slices.MinFunc(many, func(a, b costChunk) int { return cmp.Compare(a.took, b.took) })
}

// costLimit is the most a large-run chunk may take: gradeCostGrowth times
// the fastest of few, a few under gradeCostFloor counted as the floor.
func costLimit(few []time.Duration) time.Duration {
	return gradeCostGrowth * max(slices.Min(few), gradeCostFloor)
}

// fresh times chunk renewals of session "s" on a new scheduler, which then
// must hold what run's scheduler must.
func (c costRun) fresh(f GradeNew, clock func() time.Duration) (time.Duration, grading.Result) {
	s := f()
	start := clock()
	for i := 0; i < c.chunk; i++ {
		if err := s.Touch("s", int64(i), int64(c.chunk)); err != nil {
			return 0, grading.Failf("renewal %d: Touch(\"s\", %d, %d) = %v, want nil", i+1, i, c.chunk, err)
		}
	}
	el := clock() - start
	return el, c.expires(s, c.chunk)
}

// expires checks a scheduler that renewed session "s" n times with ttl n
// from time 0: it holds n tickets and one live session, and Expire(2n)
// returns exactly "s" and leaves nothing.
func (c costRun) expires(s GradeSessions, n int) grading.Result {
	if got := s.Tickets(); got != n {
		return grading.Failf("after %d renewals of one session, Tickets() = %d, want %d: old tickets stay in the heap until Expire pops them", n, got, n)
	}
	if got := s.Live(); got != 1 {
		return grading.Failf("after %d renewals of one session, Live() = %d, want 1", n, got)
	}
	got, err := s.Expire(int64(2 * n))
	if err != nil || !slices.Equal(got, []string{"s"}) || s.Tickets() != 0 || s.Live() != 0 {
		return grading.Failf("after %d renewals, Expire(%d) = %q, %v with Tickets() = %d, Live() = %d; want [\"s\"], nil, 0, 0", n, 2*n, got, err, s.Tickets(), s.Live())
	}
	return grading.Pass()
}
