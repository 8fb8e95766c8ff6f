package playtest

import (
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// What a family's tests read from a trace.

// MessageEvents returns the message events of r.
func MessageEvents(r *play.Result) []trace.Event {
	var out []trace.Event
	for _, e := range r.Events {
		if e.Kind == trace.KindMessage {
			out = append(out, e)
		}
	}
	return out
}

// ClientStates returns the client states r passes through, each once.
func ClientStates(r *play.Result) []string {
	var states []string
	for _, e := range r.Events {
		if e.State != nil && (len(states) == 0 || states[len(states)-1] != e.State.Client) {
			states = append(states, e.State.Client)
		}
	}
	return states
}

// WireFrames returns the raw bytes of r's message events, in order.
func WireFrames(r *play.Result) []string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == trace.KindMessage {
			out = append(out, e.Raw)
		}
	}
	return out
}

// LastState returns the state after r's last event of run.
func LastState(r *play.Result, run string) trace.State {
	var st trace.State
	for _, e := range r.Events {
		if e.Run == run && e.State != nil {
			st = *e.State
		}
	}
	return st
}

// RunFrames returns r's message frames of run, in order.
func RunFrames(r *play.Result, run string) []string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == trace.KindMessage && e.Run == run {
			out = append(out, e.Raw)
		}
	}
	return out
}
