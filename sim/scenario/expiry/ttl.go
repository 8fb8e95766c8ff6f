// Package expiry is the ttl scenario family: a script of touches and
// expiries played on the idle-expiry scheduler of sim/ttl, with the
// scheduler's heap and live sessions in every step's state.
package expiry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
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

// Params script the expiry scheduler.
type Params struct {
	Ops []TTLOp `json:"ops"`
	// Renewals, when above zero, first renews session "A" that many times
	// (at times 0, 1, 2, …, each with ttl RenewTTL) and records a step every
	// RenewEvery renewals, to show stale tickets piling up.
	Renewals   int   `json:"renewals,omitempty"`
	RenewTTL   int64 `json:"renew_ttl,omitempty"`
	RenewEvery int   `json:"renew_every,omitempty"`
}

// TTL operations.
const (
	OpTouch  = "touch"
	OpExpire = "expire"
)

// ttlOpChoices are the words an op accepts. They are not the family's
// [Info.Choices]: those name top-level parameters a form offers as a
// select, and ops is a list.
func opChoices() play.Choices { return play.Choices{"op": {OpTouch, OpExpire}} }

const MaxTTLOps = 200

func (p *Params) Validate() error {
	if len(p.Ops) > MaxTTLOps {
		return fmt.Errorf("ops: at most %d, got %d", MaxTTLOps, len(p.Ops))
	}
	if len(p.Ops) == 0 && p.Renewals == 0 {
		return errors.New("ops: nothing to do")
	}
	ops := opChoices()
	for i, o := range p.Ops {
		if err := ops.Check("op", o.Op); err != nil {
			return fmt.Errorf("ops[%d]: %w", i, err)
		}
	}
	if p.Renewals < 0 || p.Renewals > 100000 {
		return fmt.Errorf("renewals %d: want 0 to 100000", p.Renewals)
	}
	if p.Renewals > 0 && (p.RenewTTL <= 0 || p.RenewEvery <= 0 || p.Renewals/p.RenewEvery > MaxTTLOps) {
		return fmt.Errorf("renewals need renew_ttl > 0 and renew_every with at most %d steps", MaxTTLOps)
	}
	return nil
}

// The ttl family scripts the expiry scheduler of sim/ttl; its presets are
// in ttl_presets.go.
var ttlFamily = &play.Family{
	Name:   "ttl",
	Params: func() play.Validator { return &Params{} },
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runTTL(ctx, rec, v.(*Params))
	},
}

func runTTL(ctx context.Context, rec *trace.Recorder, p *Params) error {
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
		case OpTouch:
			err = s.Touch(o.ID, o.At, o.TTL)
			note = fmt.Sprintf("Touch(%q, %d, %d)", o.ID, o.At, o.TTL)
		default: // opExpire, the only other op validate admits
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
