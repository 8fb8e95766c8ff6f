package httpexchange

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// An Exchange is one HTTP request the client made, held until the
// scenario answers it.
type Exchange struct {
	Req   *http.Request
	Body  []byte
	reply chan exchangeReply // buffered: answering never blocks
}

type exchangeReply struct {
	res *http.Response
	err error
}

// Answer hands the client res.
func (ex *Exchange) Answer(res *http.Response) { ex.reply <- exchangeReply{res: res} }

// Fail hands the client err instead of a response.
func (ex *Exchange) Fail(err error) { ex.reply <- exchangeReply{err: err} }

// A SteppedTap is an in-process http.RoundTripper that hands each request to
// the scenario instead of answering it: the scenario records it, runs the
// handler, records the answer and decides whether the client gets it. The
// client's requests may come from several goroutines (go-sdk posts
// notifications/cancelled from one of its own); the scenario takes them
// in the order it expects, so the trace does not depend on scheduling.
type SteppedTap struct {
	in   chan *Exchange
	done chan struct{} // closed when the scenario is over
	stop func()
}

// NewSteppedTap returns a tap that holds every request until its scenario
// takes it.
func NewSteppedTap() *SteppedTap {
	t := &SteppedTap{in: make(chan *Exchange), done: make(chan struct{})}
	t.stop = sync.OnceFunc(func() { close(t.done) })
	return t
}

// Stop ends the scenario: any request the client still makes is refused
// rather than left waiting for a scenario that is gone. It may be called
// more than once.
func (t *SteppedTap) Stop() { t.stop() }

// Done is closed once [SteppedTap.Stop] is called.
func (t *SteppedTap) Done() <-chan struct{} { return t.done }

func (t *SteppedTap) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	ex := &Exchange{Req: req, Body: body, reply: make(chan exchangeReply, 1)}
	select {
	case t.in <- ex:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	case <-t.done:
		return nil, errors.New("the scenario is over")
	}
	select {
	case r := <-ex.reply:
		return r.res, r.err
	case <-req.Context().Done():
		// The client gave up: it closes the request and its response
		// stream. The scenario records that, not this goroutine.
		return nil, req.Context().Err()
	}
}

// A Stepper runs a scenario over a [SteppedTap]: it takes each request,
// records it, serves it with H and records the answer.
type Stepper struct {
	Rec *trace.Recorder
	Tap *SteppedTap
	H   http.Handler
}

// Next waits for the client's next HTTP request.
func (r *Stepper) Next(ctx context.Context) (*Exchange, error) {
	select {
	case ex := <-r.Tap.in:
		return ex, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for an HTTP request: %w", context.Cause(ctx))
	}
}

// Request records ex's request with note.
func (r *Stepper) Request(ex *Exchange, note string) {
	r.Rec.Advance(1)
	r.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.C2s, Raw: string(ex.Body), Note: note,
		Payload: trace.MustJSON(trace.HTTPPayload{Method: ex.Req.Method, Headers: ProtocolHeaders(ex.Req.Header), Body: JSONOrNil(ex.Body)})})
}

// Serve runs the handler on ex to the end, whatever the client does
// meanwhile, and returns what it wrote.
func (r *Stepper) Serve(ex *Exchange) *ResponseBuffer {
	in := ex.Req.Clone(context.WithoutCancel(ex.Req.Context()))
	in.Body = io.NopCloser(bytes.NewReader(ex.Body))
	w := NewResponseBuffer()
	r.H.ServeHTTP(w, in)
	return w
}

// Respond records w as the response to ex with note and hands it to the
// client; when cut, the client gets the status line and headers but an SSE
// stream that ends before any event.
func (r *Stepper) Respond(ex *Exchange, w *ResponseBuffer, cut bool, note string) {
	out := bytes.TrimSpace(w.Body())
	sent := w.Body()
	hdr := ProtocolHeaders(w.Header())
	if ct := w.Header().Get("Content-Type"); ct != "" {
		if hdr == nil {
			hdr = map[string]string{}
		}
		hdr["Content-Type"] = ct
	}
	r.Rec.Advance(1)
	if cut {
		sent = nil
		r.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Note: note,
			Payload: trace.MustJSON(trace.HTTPPayload{Status: w.Status(), Headers: hdr})})
	} else {
		r.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: string(out), Note: note,
			Payload: trace.MustJSON(trace.HTTPPayload{Status: w.Status(), Headers: hdr, Body: FirstEventData(out)})})
	}
	res := &http.Response{
		Status: fmt.Sprintf("%d %s", w.Status(), http.StatusText(w.Status())), StatusCode: w.Status(),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: w.Header(), Body: io.NopCloser(bytes.NewReader(sent)), ContentLength: int64(len(sent)), Request: ex.Req,
	}
	ex.Answer(res)
}

// Step takes the client's next request, serves it and answers it in full.
func (r *Stepper) Step(ctx context.Context, reqNote, respNote string) (*ResponseBuffer, error) {
	ex, err := r.Next(ctx)
	if err != nil {
		return nil, err
	}
	r.Request(ex, reqNote)
	w := r.Serve(ex)
	r.Respond(ex, w, false, respNote)
	return w, nil
}

// FirstEventData returns the data of the first event of an SSE body, or
// the body itself when it is JSON.
func FirstEventData(b []byte) json.RawMessage {
	if j := JSONOrNil(b); j != nil {
		return j
	}
	for line := range strings.Lines(string(b)) {
		if d, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "data: "); ok {
			return JSONOrNil([]byte(d))
		}
	}
	return nil
}
