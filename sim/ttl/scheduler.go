//go:build !replay

package ttl

import (
	"container/heap"
	"fmt"
	"math"
	"sort"

	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// state is the scheduler: the live sessions and the heap of tickets.
type state struct {
	now     int64
	started bool
	live    map[string]entry
	tickets ticketHeap
	gen     uint64

	// rec is the tape being recorded when the scheduler was made (nil
	// when none), key the key of the calls that changed it so far.
	rec *tape.Tape
	key string
}

type entry struct {
	gen      uint64
	deadline int64
}

func newState() state {
	s := state{live: map[string]entry{}}
	if s.rec = tape.Recording(); s.rec != nil {
		s.key = tapeStart()
	}
	return s
}

// record writes a call's answer to the tape being recorded. A call that
// changes the scheduler (change) moves its key on. Callers check s.rec
// first, so that a scheduler not recording builds no answer.
func (s *state) record(change bool, answer any, call ...any) {
	k := tape.Key(append([]any{s.key}, call...)...)
	s.rec.Put(k, answer)
	if change {
		s.key = k
	}
}

func (s *state) touch(id string, now, ttl int64) error {
	err := s.touchRef(id, now, ttl)
	if s.rec != nil {
		s.record(true, tape.EncodeErr(err, sentinels(), nil), "Touch", id, now, ttl)
	}
	return err
}

func (s *state) expire(now int64) ([]string, error) {
	ids, err := s.expireRef(now)
	if s.rec != nil {
		s.record(true, tapeExpired{IDs: ids, Err: tape.EncodeErr(err, sentinels(), nil)}, "Expire", now)
	}
	return ids, err
}

func (s *state) deadline(id string) (int64, bool) {
	e, ok := s.live[id]
	if s.rec != nil {
		s.record(false, tapeDeadline{At: e.deadline, Live: ok}, "Deadline", id)
	}
	return e.deadline, ok
}

func (s *state) liveCount() int {
	if s.rec != nil {
		s.record(false, len(s.live), "Live")
	}
	return len(s.live)
}

func (s *state) ticketCount() int {
	if s.rec != nil {
		s.record(false, len(s.tickets), "Tickets")
	}
	return len(s.tickets)
}

func (s *state) advance(now int64) error {
	if s.started && now < s.now {
		return fmt.Errorf("%w: %d after %d", ErrTimeReversed, now, s.now)
	}
	s.now, s.started = now, true
	return nil
}

func (s *state) touchRef(id string, now, ttl int64) error {
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
	return nil
}

func (s *state) expireRef(now int64) ([]string, error) {
	if err := s.advance(now); err != nil {
		return nil, err
	}
	var expired []string
	for len(s.tickets) > 0 && s.tickets[0].expiry <= now {
		t := heap.Pop(&s.tickets).(ticket)
		if e, ok := s.live[t.id]; ok && e.gen == t.gen {
			delete(s.live, t.id)
			expired = append(expired, t.id)
		}
	}
	return expired, nil
}

func (s *state) snapshot() *trace.TTLState {
	st := &trace.TTLState{NowMS: s.now, Live: len(s.live), Heap: len(s.tickets)}
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
	if s.rec != nil {
		s.record(false, st, "Snapshot")
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
