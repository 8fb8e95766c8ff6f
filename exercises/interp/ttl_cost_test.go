package interp

import (
	"cmp"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/ttl"
)

// ttl's renewal-cost check is tested here rather than beside it: the
// exercise's own package holds the learner's tests. A scheduler stand-in
// charges each renewal to a virtual CPU clock, so the check's verdict
// depends on the cost the stand-in declares, never on this machine.
func TestRenewalCostJudgesGrowthNotPauses(t *testing.T) {
	for _, tc := range []struct {
		name string
		// walk is what a renewal costs per ticket already held (0 for a
		// heap); pause is charged once, on renewal pauseAt of a large run;
		// from the busyFrom-th renewal on (of any scheduler), each costs
		// busy times as much: the machine got busy with something else.
		walk, pause time.Duration
		pauseAt     int
		busyFrom    int
		busy        time.Duration
		// base is what a renewal costs with no ticket held (1µs when
		// zero); busyUntil, when set, ends the busy spell at that renewal.
		base      time.Duration
		busyUntil int
		wantPass  bool
		// maxCalls, when set, bounds the renewals the check makes in all:
		// a new scheduler's chunk is timed only while the window fills,
		// while the large run looks too slow, and every fourth chunk.
		maxCalls int
	}{
		{name: "a heap passes, timing few new schedulers' chunks", wantPass: true, maxCalls: 100_000 + 7*5_000},
		// A collection early in the large run once failed a right answer
		// on a throttled page: before a walk could cross its budget, no
		// run is judged.
		{name: "a pause early in the large run passes", pause: 30 * time.Millisecond, pauseAt: 1024, wantPass: true},
		{name: "a pause late in the large run passes", pause: 100 * time.Millisecond, pauseAt: 60_000, wantPass: true},
		// Small runs timed before a large run once failed a right answer
		// on a throttled page that other tabs kept busy: a machine that
		// gets slower partway through slows both kinds of chunk alike.
		{name: "a machine busy from the middle of the large run on passes", busyFrom: 40_000, busy: 8, wantPass: true},
		{name: "a machine busy from late in the large run on passes", busyFrom: 90_000, busy: 8, wantPass: true},
		{name: "walking the tickets fails", walk: time.Microsecond, wantPass: false},
		{name: "walking the tickets on a busy machine fails", walk: time.Microsecond, busyFrom: 40_000, busy: 8, wantPass: false},
		// A walk that crosses the limit late in the run: a new
		// scheduler's chunk must be timed as soon as one chunk looks too
		// slow, not once the whole window does, or the run ends first.
		{name: "a walk that crosses the limit late fails", base: 20 * time.Microsecond, walk: time.Nanosecond, wantPass: false},
		// A new scheduler's chunks timed while the machine was busy must
		// not stand as the measure for the rest of the run.
		{name: "a walk after a busy start fails", walk: time.Nanosecond, busyFrom: 1, busyUntil: 50_000, busy: 8, wantPass: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var clock time.Duration
			calls := 0
			f := func() ttl.GradeSessions {
				tickets, deadline := 0, map[string]int64{}
				return ttl.GradeSessions{
					Touch: func(id string, now, life int64) error {
						cost := cmp.Or(tc.base, time.Microsecond) + tc.walk*time.Duration(tickets)
						if calls++; tc.busyFrom > 0 && calls >= tc.busyFrom && (tc.busyUntil == 0 || calls < tc.busyUntil) {
							cost *= tc.busy
						}
						clock += cost
						tickets++
						deadline[id] = now + life
						if tickets == tc.pauseAt && life > 5_000 {
							clock += tc.pause
						}
						return nil
					},
					Expire: func(now int64) ([]string, error) {
						var out []string
						for id, d := range deadline {
							if d <= now {
								out = append(out, id)
								delete(deadline, id)
							}
						}
						tickets = 0
						return out, nil
					},
					Live:    func() int { return len(deadline) },
					Tickets: func() int { return tickets },
				}
			}
			ctx := grading.WithCPUClock(context.Background(), func() time.Duration { return clock })
			var r grading.Result
			for _, c := range ttl.GradeChecks() {
				if c.Name == "renewal-cost" {
					r = c.Run(ctx, f)
				}
			}
			if r.Pass != tc.wantPass {
				t.Fatalf("renewal-cost pass = %v (%s), want %v", r.Pass, r.Message, tc.wantPass)
			}
			if tc.maxCalls > 0 && calls > tc.maxCalls {
				t.Errorf("the check made %d renewals, want at most %d", calls, tc.maxCalls)
			}
			if !r.Pass && !strings.Contains(r.Message, "got slower as its stale tickets piled up") {
				t.Errorf("message = %q, want the cost explained", r.Message)
			}
		})
	}
}
