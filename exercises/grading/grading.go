// Package grading is what every exercise's grader shares: a named check, its
// result, and [Run], which plays a check against a learner's code so that a
// panic or a hang is a failed check rather than a dead test binary or page.
//
// The same checks run in two places: under go test (locally and in a class,
// through each exercise's _test.go) and in the browser, where the
// wasm calls them with functions taken from the learner's interpreted code.
// So a check receives the learner's code as a value of a plain function type,
// never by naming a package-level function.
package grading

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"
)

// A Result is the outcome of one check.
type Result struct {
	Check string `json:"check"`
	Pass  bool   `json:"pass"`
	// Message says what went wrong, in the form "Enumerate(...) = ..., want ...".
	Message string `json:"message,omitempty"`
	// Scenario is the simulator scenario the failing case played, if any,
	// so the page can open it in the player.
	Scenario string `json:"scenario,omitempty"`
	// Seq is the seq of the trace event where the learner's code went wrong
	// in Scenario; 0 when the check cannot tell.
	Seq int `json:"seq,omitempty"`
	// Params, when set, are the parameter overrides that make Scenario
	// replay the failing case (a hidden variant or a changed limit); Seq
	// refers to that run.
	Params json.RawMessage `json:"params,omitempty"`
	// Yours, when set, is the failing case as the learner's code played it
	// on the simulator's wire (a trace, JSON Lines), and Reference the same
	// case played by the reference answer: the page shows the two side by
	// side from the first step where they differ.
	Yours     string `json:"yours,omitempty"`
	Reference string `json:"reference,omitempty"`
}

func (r Result) String() string {
	var b strings.Builder
	if r.Pass {
		fmt.Fprintf(&b, "%s: pass", r.Check)
	} else {
		fmt.Fprintf(&b, "%s: FAIL: %s", r.Check, r.Message)
	}
	if !r.Pass && r.Scenario != "" {
		fmt.Fprintf(&b, " (scenario %s", r.Scenario)
		if r.Seq > 0 {
			fmt.Fprintf(&b, ", event %d", r.Seq)
		}
		if len(r.Params) > 0 {
			var c bytes.Buffer
			if json.Compact(&c, r.Params) == nil {
				fmt.Fprintf(&b, ", params %s", c.String())
			}
		}
		b.WriteString(")")
	}
	return b.String()
}

// A Check is one graded case of an exercise. F is the type of the learner's
// code the check calls: a function, or a constructor returning functions.
type Check[F any] struct {
	// Name is the check's id: lower-case letters, digits and hyphens. It is
	// the subtest name, the key in .meta/config.json and, after its
	// exercise's id, the test name in every classroom export.
	Name string
	// Scenario names the scenario the check plays, when it plays one.
	Scenario string
	// Run grades f. It returns a Result whose Check field may be left empty.
	Run func(ctx context.Context, f F) Result
}

// Pass returns a passing result.
func Pass() Result { return Result{Pass: true} }

// Failf returns a failing result with a formatted message.
func Failf(format string, args ...any) Result {
	return Result{Message: fmt.Sprintf(format, args...)}
}

// At returns r with its scenario and event seq set, when r failed.
func (r Result) At(scenario string, seq int) Result {
	if !r.Pass {
		r.Scenario, r.Seq = scenario, seq
	}
	return r
}

// WithRuns returns r carrying both traces of its failing case (see
// [Result.Yours]), when r failed and both are known.
func (r Result) WithRuns(yours, reference string) Result {
	if !r.Pass && yours != "" && reference != "" {
		r.Yours, r.Reference = yours, reference
	}
	return r
}

// Timeout bounds one check in real time. Checks themselves run in well under
// a second; the bound only turns a learner's endless loop into a failure.
const Timeout = 20 * time.Second

// Run plays c against f. A panic in f is a failed check carrying the panic
// message; a check still running after [Timeout] (or when ctx ends) fails as
// "timed out". The goroutine of a timed-out check is abandoned: Go cannot
// stop it, and the test binary or the worker ends soon after.
func Run[F any](ctx context.Context, c Check[F], f F) Result {
	return RunWithin(ctx, c, f, Timeout)
}

// RunWithin is [Run] with another bound than [Timeout].
func RunWithin[F any](ctx context.Context, c Check[F], f F, d time.Duration) Result {
	start := time.Now()
	ctx, cancel := context.WithTimeoutCause(ctx, d, errOverLimit)
	defer cancel()
	done := make(chan Result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				if n, ok := p.(NoAnswer); ok {
					done <- Result{Message: string(n)}
					return
				}
				// A reference played back from a tape that has no answer
				// (sim/tape) says so plainly: the stack is the grader's.
				if m, ok := p.(interface{ PlainPanic() string }); ok {
					done <- Result{Message: m.PlainPanic()}
					return
				}
				done <- Result{Message: fmt.Sprintf("panic: %v\n%s", p, firstFrames(debug.Stack()))}
			}
		}()
		done <- c.Run(ctx, f)
	}()
	timedOut := func() Result {
		if context.Cause(ctx) == errOverLimit {
			// The learner reads how long and what the limit is, never a
			// bare "deadline exceeded".
			return Result{Message: fmt.Sprintf("timed out: your code took %d ms in this check and had not finished; the limit is %d ms", time.Since(start).Milliseconds(), d.Milliseconds())}
		}
		return Result{Message: "timed out: " + context.Cause(ctx).Error()}
	}
	var r Result
	select {
	case r = <-done:
		// When the check's result and the end of its context are both
		// ready, select picks either: a pass that came once the context
		// had ended is the limit's (or the caller's) verdict, not a pass.
		if r.Pass && ctx.Err() != nil {
			r = timedOut()
		}
	case <-ctx.Done():
		r = timedOut()
	}
	r.Check = c.Name
	if !r.Pass {
		r.Message += seedNote(ctx)
	}
	if !r.Pass && r.Scenario == "" {
		r.Scenario = c.Scenario
	}
	return r
}

// errOverLimit is the cause of a check's context when the check ran past
// its bound, told apart from a caller's own deadline.
var errOverLimit = errors.New("over the check's time limit")

// NoAnswer is what a call into a learner's code running in another
// process panics with when it gets no answer (the process ended, hung,
// or answered nonsense): [Run] fails the check with the message alone,
// as there is no stack of the grader's that would help the learner.
type NoAnswer string

func (n NoAnswer) Error() string { return string(n) }

type cpuClockKey struct{}

// WithCPUClock returns a context telling cost checks how to read the CPU
// time of the learner's code: the grader sets it when that code runs in a
// process of its own.
func WithCPUClock(ctx context.Context, clock func() time.Duration) context.Context {
	return context.WithValue(ctx, cpuClockKey{}, clock)
}

// CPUClock returns the clock set by [WithCPUClock], or [CPUTime].
func CPUClock(ctx context.Context) func() time.Duration {
	if c, ok := ctx.Value(cpuClockKey{}).(func() time.Duration); ok {
		return c
	}
	return CPUTime
}

// firstFrames keeps the part of a stack a learner can use: the frames below
// the runtime's panic machinery, at most a dozen lines.
func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			lines = lines[i:]
			break
		}
	}
	if len(lines) > 12 {
		lines = lines[:12]
	}
	return strings.Join(lines, "\n")
}

// Names returns the checks' names, in order.
func Names[F any](cs []Check[F]) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

type costScaleKey struct{}

// WithCostScale returns a context telling cost checks to do 1/divisor of
// their usual work. The in-browser grader sets it: interpreted code runs
// each call tens of times slower than compiled code, and a cost check
// compares the learner's code against itself (small run against large run),
// so a smaller run still tells O(log n) from O(n) while keeping the grade
// to seconds.
func WithCostScale(ctx context.Context, divisor int) context.Context {
	return context.WithValue(ctx, costScaleKey{}, max(divisor, 1))
}

// CostScale returns the divisor set by [WithCostScale], or 1.
func CostScale(ctx context.Context) int {
	if d, ok := ctx.Value(costScaleKey{}).(int); ok {
		return d
	}
	return 1
}

type seedKey struct{}

// seedUse is the seed of one check's hidden cases, and whether the check
// drew any.
type seedUse struct {
	seed uint64
	used atomic.Bool
}

// WithSeed returns a context whose hidden checks draw their cases from
// seed (see [Rand]). The classroom grader chooses one at grading time and
// prints it, so hidden cases cannot be copied from the grader's source,
// and a failure can be reproduced.
func WithSeed(ctx context.Context, seed uint64) context.Context {
	return context.WithValue(ctx, seedKey{}, &seedUse{seed: seed})
}

// Rand returns the random source of a hidden check: the check's own fixed
// stream (a, b) where no seed was set (the page, the proof, the parity
// test), else one drawn from the seed.
func Rand(ctx context.Context, a, b uint64) *rand.Rand {
	if s, ok := ctx.Value(seedKey{}).(*seedUse); ok && s.seed != 0 {
		s.used.Store(true)
		return rand.New(rand.NewPCG(a, s.seed))
	}
	return rand.New(rand.NewPCG(a, b))
}

// seedNote is what a failed check that drew hidden cases adds to its
// message: the seed, and how to draw the same cases again.
func seedNote(ctx context.Context) string {
	if s, ok := ctx.Value(seedKey{}).(*seedUse); ok && s.used.Load() {
		return fmt.Sprintf(" [hidden cases drawn with seed %d: MCP_PLAYGROUND_SEED=%d go run ./grader draws them again]", s.seed, s.seed)
	}
	return ""
}
