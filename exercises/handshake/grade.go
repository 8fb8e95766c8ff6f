package handshake

// This file is the grader. Do not edit it: go test and the classroom run it
// against your handshake.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// A GradeClient is a Client seen through its methods, so that the checks
// can drive a client compiled into the test binary or interpreted in the
// browser alike.
type GradeClient struct {
	State   func() string
	Version func() string
	Offer   func() string
	Send    func(method string, id int64) error
	Receive func(frame []byte) (string, error)
	Close   func()
}

// GradeNew makes a client: NewClient, seen through its methods.
type GradeNew func(version string, supported []string) GradeClient

// GradeChecks returns the exercise's checks, in the order the page lists them.
func GradeChecks() []grading.Check[GradeNew] {
	return []grading.Check[GradeNew]{
		{Name: "handshake-ok", Scenario: "handshake-ok", Run: func(ctx context.Context, f GradeNew) grading.Result {
			return gradeReplay(ctx, f, "handshake-ok", "2025-11-25", []string{"2025-06-18", "2025-11-25"})
		}},
		{Name: "only-ping-before-ready", Run: gradeOnlyPing},
		{Name: "counteroffer", Scenario: "handshake-version-counteroffer", Run: func(ctx context.Context, f GradeNew) grading.Result {
			return gradeReplay(ctx, f, "handshake-version-counteroffer", "2024-10-01", []string{"2025-06-18", "2025-11-25"})
		}},
		{Name: "unsupported-version", Scenario: "handshake-version-unsupported", Run: func(ctx context.Context, f GradeNew) grading.Result {
			return gradeReplay(ctx, f, "handshake-version-unsupported", "2025-11-25", []string{"2025-06-18", "2025-11-25"})
		}},
		{Name: "initialized-once", Run: gradeInitializedOnce},
		{Name: "pairs-by-id", Run: gradePairsByID},
		{Name: "hidden-transcripts", Run: gradeHidden},
		{Name: "discover-2026", Scenario: "discover-2026", Run: func(ctx context.Context, f GradeNew) grading.Result {
			return gradeReplayModel(ctx, f, "discover-2026", "2026-07-28", gradeSDKVersions)
		}},
		{Name: "discover-picks-version", Run: gradeDiscoverCases(gradePicksCases)},
		{Name: "discover-fallback", Scenario: "discover-fallback", Run: gradeReplayThen(gradeFallbackCases, "discover-fallback", "2026-07-28")},
		{Name: "unsupported-retry", Scenario: "discover-version-retry", Run: gradeReplayThen(gradeRetryCases, "discover-version-retry", "2027-01-01", "discover-legacy-list", "2026-07-28")},
		{Name: "discover-no-common", Run: gradeDiscoverCases(gradeNoCommonCases)},
		{Name: "hidden-discovery", Run: gradeHiddenDiscovery},
	}
}

// gradeReplay plays a scenario's transcript through the learner's client:
// each client frame becomes a Send (or must be the reply Receive asked
// for), each server frame a Receive, and after every client frame the
// learner's state must be the state the trace shows.
func gradeReplay(ctx context.Context, f GradeNew, id, version string, supported []string) grading.Result {
	res, err := play.NewCatalogue(handshake.Presets()).Run(ctx, id, nil)
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	c := f(version, slices.Clone(supported))
	if got := c.State(); got != New {
		return grading.Failf("NewClient(%q, %q).State() = %q, want %q", version, supported, got, New).At(id, 1)
	}
	model := newGradeModel(supported, version)
	pending := ""
	for _, ev := range res.Events {
		switch {
		case ev.Kind == trace.KindMessage && ev.Direction == trace.ClientToServer:
			method, reqID := gradeMethodID(ev.Raw)
			if method == "notifications/initialized" {
				if pending != method {
					return grading.Failf("the client sent notifications/initialized here, but Receive of the initialize result returned %q, want %q", pending, method).At(id, ev.Seq)
				}
				pending = ""
			} else if err := c.Send(method, reqID); err != nil {
				return grading.Failf("in state %s, Send(%q, %d) = %v, want nil", c.State(), method, reqID, err).At(id, ev.Seq)
			} else {
				model.send(method, reqID)
			}
		case ev.Kind == trace.KindMessage && ev.Direction == trace.ServerToClient:
			reply, err := c.Receive([]byte(ev.Raw))
			want := model.receive([]byte(ev.Raw))
			if reply != want.reply || (err == nil) != (want.err == "") {
				return grading.Failf("Receive(%s) = %q, %v; want %q, %s", ev.Raw, reply, err, want.reply, gradeErrWant(want.err)).At(id, ev.Seq)
			}
			pending = reply
			continue
		case ev.Kind == trace.KindState && ev.State != nil && ev.State.Client == Closed && c.State() == Ready:
			c.Close() // the scenario's client hangs up
		default:
			continue
		}
		if ev.State != nil && ev.State.Client != "" && c.State() != ev.State.Client {
			return grading.Failf("after this frame State() = %q, want %q", c.State(), ev.State.Client).At(id, ev.Seq)
		}
		if ev.State != nil && ev.State.Protocol != "" && c.State() == Ready && c.Version() != ev.State.Protocol {
			return grading.Failf("Version() = %q, want %q, the version the server chose", c.Version(), ev.State.Protocol).At(id, ev.Seq)
		}
	}
	if final := res.Final().Client; final == Closed {
		for i, m := range []string{"tools/list", "ping"} {
			if err := c.Send(m, int64(100+i)); err == nil {
				return grading.Failf("after the connection closed, Send(%q, %d) = nil, want an error", m, 100+i).At(id, len(res.Events))
			}
		}
	}
	return grading.Pass()
}

// gradeMethodID reads a client frame's method and id (0 for a
// notification).
func gradeMethodID(raw string) (string, int64) {
	var m struct {
		Method string `json:"method"`
		ID     int64  `json:"id"`
	}
	json.Unmarshal([]byte(raw), &m)
	return m.Method, m.ID
}

func gradeErrWant(e string) string {
	if e == "" {
		return "nil error"
	}
	return fmt.Sprintf("an error (%s)", e)
}

type gradeWant struct {
	reply string
	err   string // "" for none
}

// gradeOnlyPing walks the states and tries every kind of send in each.
func gradeOnlyPing(ctx context.Context, f GradeNew) grading.Result {
	c := f("2025-11-25", []string{"2025-11-25"})
	type step struct {
		method string
		ok     bool
	}
	var next int64 = 1 // the next request id; a refused send does not use it up
	idFor := func(method string) int64 {
		if strings.HasPrefix(method, "notifications/") {
			return 0
		}
		return next
	}
	try := func(state string, steps []step) grading.Result {
		for _, s := range steps {
			id := idFor(s.method)
			err := c.Send(s.method, id)
			if s.ok && err != nil {
				return grading.Failf("in state %s, Send(%q, %d) = %v, want nil", state, s.method, id, err)
			}
			if !s.ok && err == nil {
				return grading.Failf("in state %s, Send(%q, %d) = nil, want an error: before READY this client sends only ping (the exercise's rule, from 2025-11-25 Lifecycle: the client SHOULD NOT send requests other than pings before the server has responded to initialize)", state, s.method, id)
			}
			if got := c.State(); got != state {
				return grading.Failf("after Send(%q, %d) in state %s, State() = %q, want %q", s.method, id, state, got, state)
			}
			if err == nil && id != 0 {
				next++
			}
		}
		return grading.Pass()
	}
	if r := try(New, []step{{"tools/list", false}, {"ping", true}, {"tools/call", false}, {"notifications/initialized", false}, {"resources/list", false}}); !r.Pass {
		return r
	}
	initID := next
	if err := c.Send("initialize", initID); err != nil || c.State() != Initializing {
		return grading.Failf("in state NEW, Send(\"initialize\", %d) = %v and State() = %q, want nil and %q", initID, err, c.State(), Initializing)
	}
	next++
	if r := try(Initializing, []step{{"tools/list", false}, {"ping", true}, {"initialize", false}, {"tools/call", false}, {"ping", true}}); !r.Pass {
		return r
	}
	result := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, initID)
	if reply, err := c.Receive([]byte(result)); err != nil || reply != "notifications/initialized" {
		return grading.Failf("Receive(%s), the initialize result, = %q, %v; want \"notifications/initialized\", nil", result, reply, err)
	}
	return try(Ready, []step{{"tools/list", true}, {"ping", true}, {"tools/call", true}, {"initialize", false}})
}

// gradeInitializedOnce sends a ping answer and a duplicate initialize result:
// initialized goes out once, after the real result, and never again.
func gradeInitializedOnce(ctx context.Context, f GradeNew) grading.Result {
	c := f("2025-06-18", []string{"2025-06-18"})
	if err := c.Send("initialize", 1); err != nil {
		return grading.Failf("Send(\"initialize\", 1) = %v, want nil", err)
	}
	if err := c.Send("ping", 7); err != nil {
		return grading.Failf("in state INITIALIZING, Send(\"ping\", 7) = %v, want nil", err)
	}
	frames := []struct{ frame, want string }{
		{`{"jsonrpc":"2.0","id":7,"result":{}}`, ""},
		{`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, "notifications/initialized"},
		{`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, ""},
	}
	for i, fr := range frames {
		got, err := c.Receive([]byte(fr.frame))
		if got != fr.want || err != nil {
			return grading.Failf("frame %d: Receive(%s) = %q, %v; want %q, nil", i+1, fr.frame, got, err, fr.want)
		}
		if i == 0 && c.State() != Initializing {
			return grading.Failf("after the answer to a ping, State() = %q, want %q: a ping's result is not the initialize result", c.State(), Initializing)
		}
	}
	if err := c.Send("notifications/initialized", 0); err == nil {
		return grading.Failf("in state READY, Send(\"notifications/initialized\", 0) = nil, want an error: it was sent already")
	}
	return grading.Pass()
}

// gradePairsByID checks that the initialize result is the response whose id
// is the initialize request's, whatever the shape of other responses: an
// error answering a ping does not fail the handshake, a ping's answer that
// looks like an initialize result does not complete it, and the response to
// initialize settles it even when it lacks a protocolVersion.
func gradePairsByID(ctx context.Context, f GradeNew) grading.Result {
	initResult := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`
	}
	type step struct {
		send   string // a method to send (with id), or "" to receive frame
		id     int64
		frame  string
		reply  string
		err    bool
		state  string
		reason string // why, when the learner's client disagrees
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"an error answering a ping while INITIALIZING", []step{
			{send: "initialize", id: 1, state: Initializing},
			{send: "ping", id: 2, state: Initializing},
			{frame: `{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"not ready"}}`, state: Initializing,
				reason: "id 2 is the ping's: its error says nothing about initialize"},
			{frame: initResult("1"), reply: "notifications/initialized", state: Ready},
		}},
		{"a ping's answer shaped like an initialize result", []step{
			{send: "initialize", id: 10, state: Initializing},
			{send: "ping", id: 11, state: Initializing},
			{frame: initResult("11"), state: Initializing,
				reason: "id 11 is the ping's: only the response with the initialize request's id (10) is the initialize result"},
			{frame: initResult(`"10"`), state: Initializing,
				reason: `the id "10" is a string, not the integer 10 the initialize request carried`},
			{frame: initResult("10"), reply: "notifications/initialized", state: Ready},
		}},
		{"a ping sent in NEW, answered while INITIALIZING", []step{
			{send: "ping", id: 1, state: New},
			{send: "initialize", id: 2, state: Initializing},
			{frame: `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"initialize first"}}`, state: Initializing,
				reason: "id 1 is the ping's, sent before initialize"},
			{frame: `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unsupported protocol version"}}`, err: true, state: Closed,
				reason: "id 2 is the initialize request's: its error fails the handshake"},
		}},
		{"an initialize result without a protocolVersion", []step{
			{send: "initialize", id: 3, state: Initializing},
			{frame: `{"jsonrpc":"2.0","id":3,"result":{}}`, err: true, state: Closed,
				reason: "id 3 is the initialize request's, and a client cannot go on without the version the server chose"},
		}},
	}
	for _, tc := range cases {
		c := f("2025-11-25", []string{"2025-11-25"})
		var log []string
		for _, s := range tc.steps {
			if s.send != "" {
				err := c.Send(s.send, s.id)
				log = append(log, fmt.Sprintf("Send(%q, %d) = %v", s.send, s.id, err))
				if err != nil {
					return grading.Failf("%s: Send(%q, %d) = %v, want nil\nafter:\n%s", tc.name, s.send, s.id, err, gradeLines(log[:len(log)-1]))
				}
			} else {
				reply, err := c.Receive([]byte(s.frame))
				log = append(log, fmt.Sprintf("Receive(%s) = %q, %v", s.frame, reply, err))
				if reply != s.reply || (err != nil) != s.err || c.State() != s.state {
					wantErr := "nil"
					if s.err {
						wantErr = "an error"
					}
					why := ""
					if s.reason != "" {
						why = ": " + s.reason
					}
					return grading.Failf("%s: Receive(%s) = %q, %v and State() = %q; want %q, %s and %q%s\nafter:\n%s", tc.name, s.frame, reply, err, c.State(), s.reply, wantErr, s.state, why, gradeLines(log[:len(log)-1]))
				}
			}
			if c.State() != s.state {
				return grading.Failf("%s: State() = %q, want %q\nafter:\n%s", tc.name, c.State(), s.state, gradeLines(log))
			}
		}
	}
	return grading.Pass()
}
