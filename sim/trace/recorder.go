package trace

import "encoding/json"

// A Recorder builds a trace. It owns the virtual clock and the current state:
// every event it records is stamped with the clock and a copy of the state,
// so a player can step back by lookup instead of re-running anything.
//
// A Recorder is not safe for concurrent use; scenarios record from the one
// goroutine that drives them, which is what keeps goroutine scheduling out of
// the trace.
type Recorder struct {
	events []Event
	state  State
	nowMS  int64
	// Transport is stamped on events that do not name their own.
	Transport string
	// Run is stamped on every event recorded while it is set.
	Run string
}

// NewRecorder returns a recorder whose clock reads zero and whose state is s.
func NewRecorder(transport string, s State) *Recorder {
	return &Recorder{Transport: transport, state: s}
}

// Now reports the virtual clock in milliseconds.
func (r *Recorder) Now() int64 { return r.nowMS }

// Advance moves the virtual clock forward by ms milliseconds. The clock never
// goes backwards: a negative ms is ignored.
func (r *Recorder) Advance(ms int64) {
	if ms > 0 {
		r.nowMS += ms
	}
}

// Update changes the current state; the next recorded event carries it.
func (r *Recorder) Update(fn func(*State)) { fn(&r.state) }

// State returns a copy of the current state.
func (r *Recorder) State() State { return *r.state.Clone() }

// Add records e, filling in its sequence number, clock, transport, run and a
// snapshot of the current state, and returns the recorded copy.
func (r *Recorder) Add(e Event) Event {
	e.Seq = len(r.events) + 1
	e.AtMS = r.nowMS
	if e.Transport == "" {
		e.Transport = r.Transport
	}
	if e.Run == "" {
		e.Run = r.Run
	}
	e.State = r.state.Clone()
	r.events = append(r.events, e)
	return e
}

// Note records a note event.
func (r *Recorder) Note(note string) { r.Add(Event{Kind: KindNote, Note: note}) }

// Changed records a state event: the state changed with no frame on the wire.
func (r *Recorder) Changed(note string, fn func(*State)) {
	fn(&r.state)
	r.Add(Event{Kind: KindState, Note: note})
}

// Fault records a fault event.
func (r *Recorder) Fault(dir, fault, detail, note string) {
	r.Add(Event{Kind: KindFault, Direction: dir, Payload: MustJSON(FaultPayload{Fault: fault, Detail: detail}), Note: note})
}

// Events returns the events recorded so far. The caller must not modify them.
func (r *Recorder) Events() []Event { return r.events }

// MustJSON encodes v, which must be a value that always encodes (the payload
// types of this package).
func MustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("trace: " + err.Error())
	}
	return b
}
