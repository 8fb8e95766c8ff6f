package handshake

// This file is the grader. Do not edit it: go test and the classroom run it
// against your handshake.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

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
	res, err := scenario.Run(ctx, id, nil)
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	c := f(version, supported)
	if got := c.State(); got != New {
		return grading.Failf("NewClient(%q, %q).State() = %q, want %q", version, supported, got, New).At(id, 1)
	}
	model := &gradeModel{state: New, supported: supported, offer: version}
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
	return "an error (" + e + ")"
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
				return grading.Failf("in state %s, Send(%q, %d) = nil, want an error: only ping may be sent before READY", state, s.method, id)
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

// gradeHidden plays seeded random transcripts against a model client and
// compares every answer.
func gradeHidden(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 5, 20251125)
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
		m := &gradeModel{state: New, supported: supported, offer: ask}
		var log []string
		var sent []int64 // ids of the requests sent so far
		next := int64(1 + rng.IntN(3))
		for op := 0; op < 12; op++ {
			var desc string
			switch k := rng.IntN(10); {
			case k < 5:
				meth := methods[rng.IntN(len(methods))]
				if m.state == New && rng.IntN(2) == 0 {
					meth = "initialize"
				}
				var id int64
				if !strings.HasPrefix(meth, "notifications/") {
					id = next
				}
				err := c.Send(meth, id)
				werr := m.send(meth, id)
				desc = fmt.Sprintf("Send(%q, %d) = %v", meth, id, err)
				if (err == nil) != (werr == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %s", run, desc, ask, supported, gradeLines(log), gradeErrWant(werr))
				}
				if werr == "" && id != 0 {
					sent = append(sent, id)
					next++
				}
			case k < 9:
				frame := gradeRandomFrame(rng, versions, sent, next)
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

// gradeRandomFrame makes a server frame: mostly a response to one of the
// requests sent (any of them, the initialize request included), sometimes
// to an id never sent or to a string id, sometimes a server request.
func gradeRandomFrame(rng *rand.Rand, versions []string, sent []int64, next int64) string {
	id := strconv.FormatInt(next+int64(rng.IntN(3)), 10) // not sent yet
	if len(sent) > 0 && rng.IntN(5) > 0 {
		id = strconv.FormatInt(sent[rng.IntN(len(sent))], 10)
	}
	if rng.IntN(10) == 0 {
		id = strconv.Quote(id) // "1" is not the id 1
	}
	switch rng.IntN(6) {
	case 0, 1:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, versions[rng.IntN(len(versions))])
	case 2:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{}}`, id)
	case 3:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32602,"message":"Unsupported protocol version"}}`, id)
	case 4:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"internal error"}}`, id)
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
	initID    int64

	offer      string
	discoverID int64 // 0 while a retry of the probe is due
	retried    bool
	fellBack   bool
}

func (m *gradeModel) send(method string, id int64) string {
	switch {
	case m.state == Closed:
		return "closed"
	case m.state == Discovering:
		if method == "server/discover" && m.discoverID == 0 {
			m.discoverID, m.retried = id, true
			return ""
		}
		return "not allowed while discovering"
	case method == "ping" && m.state != Ready:
		return ""
	case m.state == New && method == "initialize":
		m.state, m.initID = Initializing, id
		return ""
	case m.state == New && method == "server/discover" && !m.fellBack && m.offer >= Modern:
		m.state, m.discoverID = Discovering, id
		return ""
	case m.state == Ready && method != "initialize" && method != "notifications/initialized":
		return ""
	}
	return "not allowed in " + m.state
}

func (m *gradeModel) receive(frame []byte) gradeWant {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result *struct {
			ProtocolVersion   string   `json:"protocolVersion"`
			SupportedVersions []string `json:"supportedVersions"`
		} `json:"result"`
		Error *struct {
			Code int64 `json:"code"`
			Data struct {
				Supported []string `json:"supported"`
			} `json:"data"`
		} `json:"error"`
	}
	json.Unmarshal(frame, &msg)
	switch {
	case m.state == Closed:
		return gradeWant{err: "closed"}
	case msg.Method != "":
		return gradeWant{}
	case m.state == Discovering && m.discoverID != 0 && string(msg.ID) == strconv.FormatInt(m.discoverID, 10):
		switch {
		case msg.Result != nil || msg.Error == nil:
			var theirs []string
			if msg.Result != nil {
				theirs = msg.Result.SupportedVersions
			}
			return m.choose(theirs, false)
		case msg.Error.Code == -32022 && m.retried:
			m.state = Closed
			return gradeWant{err: "a second UnsupportedProtocolVersion: the server refused a version it listed"}
		case msg.Error.Code == -32022:
			return m.choose(msg.Error.Data.Supported, true)
		case msg.Error.Code == -32020 || msg.Error.Code == -32021:
			m.state = Closed
			return gradeWant{err: fmt.Sprintf("%d is a 2026-07-28 error: the server is modern, and no other version helps", msg.Error.Code)}
		}
		legacy := gradeNewest(m.supported, func(v string) bool { return v < Modern })
		if legacy == "" {
			m.state = Closed
			return gradeWant{err: "no version before " + Modern + " to fall back to"}
		}
		m.state, m.offer, m.fellBack = New, legacy, true
		return gradeWant{reply: "initialize"}
	case m.state != Initializing:
		return gradeWant{}
	case string(msg.ID) != strconv.FormatInt(m.initID, 10):
		return gradeWant{} // the answer to another request
	case msg.Error != nil:
		m.state = Closed
		return gradeWant{err: "initialize failed"}
	case msg.Result == nil || msg.Result.ProtocolVersion == "":
		m.state = Closed
		return gradeWant{err: "an initialize result without protocolVersion"}
	case !slices.Contains(m.supported, msg.Result.ProtocolVersion):
		m.state = Closed
		return gradeWant{err: "unsupported version " + msg.Result.ProtocolVersion}
	}
	m.state, m.agreed = Ready, msg.Result.ProtocolVersion
	return gradeWant{reply: "notifications/initialized"}
}

// choose settles the probe with the server's list: the newest version both
// speak, used at once (result), asked again (after -32022) or, when it is
// older than 2026-07-28, through initialize.
func (m *gradeModel) choose(theirs []string, retry bool) gradeWant {
	v := gradeNewest(m.supported, func(v string) bool { return slices.Contains(theirs, v) })
	switch {
	case v == "":
		m.state = Closed
		return gradeWant{err: fmt.Sprintf("no version in common with %q", theirs)}
	case v < Modern:
		m.state, m.offer, m.fellBack = New, v, true
		return gradeWant{reply: "initialize"}
	case retry:
		m.offer, m.discoverID = v, 0
		return gradeWant{reply: "server/discover"}
	}
	m.state, m.agreed = Ready, v
	return gradeWant{}
}

// gradeNewest returns the newest version in vs that keep accepts, or "".
func gradeNewest(vs []string, keep func(string) bool) string {
	out := ""
	for _, v := range vs {
		if keep(v) && v > out {
			out = v
		}
	}
	return out
}
