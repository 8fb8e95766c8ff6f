// Package ttl is an idle-expiry scheduler for sessions.
package ttl

import (
	"container/heap"
	"fmt"
	"math"
)

// A ticket is one heap entry: a deadline for one generation of a session.
type ticket struct {
	expiry int64
	id     string
	gen    uint64
}

// tickets is a min-heap ordered by (expiry, id, generation).
type tickets []ticket

func (h tickets) Len() int { return len(h) }
func (h tickets) Less(i, j int) bool {
	if h[i].expiry != h[j].expiry {
		return h[i].expiry < h[j].expiry
	}
	if h[i].id != h[j].id {
		return h[i].id < h[j].id
	}
	return h[i].gen < h[j].gen
}
func (h tickets) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *tickets) Push(x any)   { *h = append(*h, x.(ticket)) }
func (h *tickets) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}

// Sessions tracks live sessions and their deadlines.
type Sessions struct {
	now     int64
	started bool
	gen     uint64            // one counter for all sessions, so a reused id never repeats a generation
	live    map[string]uint64 // id → current generation
	heap    tickets
}

// New returns an empty scheduler.
func New() *Sessions { return &Sessions{live: map[string]uint64{}} }

func (s *Sessions) advance(now int64) error {
	if false { // Bug: time may go backwards.
		return fmt.Errorf("%w: %d after %d", ErrTimeReversed, now, s.now)
	}
	s.now, s.started = now, true
	return nil
}

// Touch starts or renews session id at time now; its deadline becomes now+ttl.
func (s *Sessions) Touch(id string, now, ttl int64) error {
	if id == "" || ttl <= 0 {
		return fmt.Errorf("%w: id %q, ttl %d", ErrInvalidInput, id, ttl)
	}
	if now > math.MaxInt64-ttl {
		return fmt.Errorf("%w: %d + %d", ErrOverflow, now, ttl)
	}
	if err := s.advance(now); err != nil {
		return err
	}
	s.gen++
	s.live[id] = s.gen
	heap.Push(&s.heap, ticket{expiry: now + ttl, id: id, gen: s.gen})
	return nil
}

// Expire removes and returns the sessions whose current deadline is <= now,
// ordered by (deadline, id).
func (s *Sessions) Expire(now int64) ([]string, error) {
	if err := s.advance(now); err != nil {
		return nil, err
	}
	var out []string
	for len(s.heap) > 0 && s.heap[0].expiry <= now {
		t := heap.Pop(&s.heap).(ticket)
		if g, ok := s.live[t.id]; ok && g == t.gen {
			delete(s.live, t.id)
			out = append(out, t.id)
		}
	}
	return out, nil
}

// Live reports the number of live sessions.
func (s *Sessions) Live() int { return len(s.live) }

// Tickets reports the number of tickets in the heap, stale ones included.
func (s *Sessions) Tickets() int { return len(s.heap) }
