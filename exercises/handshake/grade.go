package handshake

// This file is the grader. Do not edit it: go test and the classroom run it
// against your handshake.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// A GradeClient is a Client seen through its methods, so that the checks
// can drive a client compiled into the test binary or interpreted in the
// browser alike.
type GradeClient struct {
	State   func() string
	Version func() string
	Send    func(method string) error
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
		{Name: "hidden-transcripts", Run: gradeHidden},
	}
}

// gradeReplay plays a scenario's transcript through the learner's client:
// each client frame becomes a Send (or must be the reply Receive asked
// for), each server frame a Receive, and after every client frame the
// learner's state must be the state the trace shows.
func gradeReplay(ctx context.Context, f GradeNew, id, version string, supported []string) grading.Result {
	res, err := scenario.Run(ctx, id, nil)
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	c := f(version, supported)
	if got := c.State(); got != New {
		return grading.Failf("NewClient(%q, %q).State() = %q, want %q", version, supported, got, New).At(id, 1)
	}
	pending := ""
	for _, ev := range res.Events {
		switch {
		case ev.Kind == trace.KindMessage && ev.Direction == trace.ClientToServer:
			method := gradeMethod(ev.Raw)
			if method == "notifications/initialized" {
				if pending != method {
					return grading.Failf("the client sent notifications/initialized here, but Receive of the initialize result returned %q, want %q", pending, method).At(id, ev.Seq)
				}
				pending = ""
			} else if err := c.Send(method); err != nil {
				return grading.Failf("in state %s, Send(%q) = %v, want nil", c.State(), method, err).At(id, ev.Seq)
			}
		case ev.Kind == trace.KindMessage && ev.Direction == trace.ServerToClient:
			reply, err := c.Receive([]byte(ev.Raw))
			want := gradeModelReceive(version, supported, ev.Raw)
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
		for _, m := range []string{"tools/list", "ping"} {
			if err := c.Send(m); err == nil {
				return grading.Failf("after the connection closed, Send(%q) = nil, want an error", m).At(id, len(res.Events))
			}
		}
	}
	return grading.Pass()
}

func gradeMethod(raw string) string {
	var m struct {
		Method string `json:"method"`
	}
	json.Unmarshal([]byte(raw), &m)
	return m.Method
}

func gradeErrWant(e string) string {
	if e == "" {
		return "nil error"
	}
	return "an error (" + e + ")"
}

type gradeWant struct {
	reply string
	err   string // "" for none
}

// gradeModelReceive answers what a correct client in state INITIALIZING
// does with frame.
func gradeModelReceive(version string, supported []string, frame string) gradeWant {
	m := &gradeModel{state: Initializing, supported: supported}
	return m.receive([]byte(frame))
}

// gradeOnlyPing walks the states and tries every kind of send in each.
func gradeOnlyPing(ctx context.Context, f GradeNew) grading.Result {
	c := f("2025-11-25", []string{"2025-11-25"})
	type step struct {
		method string
		ok     bool
	}
	try := func(state string, steps []step) grading.Result {
		for _, s := range steps {
			err := c.Send(s.method)
			if s.ok && err != nil {
				return grading.Failf("in state %s, Send(%q) = %v, want nil", state, s.method, err)
			}
			if !s.ok && err == nil {
				return grading.Failf("in state %s, Send(%q) = nil, want an error: only ping may be sent before READY", state, s.method)
			}
			if got := c.State(); got != state {
				return grading.Failf("after Send(%q) in state %s, State() = %q, want %q", s.method, state, got, state)
			}
		}
		return grading.Pass()
	}
	if r := try(New, []step{{"tools/list", false}, {"ping", true}, {"tools/call", false}, {"notifications/initialized", false}, {"resources/list", false}}); !r.Pass {
		return r
	}
	if err := c.Send("initialize"); err != nil || c.State() != Initializing {
		return grading.Failf("in state NEW, Send(\"initialize\") = %v and State() = %q, want nil and %q", err, c.State(), Initializing)
	}
	if r := try(Initializing, []step{{"tools/list", false}, {"ping", true}, {"initialize", false}, {"tools/call", false}, {"ping", true}}); !r.Pass {
		return r
	}
	if reply, err := c.Receive([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`)); err != nil || reply != "notifications/initialized" {
		return grading.Failf("Receive(initialize result 2025-11-25) = %q, %v; want \"notifications/initialized\", nil", reply, err)
	}
	return try(Ready, []step{{"tools/list", true}, {"ping", true}, {"tools/call", true}, {"initialize", false}})
}

// gradeInitializedOnce sends a ping answer and a duplicate initialize result:
// initialized goes out once, after the real result, and never again.
func gradeInitializedOnce(ctx context.Context, f GradeNew) grading.Result {
	c := f("2025-06-18", []string{"2025-06-18"})
	if err := c.Send("initialize"); err != nil {
		return grading.Failf("Send(\"initialize\") = %v, want nil", err)
	}
	if err := c.Send("ping"); err != nil {
		return grading.Failf("in state INITIALIZING, Send(\"ping\") = %v, want nil", err)
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
	if err := c.Send("notifications/initialized"); err == nil {
		return grading.Failf("in state READY, Send(\"notifications/initialized\") = nil, want an error: it was sent already")
	}
	return grading.Pass()
}

// gradeHidden plays seeded random transcripts against a model client and
// compares every answer.
func gradeHidden(ctx context.Context, f GradeNew) grading.Result {
	rng := rand.New(rand.NewPCG(5, 20251125))
	versions := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "1999-01-01"}
	methods := []string{"ping", "initialize", "tools/list", "tools/call", "notifications/initialized", "resources/read"}
	for run := 0; run < 300; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		var supported []string
		for _, v := range versions {
			if rng.IntN(2) == 0 {
				supported = append(supported, v)
			}
		}
		ask := versions[rng.IntN(len(versions))]
		c := f(ask, slices.Clone(supported))
		m := &gradeModel{state: New, supported: supported}
		var log []string
		for op := 0; op < 12; op++ {
			var desc string
			switch k := rng.IntN(10); {
			case k < 5:
				meth := methods[rng.IntN(len(methods))]
				if m.state == New && rng.IntN(2) == 0 {
					meth = "initialize"
				}
				err := c.Send(meth)
				werr := m.send(meth)
				desc = fmt.Sprintf("Send(%q) = %v", meth, err)
				if (err == nil) != (werr == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %s", run, desc, ask, supported, gradeLines(log), gradeErrWant(werr))
				}
			case k < 9:
				frame := gradeRandomFrame(rng, versions)
				got, err := c.Receive([]byte(frame))
				w := m.receive([]byte(frame))
				desc = fmt.Sprintf("Receive(%s) = %q, %v", frame, got, err)
				if got != w.reply || (err == nil) != (w.err == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %q, %s", run, desc, ask, supported, gradeLines(log), w.reply, gradeErrWant(w.err))
				}
			default:
				c.Close()
				m.state = Closed
				desc = "Close()"
			}
			log = append(log, desc)
			if c.State() != m.state {
				return grading.Failf("transcript %d: State() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.State(), m.state, ask, supported, gradeLines(log))
			}
			if m.state == Ready && c.Version() != m.agreed {
				return grading.Failf("transcript %d: Version() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.Version(), m.agreed, ask, supported, gradeLines(log))
			}
		}
	}
	return grading.Pass()
}

func gradeLines(log []string) string {
	out := ""
	for _, l := range log {
		out += "  " + l + "\n"
	}
	return out
}

func gradeRandomFrame(rng *rand.Rand, versions []string) string {
	switch rng.IntN(5) {
	case 0, 1:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, versions[rng.IntN(len(versions))])
	case 2:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{}}`, rng.IntN(9)+2)
	case 3:
		return `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unsupported protocol version"}}`
	default:
		return `{"jsonrpc":"2.0","id":"s1","method":"ping"}`
	}
}

// gradeModel is the grader's own client, the yardstick for hidden
// transcripts.
type gradeModel struct {
	state     string
	supported []string
	agreed    string
}

func (m *gradeModel) send(method string) string {
	switch {
	case m.state == Closed:
		return "closed"
	case method == "ping":
		return ""
	case m.state == New && method == "initialize":
		m.state = Initializing
		return ""
	case m.state == Ready && method != "initialize" && method != "notifications/initialized":
		return ""
	}
	return "not allowed in " + m.state
}

func (m *gradeModel) receive(frame []byte) gradeWant {
	var msg struct {
		Method string `json:"method"`
		Result *struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
		Error json.RawMessage `json:"error"`
	}
	json.Unmarshal(frame, &msg)
	switch {
	case m.state == Closed:
		return gradeWant{err: "closed"}
	case m.state != Initializing || msg.Method != "":
		return gradeWant{}
	case msg.Error != nil:
		m.state = Closed
		return gradeWant{err: "initialize failed"}
	case msg.Result == nil || msg.Result.ProtocolVersion == "":
		return gradeWant{}
	case !slices.Contains(m.supported, msg.Result.ProtocolVersion):
		m.state = Closed
		return gradeWant{err: "unsupported version " + msg.Result.ProtocolVersion}
	}
	m.state, m.agreed = Ready, msg.Result.ProtocolVersion
	return gradeWant{reply: "notifications/initialized"}
}
