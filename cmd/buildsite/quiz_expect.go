package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"gopkg.in/yaml.v3"
)

// A quiz that names a scenario says, under expect:, what the scenario's
// trace must show for its correct choice to be right. The build checks it,
// so a lesson cannot keep a quiz whose answer the simulator no longer gives.
//
//	scenario: paging-normal
//	after: 7         # the learner has seen events 1 to 7
//	expect:
//	  frame: {method: tools/list, id: 4, params: {cursor: EPXuVoal9cSt}}
//	  state: {client: READY}
//	  at: 9
//
// frame is the first JSON-RPC message after event `after` in that event's
// run: a message event, the body of an HTTP exchange, or a stdio line that
// parses as a message. Its method key names a request's or notification's
// method, or "result" or "error" for a response; its http key is matched
// against the HTTP exchange that carried the frame; every other key is
// matched against the message itself (id, params, result, error).
// "frame: none" says that no frame follows in that run.
//
// state is matched against the state snapshot ([trace.State], as the trace
// encodes it) of event `at`; without at, of the last event of `after`'s
// run, or of the trace when the quiz has no after. It checks outcomes,
// client states, errors and the TTL counts.
//
// A pattern matches as follows. A mapping matches an object that has each
// of its keys, each matching (other keys are ignored). A list matches a list
// of the same length, item by item. null and [] match an absent field, null
// or an empty list, since snapshots omit empty fields. A string with * in it
// is a glob in which * stands for any text and nothing else is special.
// Any other scalar matches an equal value, numbers by value.
type quizExpect struct {
	frame *yaml.Node
	state *yaml.Node
	at    *int
	line  int // of the expect: key
}

// A lineError is a problem at a line of a quiz's YAML (1 is its first line).
type lineError struct {
	line int
	msg  string
}

func lineErrorf(line int, format string, args ...any) lineError {
	return lineError{line, fmt.Sprintf(format, args...)}
}

// parseExpect reads the expect: mapping.
func parseExpect(n *yaml.Node, keyLine int) (*quizExpect, []lineError) {
	x := &quizExpect{line: keyLine}
	if n.Kind != yaml.MappingNode {
		return nil, []lineError{lineErrorf(n.Line, "expect: want a mapping with frame:, state: or at:")}
	}
	var errs []lineError
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if seen[k.Value] {
			errs = append(errs, lineErrorf(k.Line, "expect.%s given twice", k.Value))
			continue
		}
		seen[k.Value] = true
		switch k.Value {
		case "frame":
			x.frame = v
		case "state":
			if v.Kind != yaml.MappingNode {
				errs = append(errs, lineErrorf(v.Line, "expect.state: want a mapping (a pattern of the state snapshot)"))
				continue
			}
			x.state = v
		case "at":
			at, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || err != nil {
				errs = append(errs, lineErrorf(v.Line, "expect.at: want an event number"))
				continue
			}
			x.at = &at
		default:
			errs = append(errs, lineErrorf(k.Line, "expect: unknown key %q (known: frame, state, at)", k.Value))
		}
	}
	if len(errs) == 0 && x.frame == nil && x.state == nil {
		errs = append(errs, lineErrorf(keyLine, "expect: says nothing; give frame: or state:"))
	}
	if x.at != nil && x.state == nil {
		errs = append(errs, lineErrorf(keyLine, "expect.at without expect.state: at only says which event's state to check"))
	}
	return x, errs
}

// isNone reports whether a frame pattern is the word none.
func isNone(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!str" && n.Value == "none"
}

// check checks x against a scenario's events. after (with its line) is the
// quiz's after:, nil when it has none.
func (x *quizExpect) check(scenario string, events []trace.Event, after *int, afterLine int) []lineError {
	var errs []lineError
	run := ""
	if after != nil {
		i := eventIndex(events, *after)
		if i < 0 {
			return []lineError{lineErrorf(afterLine, "after: scenario %s has no event %d (%s)", scenario, *after, eventRange(events))}
		}
		run = events[i].Run
	}
	switch {
	case x.frame == nil:
	case after == nil:
		errs = append(errs, lineErrorf(x.frame.Line, "expect.frame: the quiz has no after: to say which frame comes next"))
	default:
		errs = append(errs, checkFrame(x.frame, scenario, events, *after, run)...)
	}
	if x.state != nil {
		errs = append(errs, x.checkState(scenario, events, after != nil, run)...)
	}
	return errs
}

// checkFrame checks the first frame after event after in run.
func checkFrame(p *yaml.Node, scenario string, events []trace.Event, after int, run string) []lineError {
	e, msg, found := nextFrame(events, after, run)
	if isNone(p) {
		if found {
			return []lineError{lineErrorf(p.Line, "expect.frame is none, but in scenario %s %s follows event %d (seq %d)", scenario, frameMethod(msg), after, e.Seq)}
		}
		return nil
	}
	if p.Kind != yaml.MappingNode {
		return []lineError{lineErrorf(p.Line, "expect.frame: want a mapping (a pattern of the frame) or none")}
	}
	if !found {
		return []lineError{lineErrorf(p.Line, "expect.frame: scenario %s has no frame after event %d%s", scenario, after, inRun(run))}
	}
	where := fmt.Sprintf("the frame after event %d of %s (seq %d)", after, scenario, e.Seq)
	// The method first: when it is wrong, the rest of the pattern was
	// written for another frame.
	for i := 0; i+1 < len(p.Content); i += 2 {
		if k, v := p.Content[i], p.Content[i+1]; k.Value == "method" {
			if got := frameMethod(msg); v.Kind != yaml.ScalarNode || v.Value != got {
				return []lineError{lineErrorf(v.Line, "expect.frame.method is %s, want %s: in %s", got, showYAML(v), where)}
			}
		}
	}
	var errs []lineError
	for i := 0; i+1 < len(p.Content); i += 2 {
		k, v := p.Content[i], p.Content[i+1]
		switch k.Value {
		case "method":
		case "http":
			if e.Kind != trace.KindHTTP {
				errs = append(errs, lineErrorf(k.Line, "expect.frame.http: %s did not travel over HTTP", where))
				continue
			}
			var h any
			_ = json.Unmarshal(e.Payload, &h)
			errs = appendMatch(errs, v, h, true, "expect.frame.http", where)
		default:
			got, present := msg[k.Value]
			errs = appendMatch(errs, v, got, present, "expect.frame."+k.Value, where)
		}
	}
	return errs
}

func (x *quizExpect) checkState(scenario string, events []trace.Event, hasAfter bool, run string) []lineError {
	var e *trace.Event
	switch {
	case x.at != nil:
		i := eventIndex(events, *x.at)
		if i < 0 {
			return []lineError{lineErrorf(x.state.Line, "expect.at: scenario %s has no event %d (%s)", scenario, *x.at, eventRange(events))}
		}
		e = &events[i]
	default:
		for i := range events {
			if !hasAfter || events[i].Run == run {
				e = &events[i]
			}
		}
	}
	if e == nil {
		return []lineError{lineErrorf(x.state.Line, "expect.state: scenario %s has no events", scenario)}
	}
	where := fmt.Sprintf("the state at event %d of %s", e.Seq, scenario)
	if x.at == nil {
		where = fmt.Sprintf("the state at the end of %s%s (event %d)", scenario, inRun(e.Run), e.Seq)
	}
	if e.State == nil {
		return []lineError{lineErrorf(x.state.Line, "expect.state: %s: the event has no state snapshot", where)}
	}
	var v any
	b, _ := json.Marshal(e.State)
	_ = json.Unmarshal(b, &v)
	return appendMatch(nil, x.state, v, true, "expect.state", where)
}

func appendMatch(errs []lineError, p *yaml.Node, v any, present bool, path, where string) []lineError {
	if err := match(p, v, present, path); err != nil {
		err.msg = fmt.Sprintf("%s: in %s", err.msg, where)
		errs = append(errs, *err)
	}
	return errs
}

// nextFrame returns the first event after seq after in run that carries a
// JSON-RPC message, and the message.
func nextFrame(events []trace.Event, after int, run string) (trace.Event, map[string]any, bool) {
	for _, e := range events {
		if e.Seq <= after || e.Run != run {
			continue
		}
		if msg, ok := frameOf(e); ok {
			return e, msg, true
		}
	}
	return trace.Event{}, nil, false
}

// frameOf returns the JSON-RPC message an event carries: a message event's
// payload, an HTTP exchange's body, or a stdio line that is a message (a
// banner line is not).
func frameOf(e trace.Event) (map[string]any, bool) {
	var raw []byte
	switch e.Kind {
	case trace.KindMessage:
		raw = e.Payload
	case trace.KindHTTP:
		var h trace.HTTPPayload
		if json.Unmarshal(e.Payload, &h) != nil || len(h.Body) == 0 {
			return nil, false
		}
		raw = h.Body
	case trace.KindBytes:
		raw = []byte(e.Raw)
	default:
		return nil, false
	}
	var msg map[string]any
	if json.Unmarshal(raw, &msg) != nil || msg["jsonrpc"] == nil {
		return nil, false
	}
	return msg, true
}

// frameMethod is a request's or notification's method, or "result" or
// "error" for a response.
func frameMethod(msg map[string]any) string {
	if m, ok := msg["method"].(string); ok {
		return m
	}
	if _, ok := msg["error"]; ok {
		return "error"
	}
	if _, ok := msg["result"]; ok {
		return "result"
	}
	return "a message with neither method, result nor error"
}

func eventIndex(events []trace.Event, seq int) int {
	for i, e := range events {
		if e.Seq == seq {
			return i
		}
	}
	return -1
}

func eventRange(events []trace.Event) string {
	if len(events) == 0 {
		return "it has no events"
	}
	return fmt.Sprintf("its events are %d to %d", events[0].Seq, events[len(events)-1].Seq)
}

func inRun(run string) string {
	if run == "" {
		return ""
	}
	return fmt.Sprintf(" (run %q)", run)
}
