// Package ttl is an idle-expiry scheduler for sessions: the data structure
// behind the session expiry lesson and the reference model for its exercise.
//
// Every Touch gives a session a new generation and pushes a ticket
// (expiry, id, generation) onto a min-heap. Old tickets are not removed:
// deletion from the middle of a heap is costly, so they are left to go stale
// and are discarded when they reach the top. A popped ticket expires its
// session only if its generation is still the session's current one, which is
// what stops an old ticket from expiring a renewed session.
package ttl

import (
	"errors"

	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Errors returned by [Scheduler] methods.
var (
	ErrInvalidInput = errors.New("ttl: invalid input")
	ErrTimeReversed = errors.New("ttl: time went backwards")
	ErrOverflow     = errors.New("ttl: deadline overflows")
)

// A Scheduler tracks live sessions and their deadlines. Time is an int64
// supplied by the caller (a virtual clock in tests and scenarios) and must
// never decrease across Touch and Expire together.
type Scheduler struct {
	// state is the heap and the sessions; in a copy built with the tag
	// replay (see sim/tape), a place on the tape instead.
	state
}

// New returns an empty scheduler.
func New() *Scheduler { return &Scheduler{newState()} }

// Touch starts or renews session id at time now with an idle timeout of ttl:
// its deadline becomes now+ttl. The session's previous ticket, if any, goes
// stale.
func (s *Scheduler) Touch(id string, now, ttl int64) error { return s.touch(id, now, ttl) }

// Expire removes and returns every session whose current deadline is at or
// before now (expiry <= now), ordered by deadline, then id.
func (s *Scheduler) Expire(now int64) ([]string, error) { return s.expire(now) }

// Deadline reports the current deadline of session id, and whether id is
// live. It does not expire anything: a session past its deadline stays
// live until [Scheduler.Expire] removes it, as a server's sweeper would.
func (s *Scheduler) Deadline(id string) (int64, bool) { return s.deadline(id) }

// Live reports the number of live sessions (S).
func (s *Scheduler) Live() int { return s.liveCount() }

// Tickets reports the number of tickets in the heap, stale ones included (H).
func (s *Scheduler) Tickets() int { return s.ticketCount() }

// MaxListed caps the sessions and tickets a snapshot lists; the counts are
// always exact.
const MaxListed = 12

// Snapshot returns the scheduler's state for a trace.
func (s *Scheduler) Snapshot() *trace.TTLState { return s.snapshot() }

// sentinels are the errors a caller tests for, as a tape names them.
func sentinels() map[string]error {
	return map[string]error{"ErrInvalidInput": ErrInvalidInput, "ErrTimeReversed": ErrTimeReversed, "ErrOverflow": ErrOverflow}
}

// A tapeExpired is Expire's answer on a tape.
type tapeExpired struct {
	IDs []string  `json:"ids"`
	Err *tape.Err `json:"err,omitempty"`
}

// A tapeDeadline is Deadline's answer on a tape.
type tapeDeadline struct {
	At   int64 `json:"at"`
	Live bool  `json:"live"`
}

// tapeStart is the key of a new scheduler: every call's key chains from
// it through the calls that changed the scheduler before.
func tapeStart() string { return tape.Key("ttl.New") }
