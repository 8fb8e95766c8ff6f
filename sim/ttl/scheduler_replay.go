//go:build replay

package ttl

import (
	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// state is a scheduler played back from the tape: the key of the calls
// that changed it so far.
type state struct{ key string }

func newState() state { return state{key: tapeStart()} }

// answer reads a call's answer from the tape. A call that changes the
// scheduler (change) moves its key on.
func (s *state) answer(change bool, v any, call ...any) {
	k := tape.Key(append([]any{s.key}, call...)...)
	tape.Answer(k, v, "this call of the session scheduler after the calls before it")
	if change {
		s.key = k
	}
}

func (s *state) touch(id string, now, ttl int64) error {
	var e *tape.Err
	s.answer(true, &e, "Touch", id, now, ttl)
	return e.Decode(sentinels(), nil)
}

func (s *state) expire(now int64) ([]string, error) {
	var r tapeExpired
	s.answer(true, &r, "Expire", now)
	return r.IDs, r.Err.Decode(sentinels(), nil)
}

func (s *state) deadline(id string) (int64, bool) {
	var r tapeDeadline
	s.answer(false, &r, "Deadline", id)
	return r.At, r.Live
}

func (s *state) liveCount() int {
	var n int
	s.answer(false, &n, "Live")
	return n
}

func (s *state) ticketCount() int {
	var n int
	s.answer(false, &n, "Tickets")
	return n
}

func (s *state) snapshot() *trace.TTLState {
	st := new(trace.TTLState)
	s.answer(false, st, "Snapshot")
	return st
}
