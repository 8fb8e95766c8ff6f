package handshake

// This file is the grader's 2026-07-28 part. Do not edit it: go test and the
// classroom run it against your handshake.go, and the browser runs the same
// checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

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
	m := newGradeModel(supported, version)
	if got := c.State(); got != New {
		return grading.Failf("NewClient(%q, %q).State() = %q, want %q", version, supported, got, New).At(id, 1)
	}
	pending := ""
	for _, ev := range res.Events {
		if ev.Kind != trace.KindMessage {
			if ev.Kind == trace.KindState && ev.State != nil && ev.State.Client == Closed && m.state != Closed {
				c.Close() // the scenario's client hangs up
				m.close()
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
	m := newGradeModel(supported, ask)
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
