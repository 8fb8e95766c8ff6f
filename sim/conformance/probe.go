package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Options tune a probe run. The zero value is usable.
type Options struct {
	// Server names the server in the report.
	Server string
	// Transport names the transport in the traces (trace.Stdio,
	// trace.StreamableHTTP or trace.InMemory); empty means trace.Stdio.
	Transport string
	// RequestTimeout bounds the wait for each response; 0 means 5s.
	RequestTimeout time.Duration
	// StartTimeout bounds the wait for the first response on a
	// connection, which includes the server's start; 0 means 30s.
	StartTimeout time.Duration
	// MaxPages and MaxItems bound one list walk; 0 means 100 pages and
	// 10000 items.
	MaxPages, MaxItems int
	// Calls are the tools the user allows the probe to call, by name, with
	// their arguments. The probe calls no other tool of the server.
	Calls map[string]json.RawMessage
	// HTTP, when set, adds the Streamable HTTP cases against its URL.
	HTTP *HTTPTarget
}

// prober is one run in progress.
type prober struct {
	ctx  context.Context
	dial Dialer
	opts Options
	rep  *Report
	tap  *Tap
	// links are every link dialled, for stdio-framing.
	links []Link
	// spare are links dialled ahead, so that servers slow to start (a
	// node process can take seconds) start side by side.
	spare []Link
	// caps are the capabilities each revision's session declared.
	caps map[string]map[string]json.RawMessage
}

// Probe runs the server cases against the server dial reaches, in each
// revision the server speaks. ctx is the whole run's budget: when it ends,
// the cases still to run fail with the reason. Probe returns an error only
// for a run it could not start.
func Probe(ctx context.Context, dial Dialer, opts Options) (*Report, error) {
	if dial == nil {
		return nil, errors.New("conformance: no dialer")
	}
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = 5 * time.Second
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 30 * time.Second
	}
	if opts.MaxPages <= 0 {
		opts.MaxPages = 100
	}
	if opts.MaxItems <= 0 {
		opts.MaxItems = 10000
	}
	if opts.Transport == "" {
		opts.Transport = trace.Stdio
	}
	p := &prober{ctx: ctx, dial: dial, opts: opts, rep: &Report{Server: opts.Server, Revisions: []string{}}, tap: &Tap{}, caps: map[string]map[string]json.RawMessage{}}
	// The run needs three connections: initialize, the counteroffer and
	// server/discover. A server none of them reaches leaves nothing to
	// judge: the run could not start.
	var dialErr error
	for range 3 {
		l, err := dial(ctx, p.tap)
		if err != nil {
			dialErr = err
			continue
		}
		p.links = append(p.links, l)
		p.spare = append(p.spare, l)
	}
	if len(p.links) == 0 && dialErr != nil {
		return nil, fmt.Errorf("conformance: connecting to the server: %w", dialErr)
	}
	if s := p.run2025(); s != nil {
		p.rep.Revisions = append(p.rep.Revisions, Rev2025)
		p.revisionCases(s)
		p.hangUp(s)
	}
	if s := p.run2026(); s != nil {
		p.rep.Revisions = append(p.rep.Revisions, Rev2026)
		p.revisionCases(s)
		p.hangUp(s)
	}
	if opts.HTTP != nil {
		p.httpCases(opts.HTTP)
	}
	p.closeAll()
	p.framing()
	return p.rep, nil
}

// begin starts a case: a fresh trace that the tap records on from now on.
func (p *prober) begin(id, rev, note string) *Result {
	rec := trace.NewRecorder(p.opts.Transport, trace.State{Protocol: rev})
	p.tap.use(rec)
	if note != "" {
		rec.Note(note)
	}
	p.rep.Cases = append(p.rep.Cases, Result{ID: id, Revision: rev})
	return &p.rep.Cases[len(p.rep.Cases)-1]
}

// end gives the case its verdict and keeps its trace.
func (p *prober) end(r *Result, verdict string, rule *Rule, lesson lessonRef, msg string, items ...string) {
	r.Verdict, r.Rule, r.ref, r.Lesson, r.Message, r.Items = verdict, rule, lesson, lesson.String(), msg, items
	if p.tap.rec != nil {
		p.tap.rec.Note(verdict + ": " + msg)
		r.Events = p.tap.rec.Events()
	}
}

// connect dials a fresh session in rev.
func (p *prober) connect(rev string) (*session, error) {
	if err := p.ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", errBudget, err)
	}
	var l Link
	if len(p.spare) > 0 {
		l, p.spare = p.spare[0], p.spare[1:]
	} else {
		var err error
		if l, err = p.dial(p.ctx, p.tap); err != nil {
			return nil, fmt.Errorf("%w: %w", errConnect, err)
		}
		p.links = append(p.links, l)
	}
	s := &session{link: l, tap: p.tap, rev: rev, version: rev}
	s.timeout = func(ctx context.Context) (context.Context, context.CancelFunc, string) {
		if !s.heard && p.opts.StartTimeout > p.opts.RequestTimeout {
			ctx, cancel := context.WithTimeout(ctx, p.opts.StartTimeout)
			return ctx, cancel, "-start-timeout " + p.opts.StartTimeout.String()
		}
		ctx, cancel := context.WithTimeout(ctx, p.opts.RequestTimeout)
		return ctx, cancel, p.requestBound()
	}
	return s, nil
}

// hangUp is called when the probe is done with a session. The link is
// closed with the others at the end of the run, all at once, so that a
// server slow to exit costs the run its wait once, not once per session.
func (p *prober) hangUp(s *session) {}

// closeAll closes every link in parallel and keeps how each server ended.
func (p *prober) closeAll() {
	ended := make([]string, len(p.links))
	var wg sync.WaitGroup
	for i, l := range p.links {
		wg.Go(func() { ended[i] = l.Close() })
	}
	wg.Wait()
	for _, e := range ended {
		if e != "" {
			p.rep.Ended = append(p.rep.Ended, e)
		}
	}
}

// capabilities decodes a result's capabilities object.
func capabilities(result json.RawMessage) map[string]json.RawMessage {
	var r struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	_ = json.Unmarshal(result, &r)
	if r.Capabilities == nil {
		r.Capabilities = map[string]json.RawMessage{}
	}
	return r.Capabilities
}

// revisionCases runs the cases every spoken revision gets, on s.
func (p *prober) revisionCases(s *session) {
	if s.rev == Rev2025 {
		p.ping(s) // 2026-07-28 removed ping
	}
	caps := p.caps[s.rev]
	var toolNames []string
	for _, k := range listKinds {
		if _, ok := caps[k.capability]; !ok {
			r := p.begin("list-walk:"+k.name, s.rev, "")
			p.end(r, Skip, nil, lessonPages, fmt.Sprintf("the server declares no %q capability", quoted(k.capability)))
			continue
		}
		names := p.walk(s, k)
		if k.name == "tools" {
			toolNames = names
		}
		p.invalidCursor(s, k)
	}
	if _, ok := caps["tools"]; ok {
		p.unknownTool(s, toolNames)
		p.namedCalls(s, toolNames)
	}
}

// requestBound names the per-request wait, as its flag and value.
func (p *prober) requestBound() string { return "-timeout " + p.opts.RequestTimeout.String() }

// waited reports whether err is a response the probe stopped waiting for
// (the connection still open), and names the probe's bound.
func (p *prober) waited(err error) (string, bool) {
	var n *noReply
	if errors.As(err, &n) {
		return n.bound, true
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return p.requestBound(), true // an HTTP exchange, bounded by p.timed
	}
	return "", false
}

// broken ends a case whose connection broke, or whose request went
// unanswered, before the case could judge what it came for. The message
// names what broke and says whether the case's own rule was reached. own
// is that rule; demands is set when own itself requires the response that
// never came (initialize, ping, the counteroffer), so that the case fails
// under its own MUST. Otherwise a connection that broke before the
// response fails under the JSON-RPC rule both revisions adopt, with the
// case's own rule named as not reached. A response the probe stopped
// waiting for only warns, under the same rule: neither JSON-RPC nor either
// revision sets a deadline for a response, so the wait is the probe's own
// bound, and the message names it. A case the run's budget or a failed
// dial kept from running is skipped, since nothing of the server was
// judged.
func (p *prober) broken(r *Result, lesson lessonRef, err error, own *Rule, demands bool) {
	what := quoted(err.Error())
	rev := r.Revision
	if rev == "" {
		rev = Rev2025
	}
	bound, waited := p.waited(err)
	switch {
	case errors.Is(err, errBudget) || p.ctx.Err() != nil:
		p.end(r, Skip, nil, lesson, fmt.Sprintf("not run to its end: the run's budget (-budget) ran out: %q", what))
	case errors.Is(err, errConnect):
		p.end(r, Skip, nil, lesson, fmt.Sprintf("not run: %q", what))
	case waited:
		rule, judged := &rulesFor(rev).reply, &rulesFor(rev).reply
		if own != nil {
			judged = own
			if demands {
				rule = own
			}
		}
		p.end(r, Warn, rule, lesson, fmt.Sprintf("%q; no response within %q, the probe's own bound: the text sets no deadline for a response, so the probe cannot tell a slow server from a silent one, and the rule %q was not judged", what, quoted(bound), quoted(judged.Section+", "+judged.Level)))
	case demands && own != nil:
		p.end(r, Fail, own, lesson, fmt.Sprintf("%q; the rule requires this response", what))
	default:
		msg := fmt.Sprintf("%q; a request went unanswered, which JSON-RPC forbids", what)
		if own != nil {
			msg += fmt.Sprintf(", and the case's own rule %q was not reached", quoted(own.Section+", "+own.Level))
		}
		p.end(r, Fail, &rulesFor(rev).reply, lesson, msg)
	}
}

// ping checks that the server answers ping with an empty result.
func (p *prober) ping(s *session) {
	r := p.begin("lifecycle-ping", s.rev, "")
	rep, err := s.call(p.ctx, "ping", nil, "ping: the receiver answers with an empty result.")
	switch {
	case err != nil:
		p.broken(r, lessonHandshake, err, &rulePing, true)
	case rep.Error != nil:
		p.end(r, Fail, &rulePing, lessonHandshake, "ping answered with "+rep.Error.String())
	default:
		var res map[string]json.RawMessage
		_ = json.Unmarshal(rep.Result, &res)
		delete(res, "_meta")
		delete(res, "resultType")
		if len(res) > 0 {
			p.end(r, Note, &rulePing, lessonHandshake, fmt.Sprintf("ping answered, with fields beyond the empty result: %q", quoted(clip(string(rep.Result), 100))))
			return
		}
		p.end(r, Pass, &rulePing, lessonHandshake, "ping answered with an empty result")
	}
}

// framing judges every stdout line the probe read, on every connection.
func (p *prober) framing() {
	var bad []BadLine
	checked, lines := false, 0
	for _, l := range p.links {
		if sl, ok := l.(interface {
			BadLines() []BadLine
			Lines() int
		}); ok {
			checked = true
			bad = append(bad, sl.BadLines()...)
			lines += sl.Lines()
		}
	}
	if !checked {
		return
	}
	r := p.begin("stdio-framing", "", "")
	// A server that wrote nothing framed nothing wrongly, and nothing
	// rightly either: no pass for silence.
	if lines == 0 {
		p.end(r, Note, &ruleStdout, lessonFraming, fmt.Sprintf("the server wrote no stdout line on %d connections: there was no framing to judge", len(p.links)))
		return
	}
	if len(bad) == 0 {
		p.end(r, Pass, &ruleStdout, lessonFraming, fmt.Sprintf("every stdout line of %d connections was one JSON-RPC message", len(p.links)))
		return
	}
	var items []string
	for _, b := range bad {
		items = append(items, fmt.Sprintf("line %d: %q (%s)", b.Line, quoted(b.Text), b.Why))
	}
	for _, b := range bad {
		p.tap.Add(trace.Event{Kind: trace.KindBytes, Direction: trace.ServerToClient, Raw: b.Text,
			Payload: trace.MustJSON(trace.BytesPayload{Line: b.Line, Verdict: b.Why})})
	}
	p.end(r, Fail, &ruleStdout, lessonFraming, fmt.Sprintf("%d stdout lines were not JSON-RPC messages; first: line %d %q", len(bad), bad[0].Line, quoted(bad[0].Text)), items...)
}
