// Package tape keeps a reference implementation's answers so that they can
// be played back without its code.
//
// The graders compare a learner's code with the simulator's reference
// implementations (sim/catalog, sim/frames, sim/ttl), which are also the
// exercises' answers. The copies of the graders that students get
// (cmd/exercises) are built from those packages' files for the tag replay:
// there, every reference call answers from a tape recorded when the copy
// was exported, keyed by the call and everything before it. The answers
// the graders need are in the copy; the code that finds them is not.
//
// A tape is recorded by running every check of every exercise against the
// solution, the starter and each mutant with [Record] on: the reference's
// inputs come from the graders, not from the learner's code, so those runs
// ask everything a learner's run can ask.
package tape

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"sync"
	"sync/atomic"
)

// A Tape maps a call's key (see [Key]) to its answer, as JSON.
type Tape struct {
	mu      sync.Mutex
	answers map[string]json.RawMessage
	clash   []string
}

// New returns an empty tape.
func New() *Tape { return &Tape{answers: map[string]json.RawMessage{}} }

// Put records v as the answer to key. The reference is deterministic, so a
// key answered twice must get the same answer; a different one is kept out
// and reported by [Tape.Clashes].
func (t *Tape) Put(key string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("tape: %v", err))
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if old, ok := t.answers[key]; ok {
		if string(old) != string(b) {
			t.clash = append(t.clash, fmt.Sprintf("%s: %s, then %s", key, old, b))
		}
		return
	}
	t.answers[key] = b
}

// Get decodes the answer to key into v and reports whether there was one.
func (t *Tape) Get(key string, v any) bool {
	t.mu.Lock()
	b, ok := t.answers[key]
	t.mu.Unlock()
	return ok && json.Unmarshal(b, v) == nil
}

// Len is the number of answers.
func (t *Tape) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.answers)
}

// Clashes lists the keys that were given two different answers: a
// reference that is not a function of the calls before it.
func (t *Tape) Clashes() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.clash...)
}

// MarshalJSON writes the answers as one object, keys sorted.
func (t *Tape) MarshalJSON() ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return json.Marshal(t.answers)
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (t *Tape) UnmarshalJSON(b []byte) error {
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.answers = m
	return nil
}

var recording atomic.Pointer[Tape]

// Record makes t the tape every reference call writes its answer to, until
// [Stop]. The live packages check [Recording] on each call, so recording
// costs the simulator one atomic load when off.
func Record(t *Tape) { recording.Store(t) }

// Stop ends the recording.
func Stop() { recording.Store(nil) }

// Recording is the tape being recorded, or nil.
func Recording() *Tape { return recording.Load() }

var played atomic.Pointer[Tape]

// Play makes t the tape the replay packages answer from. An exported copy
// calls it at start-up with the tape it carries.
func Play(t *Tape) { played.Store(t) }

// Key is the key of a call: a hash of its parts, each written as JSON. A
// call that depends on earlier calls passes the key of the one before as
// its first part, so a key names the call and its whole history.
func Key(parts ...any) string {
	h := fnv.New128a()
	for _, p := range parts {
		b, err := json.Marshal(p)
		if err != nil {
			panic(fmt.Sprintf("tape: key part %T: %v", p, err))
		}
		fmt.Fprintf(h, "%d:", len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Answer decodes the played tape's answer to key into v. A call the tape
// has no answer for panics with a [Missing] naming call: the copy cannot
// grade it, and the grader reports the panic as the check's message.
func Answer(key string, v any, call string) {
	t := played.Load()
	if t == nil || !t.Get(key, v) {
		panic(Missing{Call: call})
	}
}

// Missing is what a replayed call panics with when the tape has no answer.
type Missing struct{ Call string }

func (m Missing) Error() string {
	return "this copy of the graders carries the reference's answers recorded for the course's own cases, not its code, and has none for " +
		m.Call + ": your class's grader, which has the reference, grades this case"
}

// PlainPanic marks the panic as a message to show as it is, without a
// stack: the stack is the grader's, not the learner's.
func (m Missing) PlainPanic() string { return m.Error() }

// An Err is an error as a tape keeps it: its text, which of the package's
// sentinel errors it is or wraps, and whether it wraps the error the call
// was handed (a lister's, say), which a replay hands back live.
type Err struct {
	Text    string   `json:"text"`
	Exactly string   `json:"exactly,omitempty"` // the sentinel it is, or "handed"
	Is      []string `json:"is,omitempty"`      // the sentinels it wraps, sorted
	Handed  bool     `json:"handed,omitempty"`
}

// EncodeErr is err on the tape, nil for nil. sentinels names the errors a
// caller may test with errors.Is; handed is the error the call was handed
// (nil for none).
func EncodeErr(err error, sentinels map[string]error, handed error) *Err {
	if err == nil {
		return nil
	}
	e := &Err{Text: err.Error()}
	if handed != nil && err == handed {
		e.Exactly = "handed"
		return e
	}
	for name, s := range sentinels {
		if err == s {
			e.Exactly = name
			return e
		}
	}
	for name, s := range sentinels {
		if errors.Is(err, s) {
			e.Is = append(e.Is, name)
		}
	}
	slices.Sort(e.Is) // the same error, the same answer on the tape
	e.Handed = handed != nil && errors.Is(err, handed)
	return e
}

// Decode is the error e stands for: the sentinel itself when it was one,
// else an error with e's text that wraps the same sentinels (and handed).
func (e *Err) Decode(sentinels map[string]error, handed error) error {
	switch {
	case e == nil:
		return nil
	case e.Exactly == "handed":
		return handed
	case e.Exactly != "":
		return sentinel(sentinels, e.Exactly)
	}
	r := &replayed{text: e.Text}
	for _, name := range e.Is {
		r.wraps = append(r.wraps, sentinel(sentinels, name))
	}
	if e.Handed && handed != nil {
		r.wraps = append(r.wraps, handed)
	}
	return r
}

// sentinel is the sentinel named name; a tape naming one the package does
// not have was recorded from other code.
func sentinel(sentinels map[string]error, name string) error {
	s, ok := sentinels[name]
	if !ok {
		panic(fmt.Sprintf("tape: no sentinel error %q: the tape was recorded from other code", name))
	}
	return s
}

type replayed struct {
	text  string
	wraps []error
}

func (r *replayed) Error() string   { return r.text }
func (r *replayed) Unwrap() []error { return r.wraps }
