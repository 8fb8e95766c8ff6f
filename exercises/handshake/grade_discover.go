package handshake

// This file is the grader's 2026-07-28 part. Do not edit it: go test and the
// classroom run it against your handshake.go, and the browser runs the same
// checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/scenario/discover"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// gradeSDKVersions are the versions go-sdk v1.8.0 speaks, newest first
// (mcp.SupportedProtocolVersions).
var gradeSDKVersions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// gradeReplayModel plays a scenario's transcript through the learner's
// client and compares every answer with the grader's own client: the
// scenario's state labels are the 2026-07-28 client's (STATELESS), not this
// exercise's. A client frame that is the request Receive asked for must
// carry the version Offer returns.
func gradeReplayModel(ctx context.Context, f GradeNew, id, version string, supported []string) grading.Result {
	res, err := play.NewCatalogue(handshake.Presets(), discover.Presets()).Run(ctx, id, nil)
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	c := f(version, slices.Clone(supported))
	m := &gradeModel{state: New, supported: supported, offer: version}
	if got := c.State(); got != New {
		return grading.Failf("NewClient(%q, %q).State() = %q, want %q", version, supported, got, New).At(id, 1)
	}
	pending := ""
	for _, ev := range res.Events {
		if ev.Kind != trace.KindMessage {
			if ev.Kind == trace.KindState && ev.State != nil && ev.State.Client == Closed && m.state != Closed {
				c.Close() // the scenario's client hangs up
				m.state = Closed
			}
			continue
		}
		if ev.Direction == trace.ClientToServer {
			method, reqID := gradeMethodID(ev.Raw)
			if method == "notifications/initialized" {
				if pending != method {
					return grading.Failf("the client sent notifications/initialized here, but Receive of the initialize result returned %q, want %q", pending, method).At(id, ev.Seq)
				}
				pending = ""
				continue
			}
			if method == pending && (method == "server/discover" || method == "initialize") {
				if want := gradeOffered(ev.Raw); c.Offer() != want {
					return grading.Failf("before this %s, Offer() = %q, want %q, the version the request carries", method, c.Offer(), want).At(id, ev.Seq)
				}
			}
			if method == "server/discover" && pending == "" && c.State() == New && c.Offer() != gradeOffered(ev.Raw) {
				return grading.Failf("Offer() = %q, want %q: the probe asks for the version NewClient was given", c.Offer(), gradeOffered(ev.Raw)).At(id, ev.Seq)
			}
			pending = ""
			state := m.state
			err := c.Send(method, reqID)
			if werr := m.send(method, reqID); (err == nil) != (werr == "") {
				return grading.Failf("in state %s, Send(%q, %d) = %v, want %s", state, method, reqID, err, gradeErrWant(werr)).At(id, ev.Seq)
			}
		} else {
			reply, err := c.Receive([]byte(ev.Raw))
			w := m.receive([]byte(ev.Raw))
			if reply != w.reply || (err == nil) != (w.err == "") {
				return grading.Failf("Receive(%s) = %q, %v; want %q, %s", ev.Raw, reply, err, w.reply, gradeErrWant(w.err)).At(id, ev.Seq)
			}
			pending = reply
		}
		if c.State() != m.state {
			return grading.Failf("after this frame State() = %q, want %q", c.State(), m.state).At(id, ev.Seq)
		}
		if m.state == Ready && c.Version() != m.agreed {
			return grading.Failf("Version() = %q, want %q", c.Version(), m.agreed).At(id, ev.Seq)
		}
	}
	return grading.Pass()
}

// gradeOffered reads the version a server/discover (params._meta) or
// initialize (params.protocolVersion) request asks for.
func gradeOffered(raw string) string {
	var m struct {
		Params struct {
			Meta            map[string]json.RawMessage `json:"_meta"`
			ProtocolVersion string                     `json:"protocolVersion"`
		} `json:"params"`
	}
	json.Unmarshal([]byte(raw), &m)
	if v, ok := m.Params.Meta["io.modelcontextprotocol/protocolVersion"]; ok {
		s, _ := strconv.Unquote(string(v))
		return s
	}
	return m.Params.ProtocolVersion
}

// A gradeStep is one call in a scripted case: Send(send, id) or, when send
// is "", Receive(frame).
type gradeStep struct {
	send  string
	id    int64
	frame string
}

// A gradeDiscoverCase is a scripted exchange and where it must end.
type gradeDiscoverCase struct {
	name      string
	ask       string
	supported []string
	steps     []gradeStep
	// state, and version (READY) or offer (otherwise), after the last step.
	state, version, offer string
	why                   string // the rule, shown when the learner's client disagrees
}

// gradeDiscoverCases returns a check that plays cases, comparing the
// learner's client with the grader's at every step and with the case's own
// ending.
func gradeDiscoverCases(cases func() []gradeDiscoverCase) func(context.Context, GradeNew) grading.Result {
	return func(ctx context.Context, f GradeNew) grading.Result {
		for _, tc := range cases() {
			if r := gradePlay(f, tc.name, tc.ask, tc.supported, tc.steps, tc.why); !r.Pass {
				return r
			}
			c := f(tc.ask, slices.Clone(tc.supported))
			for _, s := range tc.steps {
				if s.send != "" {
					c.Send(s.send, s.id)
				} else {
					c.Receive([]byte(s.frame))
				}
			}
			if c.State() != tc.state {
				return grading.Failf("%s: State() = %q at the end, want %q: %s", tc.name, c.State(), tc.state, tc.why)
			}
			if tc.state == Ready && c.Version() != tc.version {
				return grading.Failf("%s: Version() = %q at the end, want %q: %s", tc.name, c.Version(), tc.version, tc.why)
			}
			if tc.offer != "" && c.Offer() != tc.offer {
				return grading.Failf("%s: Offer() = %q at the end, want %q: %s", tc.name, c.Offer(), tc.offer, tc.why)
			}
		}
		return grading.Pass()
	}
}

// gradeReplayThen returns a check that replays scenarios (pairs of an id
// and the version go-sdk v1.8.0's client asks for in it, with the versions
// go-sdk speaks) and then plays cases.
func gradeReplayThen(cases func() []gradeDiscoverCase, idAsk ...string) func(context.Context, GradeNew) grading.Result {
	return func(ctx context.Context, f GradeNew) grading.Result {
		for i := 0; i+1 < len(idAsk); i += 2 {
			if r := gradeReplayModel(ctx, f, idAsk[i], idAsk[i+1], gradeSDKVersions); !r.Pass {
				return r
			}
		}
		return gradeDiscoverCases(cases)(ctx, f)
	}
}

// gradePlay plays steps on a new client and on the grader's, and compares
// every answer, the state after each step, Version() once READY and
// Offer() whenever Receive asks for a request.
func gradePlay(f GradeNew, name, ask string, supported []string, steps []gradeStep, why string) grading.Result {
	c := f(ask, slices.Clone(supported))
	m := &gradeModel{state: New, supported: supported, offer: ask}
	var log []string
	fail := func(format string, args ...any) grading.Result {
		msg := fmt.Sprintf(format, args...)
		if why != "" {
			msg += ": " + why
		}
		return grading.Failf("%s: %s\nafter NewClient(%q, %q) and:\n%s", name, msg, ask, supported, gradeLines(log))
	}
	if c.State() != New || c.Offer() != ask {
		return fail("State() = %q and Offer() = %q, want %q and %q", c.State(), c.Offer(), New, ask)
	}
	for _, s := range steps {
		if s.send != "" {
			err := c.Send(s.send, s.id)
			werr := m.send(s.send, s.id)
			if (err == nil) != (werr == "") {
				return fail("Send(%q, %d) = %v, want %s", s.send, s.id, err, gradeErrWant(werr))
			}
			log = append(log, fmt.Sprintf("Send(%q, %d) = %v", s.send, s.id, err))
		} else {
			reply, err := c.Receive([]byte(s.frame))
			w := m.receive([]byte(s.frame))
			if reply != w.reply || (err == nil) != (w.err == "") {
				return fail("Receive(%s) = %q, %v; want %q, %s", s.frame, reply, err, w.reply, gradeErrWant(w.err))
			}
			log = append(log, fmt.Sprintf("Receive(%s) = %q, %v", s.frame, reply, err))
			if w.reply == "server/discover" || w.reply == "initialize" {
				if c.Offer() != m.offer {
					return fail("Offer() = %q, want %q: the version the %s Receive asked for carries", c.Offer(), m.offer, w.reply)
				}
			}
		}
		if c.State() != m.state {
			return fail("State() = %q, want %q", c.State(), m.state)
		}
		if m.state == Ready && c.Version() != m.agreed {
			return fail("Version() = %q, want %q", c.Version(), m.agreed)
		}
	}
	return grading.Pass()
}

// Frames of the 2026-07-28 probe.
func gradeDiscoverResult(id int64, versions ...string) string {
	b, _ := json.Marshal(versions)
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}},"ttlMs":0,"cacheScope":"public","supportedVersions":%s,"capabilities":{"tools":{}}}}`, id, b)
}

func gradeUnsupported(id int64, requested string, supported ...string) string {
	b, _ := json.Marshal(supported)
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":%s,"requested":%q}}}`, id, b, requested)
}

func gradeError(id int64, code int, message string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":%d,"message":%q}}`, id, code, message)
}

func gradeInitResult(id int64, version string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, version)
}

var (
	gradeBoth   = []string{"2026-07-28", "2025-11-25"}
	gradeFuture = []string{"2027-03-01", "2026-07-28", "2025-11-25", "2025-06-18"}
)

func gradePicksCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): use a version both sides support; this client takes the newest one in both lists, whatever order the server lists them in"
	return []gradeDiscoverCase{
		{name: "the server lists the version asked for", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2026-07-28", "2025-11-25", "2025-06-18")}, {send: "tools/list", id: 2}},
			state: Ready, version: "2026-07-28", why: why},
		{name: "the server lists older versions first", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 4}, {frame: gradeDiscoverResult(4, "2025-06-18", "2025-11-25", "2026-07-28", "2027-09-09")}},
			state: Ready, version: "2026-07-28", why: why},
		{name: "a newer version than the one asked for", ask: "2026-07-28", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2027-03-01", "2026-07-28")}},
			state: Ready, version: "2027-03-01", why: why},
		{name: "answers to other ids", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 3}, {send: "tools/list", id: 4},
				{frame: gradeDiscoverResult(2, "2026-07-28")}, {frame: strings.Replace(gradeDiscoverResult(3, "2026-07-28"), `"id":3`, `"id":"3"`, 1)},
				{frame: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`},
				{frame: gradeDiscoverResult(3, "2026-07-28")}, {frame: gradeDiscoverResult(3, "2026-07-28")}},
			state: Ready, version: "2026-07-28", why: "only the response with the probe's id (the integer 3) answers it; nothing but waiting is allowed while discovering; a repeated answer changes nothing"},
		{name: "a 2025-11-25 client does not probe", ask: "2025-11-25", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {send: "initialize", id: 1}, {frame: gradeInitResult(1, "2025-11-25")}},
			state: Ready, version: "2025-11-25", why: "server/discover carries the version in _meta, which only 2026-07-28 and later have: a client asking for an older version uses initialize"},
	}
}

func gradeFallbackCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning, Backward Compatibility): on stdio, probe with server/discover and fall back to initialize on any error that is not a recognized 2026-07-28 error; the fallback asks for the newest version before 2026-07-28 this client speaks (go-sdk v1.8.0 asks for 2025-11-25)"
	return []gradeDiscoverCase{
		{name: "method not found", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32601, "Method not found")},
				{send: "server/discover", id: 2}, {send: "initialize", id: 2}, {frame: gradeInitResult(2, "2025-11-25")}, {send: "tools/list", id: 3}},
			state: Ready, version: "2025-11-25", offer: "2025-11-25", why: why},
		{name: "code 0, as go-sdk answers a request before initialize", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, 0, "method \"server/discover\" is invalid during session initialization")}},
			state: New, offer: "2025-11-25", why: why},
		{name: "invalid params, then a counter-offer", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 5}, {send: "ping", id: 6}, {frame: gradeError(5, -32602, "Invalid params")},
				{send: "ping", id: 6}, {send: "initialize", id: 7}, {frame: gradeInitResult(7, "2025-06-18")}},
			state: Ready, version: "2025-06-18", offer: "2025-11-25", why: why},
		{name: "internal error", ask: "2026-07-28", supported: []string{"2026-07-28", "2025-06-18", "2024-11-05"},
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32603, "Internal error")}},
			state: New, offer: "2025-06-18", why: why},
		{name: "nothing to fall back to", ask: "2026-07-28", supported: []string{"2026-07-28"},
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32601, "Method not found")}, {send: "initialize", id: 2}},
			state: Closed, why: "the server speaks no 2026-07-28 and this client no earlier version: the connection closes with an error"},
	}
}

func gradeRetryCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): UnsupportedProtocolVersionError (-32022) lists the versions the server supports in error.data.supported; it identifies a 2026-07-28 server, so the client retries with the newest version in common instead of falling back; retrying once is this exercise's bound (go-sdk v1.8.0's too), not the specification's"
	return []gradeDiscoverCase{
		{name: "retry with a listed version", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2025-11-25", "2026-07-28")},
				{send: "tools/list", id: 2}, {send: "server/discover", id: 2}, {frame: gradeDiscoverResult(2, "2026-07-28", "2025-11-25")}},
			state: Ready, version: "2026-07-28", offer: "2026-07-28", why: why},
		{name: "the old id after the retry", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2026-07-28")},
				{frame: gradeDiscoverResult(1, "2026-07-28")}, {send: "server/discover", id: 9},
				{frame: gradeDiscoverResult(1, "2026-07-28")}, {frame: gradeDiscoverResult(9, "2026-07-28")}},
			state: Ready, version: "2026-07-28", offer: "2026-07-28", why: why + "; the retry has its own id"},
		{name: "only an older version in common", ask: "2026-07-28", supported: gradeSDKVersions,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2026-07-28", "2025-06-18", "2024-11-05")},
				{send: "initialize", id: 2}, {frame: gradeInitResult(2, "2025-06-18")}},
			state: Ready, version: "2025-06-18", offer: "2025-06-18", why: why + "; a version before 2026-07-28 is spoken through initialize"},
		{name: "refused twice", ask: "2027-03-01", supported: gradeFuture,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2027-03-01", "2026-07-28")},
				{send: "server/discover", id: 2}, {frame: gradeUnsupported(2, "2026-07-28", "2026-07-28")}, {send: "server/discover", id: 3}},
			state: Closed, why: "a server that refuses the version it listed will not be satisfied by a third try: after one retry a -32022 closes the connection with an error"},
	}
}

func gradeNoCommonCases() []gradeDiscoverCase {
	why := "specification 2026-07-28 (Versioning): the client retries with a mutually supported version, or surfaces an error if no compatible version exists; a server that answers server/discover or sends a 2026-07-28 error is not a 2025 server, so initialize would not help. go-sdk v1.8.0 falls back to initialize here"
	return []gradeDiscoverCase{
		{name: "a result whose versions are all unknown", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeDiscoverResult(1, "2028-01-01", "2024-11-05")}, {send: "initialize", id: 2}},
			state: Closed, why: why},
		{name: "a -32022 whose versions are all unknown", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeUnsupported(1, "2026-07-28", "2030-01-01")}},
			state: Closed, why: why},
		{name: "a -32022 without a list", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32022, "Unsupported protocol version")}},
			state: Closed, why: why},
		{name: "a result without supportedVersions", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: `{"jsonrpc":"2.0","id":1,"result":{}}`}},
			state: Closed, why: why},
		{name: "MissingRequiredClientCapability", ask: "2026-07-28", supported: gradeBoth,
			steps: []gradeStep{{send: "server/discover", id: 1}, {frame: gradeError(1, -32021, "Missing required client capability")}},
			state: Closed, why: why + " (-32020 HeaderMismatch and -32021 MissingRequiredClientCapability are 2026-07-28 errors too)"},
	}
}

// gradeHiddenDiscovery plays seeded random transcripts that start with the
// probe: random version lists on both sides, results, -32022 with and
// without lists, legacy errors, answers to other ids, retries and
// fallbacks.
func gradeHiddenDiscovery(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 7, 20260728)
	versions := []string{"2024-11-05", "2025-06-18", "2025-11-25", "2026-07-28", "2027-03-01", "2028-01-01"}
	others := []string{"ping", "tools/list", "initialize", "notifications/initialized", "server/discover"}
	subset := func() []string {
		var out []string
		for _, v := range versions {
			if rng.IntN(2) == 0 {
				out = append(out, v)
			}
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	for run := 0; run < 300; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		supported := subset()
		ask := versions[3+rng.IntN(3)]
		if rng.IntN(8) == 0 {
			ask = versions[rng.IntN(3)]
		}
		m := &gradeModel{state: New, supported: supported, offer: ask}
		var steps []gradeStep
		next := int64(1 + rng.IntN(3))
		var sent []int64
		asked := "server/discover"
		for op := 0; op < 8; op++ {
			var s gradeStep
			if op == 0 || rng.IntN(2) == 0 {
				meth := others[rng.IntN(len(others))]
				if asked != "" && (op == 0 || rng.IntN(4) > 0) {
					meth = asked
				}
				if !strings.HasPrefix(meth, "notifications/") {
					s = gradeStep{send: meth, id: next}
				} else {
					s = gradeStep{send: meth}
				}
				if m.send(s.send, s.id) == "" && s.id != 0 {
					sent = append(sent, s.id)
					next++
				}
				asked = ""
			} else {
				id := next
				if len(sent) > 0 && rng.IntN(6) > 0 {
					id = sent[len(sent)-1-rng.IntN(min(2, len(sent)))]
				}
				s = gradeStep{frame: gradeRandomDiscoverFrame(rng, id, subset())}
				asked = m.receive([]byte(s.frame)).reply
			}
			steps = append(steps, s)
		}
		if r := gradePlay(f, fmt.Sprintf("hidden transcript %d", run), ask, supported, steps, ""); !r.Pass {
			return r
		}
	}
	return grading.Pass()
}

// gradeRandomDiscoverFrame makes a server frame answering id.
func gradeRandomDiscoverFrame(rng *rand.Rand, id int64, list []string) string {
	var fr string
	switch rng.IntN(10) {
	case 0, 1, 2, 3:
		fr = gradeDiscoverResult(id, list...)
	case 4, 5:
		fr = gradeUnsupported(id, "2026-07-28", list...)
	case 6:
		fr = gradeError(id, []int{-32601, 0, -32602, -32603, -32600}[rng.IntN(5)], "no")
	case 7:
		fr = gradeError(id, []int{-32020, -32021, -32022}[rng.IntN(3)], "no")
	case 8:
		v := "2025-11-25"
		if len(list) > 0 {
			v = list[0]
		}
		fr = gradeInitResult(id, v)
	default:
		return `{"jsonrpc":"2.0","id":"s1","method":"ping"}`
	}
	if rng.IntN(12) == 0 {
		fr = strings.Replace(fr, fmt.Sprintf(`"id":%d`, id), fmt.Sprintf(`"id":"%d"`, id), 1)
	}
	return fr
}
