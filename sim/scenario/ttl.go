package scenario

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/sim/ttl"
)

// A TTLOp is one call on the expiry scheduler: a touch (ID and TTL set) or
// an expire.
type TTLOp struct {
	Op  string `json:"op"` // touch or expire
	ID  string `json:"id,omitempty"`
	At  int64  `json:"at"`
	TTL int64  `json:"ttl,omitempty"`
	// Why is shown with the step.
	Why string `json:"why,omitempty"`
}

// TTLParams script the expiry scheduler.
type TTLParams struct {
	Ops []TTLOp `json:"ops"`
	// Renewals, when above zero, first renews session "A" that many times
	// (at times 0, 1, 2, …, each with ttl RenewTTL) and records a step every
	// RenewEvery renewals, to show stale tickets piling up.
	Renewals   int   `json:"renewals,omitempty"`
	RenewTTL   int64 `json:"renew_ttl,omitempty"`
	RenewEvery int   `json:"renew_every,omitempty"`
}

const maxTTLOps = 200

func (p *TTLParams) validate() error {
	if len(p.Ops) > maxTTLOps {
		return fmt.Errorf("ops: at most %d, got %d", maxTTLOps, len(p.Ops))
	}
	if len(p.Ops) == 0 && p.Renewals == 0 {
		return errors.New("ops: nothing to do")
	}
	for i, o := range p.Ops {
		if o.Op != "touch" && o.Op != "expire" {
			return fmt.Errorf("ops[%d]: op %q: want touch or expire", i, o.Op)
		}
	}
	if p.Renewals < 0 || p.Renewals > 100000 {
		return fmt.Errorf("renewals %d: want 0 to 100000", p.Renewals)
	}
	if p.Renewals > 0 && (p.RenewTTL <= 0 || p.RenewEvery <= 0 || p.Renewals/p.RenewEvery > maxTTLOps) {
		return fmt.Errorf("renewals need renew_ttl > 0 and renew_every with at most %d steps", maxTTLOps)
	}
	return nil
}

var ttlFamily = &family{
	name:   "ttl",
	params: func() validator { return &TTLParams{} },
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runTTL(ctx, rec, v.(*TTLParams))
	},
}

func touchOp(id string, at, ttl int64, why string) TTLOp {
	return TTLOp{Op: "touch", ID: id, At: at, TTL: ttl, Why: why}
}
func expireOp(at int64, why string) TTLOp { return TTLOp{Op: "expire", At: at, Why: why} }

func ttlPresets() []preset {
	info := func(id, title, summary string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: "ttl", Era: "application"}
	}
	return []preset{
		{info: info("ttl-renew", "Renewal postpones expiry", "A is touched at 0 with ttl 5 and again at 4: expire(5) finds only a stale ticket; expire(9) expires A."),
			family: ttlFamily, params: &TTLParams{Ops: []TTLOp{
				touchOp("A", 0, 5, "A starts: deadline 0+5 = 5."),
				touchOp("A", 4, 5, "A is used again at 4: a new generation, deadline 9. The old ticket stays in the heap, stale."),
				expireOp(5, "At 5 the stale ticket reaches the top and is discarded: its generation is not A's current one. A lives."),
				expireOp(9, "At 9 A's current ticket is due (9 <= 9): A expires."),
			}}},
		{info: info("ttl-reuse", "The same id after expiry", "A expires, then a new session reuses the id A: it gets a fresh generation, and nothing old can expire it."),
			family: ttlFamily, params: &TTLParams{Ops: []TTLOp{
				touchOp("A", 0, 5, "A starts: deadline 5."),
				touchOp("A", 3, 5, "Renewed at 3: deadline 8, and a stale ticket at 5."),
				expireOp(8, "At 8 A expires (the stale ticket is popped first, then the current one)."),
				touchOp("A", 9, 5, "A new session with the same id: a fresh generation, deadline 14."),
				expireOp(13, "Nothing is due yet."),
				expireOp(14, "At 14 the new A expires."),
			}}},
		{info: info("ttl-same-deadline", "Two sessions due together", "A and B have the same deadline; they expire together, ordered by id."),
			family: ttlFamily, params: &TTLParams{Ops: []TTLOp{
				touchOp("B", 0, 5, "B starts: deadline 5."),
				touchOp("A", 2, 3, "A starts: deadline 5 too."),
				expireOp(5, "Both are due at 5. Ties are ordered by id, so the result is A, B on every run."),
			}}},
		{info: info("ttl-stale-growth", "Stale tickets pile up", "One session renewed 10,000 times: one live session (S = 1) but 10,000 tickets in the heap (H)."),
			family: ttlFamily, params: &TTLParams{Renewals: 10000, RenewTTL: 5, RenewEvery: 1000, Ops: []TTLOp{
				expireOp(10003, "Nothing is due: every popped ticket so far is stale and discarded (lazy deletion)."),
				expireOp(10004, "The last renewal's ticket is due: A expires and the heap is empty."),
			}}},
	}
}

func runTTL(ctx context.Context, rec *trace.Recorder, p *TTLParams) error {
	rec.Transport = ""
	s := ttl.New()
	snap := func(st *trace.State) { st.TTL = s.Snapshot() }
	rec.Changed("The scheduler is empty. Times are virtual milliseconds, and idle expiry is the application's policy: no MCP message is involved.", snap)
	if p.Renewals > 0 {
		for i := range p.Renewals {
			if err := s.Touch("A", int64(i), p.RenewTTL); err != nil {
				return err
			}
			if (i+1)%p.RenewEvery == 0 {
				rec.Advance(int64(i) - rec.Now())
				rec.Changed(fmt.Sprintf("%d renewals of A: S = %d live session, H = %d tickets. Each touch costs O(log H).", i+1, s.Live(), s.Tickets()), snap)
			}
		}
	}
	for _, o := range p.Ops {
		if err := ctx.Err(); err != nil {
			return err
		}
		if o.At > rec.Now() {
			rec.Advance(o.At - rec.Now())
		}
		var note string
		var err error
		var expired []string
		switch o.Op {
		case "touch":
			err = s.Touch(o.ID, o.At, o.TTL)
			note = fmt.Sprintf("Touch(%q, %d, %d)", o.ID, o.At, o.TTL)
		default:
			expired, err = s.Expire(o.At)
			note = fmt.Sprintf("Expire(%d) → [%s]", o.At, strings.Join(expired, ", "))
		}
		if err != nil {
			note += " → error: " + err.Error()
		}
		if o.Why != "" {
			note += ". " + o.Why
		}
		// Each step's snapshot says only what this step did: no error or
		// expired list carried over from an earlier one.
		rec.Changed(note, func(st *trace.State) {
			st.TTL = s.Snapshot()
			st.TTL.Expired = expired
			st.Error = ""
			if err != nil {
				st.Error = err.Error()
			}
		})
	}
	return nil
}
