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
	"container/heap"
	"errors"
	"fmt"
	"math"
	"sort"

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
	now     int64
	started bool
	live    map[string]entry
	tickets ticketHeap
	gen     uint64
	// HeapOps counts pushes and pops, so a test can check the cost of a
	// renewal without timing anything.
	HeapOps int
}

type entry struct {
	gen      uint64
	deadline int64
}

// New returns an empty scheduler.
func New() *Scheduler { return &Scheduler{live: map[string]entry{}} }

func (s *Scheduler) advance(now int64) error {
	if s.started && now < s.now {
		return fmt.Errorf("%w: %d after %d", ErrTimeReversed, now, s.now)
	}
	s.now, s.started = now, true
	return nil
}

// Touch starts or renews session id at time now with an idle timeout of ttl:
// its deadline becomes now+ttl. The session's previous ticket, if any, goes
// stale.
func (s *Scheduler) Touch(id string, now, ttl int64) error {
	if id == "" {
		return fmt.Errorf("%w: empty session id", ErrInvalidInput)
	}
	if ttl <= 0 {
		return fmt.Errorf("%w: ttl %d must be positive", ErrInvalidInput, ttl)
	}
	if now > math.MaxInt64-ttl {
		return fmt.Errorf("%w: %d + %d", ErrOverflow, now, ttl)
	}
	if err := s.advance(now); err != nil {
		return err
	}
	s.gen++
	e := entry{gen: s.gen, deadline: now + ttl}
	s.live[id] = e
	heap.Push(&s.tickets, ticket{expiry: e.deadline, id: id, gen: e.gen})
	s.HeapOps++
	return nil
}

// Expire removes and returns every session whose current deadline is at or
// before now (expiry <= now), ordered by deadline, then id.
func (s *Scheduler) Expire(now int64) ([]string, error) {
	if err := s.advance(now); err != nil {
		return nil, err
	}
	var expired []string
	for len(s.tickets) > 0 && s.tickets[0].expiry <= now {
		t := heap.Pop(&s.tickets).(ticket)
		s.HeapOps++
		if e, ok := s.live[t.id]; ok && e.gen == t.gen {
			delete(s.live, t.id)
			expired = append(expired, t.id)
		}
	}
	return expired, nil
}

// Deadline reports the current deadline of session id, and whether id is
// live. It does not expire anything: a session past its deadline stays
// live until [Scheduler.Expire] removes it, as a server's sweeper would.
func (s *Scheduler) Deadline(id string) (int64, bool) {
	e, ok := s.live[id]
	return e.deadline, ok
}

// Live reports the number of live sessions (S).
func (s *Scheduler) Live() int { return len(s.live) }

// Tickets reports the number of tickets in the heap, stale ones included (H).
func (s *Scheduler) Tickets() int { return len(s.tickets) }

// MaxListed caps the sessions and tickets a snapshot lists; the counts are
// always exact.
const MaxListed = 12

// Snapshot returns the scheduler's state for a trace.
func (s *Scheduler) Snapshot() *trace.TTLState {
	st := &trace.TTLState{NowMS: s.now, Live: s.Live(), Heap: s.Tickets()}
	ids := make([]string, 0, len(s.live))
	for id := range s.live {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if len(st.Sessions) == MaxListed {
			break
		}
		e := s.live[id]
		st.Sessions = append(st.Sessions, trace.Session{ID: id, Generation: e.gen, DeadlineMS: e.deadline})
	}
	sorted := append(ticketHeap(nil), s.tickets...)
	sort.Slice(sorted, func(i, j int) bool { return sorted.Less(i, j) })
	for _, t := range sorted {
		if len(st.Tickets) == MaxListed {
			break
		}
		e, ok := s.live[t.id]
		st.Tickets = append(st.Tickets, trace.Ticket{ID: t.id, Generation: t.gen, ExpiryMS: t.expiry, Stale: !ok || e.gen != t.gen})
	}
	return st
}

type ticket struct {
	expiry int64
	id     string
	gen    uint64
}

// ticketHeap orders tickets by (expiry, id, generation), so that sessions
// due together expire in id order.
type ticketHeap []ticket

func (h ticketHeap) Len() int { return len(h) }
func (h ticketHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if a.expiry != b.expiry {
		return a.expiry < b.expiry
	}
	if a.id != b.id {
		return a.id < b.id
	}
	return a.gen < b.gen
}
func (h ticketHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *ticketHeap) Push(x any)   { *h = append(*h, x.(ticket)) }
func (h *ticketHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}
