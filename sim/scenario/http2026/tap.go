package http2026

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpexchange"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// streamTap is an in-process http.RoundTripper, like [httpTap], that also
// carries a response stream: a response the handler flushes as
// text/event-stream (subscriptions/listen) is returned to the client at
// once, and each event the handler writes on it is held until the
// scenario takes it ([streamTap.awaitEvent]) and passes it on. The
// scenario, not the handler's goroutine, decides when an event is
// recorded, so the trace does not depend on scheduling.
type streamTap struct {
	h   http.Handler
	rec *trace.Recorder
	// proxy, if set, may change a request's headers after it is recorded
	// and before the handler sees it, as a proxy between the two could; it
	// returns what it changed, or "".
	proxy func(req *http.Request, body []byte) string
	// observe, if set, is called before each request (res nil) and each
	// response is recorded, so that the scenario can put what it says into
	// the state snapshot recorded with it.
	observe func(req *http.Request, body []byte, res *http.Response)
	// pinned says the client was pinned to 2025-11-25, for the notes.
	pinned bool

	mu sync.Mutex // held while recording

	qmu     sync.Mutex // guards the held events
	changed chan struct{}
	events  []tapEvent
}

// A tapEvent is one server-sent event a handler flushed on a stream.
type tapEvent struct {
	raw    string
	stream *tapStream
}

func newStreamTap(h http.Handler, rec *trace.Recorder) *streamTap {
	return &streamTap{h: h, rec: rec, changed: make(chan struct{})}
}

func (t *streamTap) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.observe != nil {
		t.observe(req, body, nil)
	}
	t.rec.Advance(1)
	t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.C2s, Raw: string(body), Note: requestNote2026(req, body, t.pinned),
		Payload: trace.MustJSON(trace.HTTPPayload{Method: req.Method, SessionID: req.Header.Get("Mcp-Session-Id"), Headers: httpexchange.ProtocolHeaders(req.Header), Body: httpexchange.JSONOrNil(body)})})
	in := req.Clone(req.Context())
	if t.proxy != nil {
		if what := t.proxy(in, body); what != "" {
			t.rec.Fault(play.C2s, "rewrite", what, "A proxy between client and server changes a header on the way: "+what+". The body is untouched.")
		}
	}
	in.Body = io.NopCloser(bytes.NewReader(body))
	s := &tapStream{tap: t, header: http.Header{}, flushed: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		t.h.ServeHTTP(s, in)
	}()
	select {
	case <-s.done:
	case <-s.flushed:
	}
	status := s.status()
	res := &http.Response{
		Status: fmt.Sprintf("%d %s", status, http.StatusText(status)), StatusCode: status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: s.header.Clone(), Request: req,
	}
	t.rec.Advance(1)
	if t.observe != nil {
		t.observe(req, body, res)
	}
	if s.isStream() {
		pr, pw := io.Pipe()
		s.mu.Lock()
		s.pipe = pw
		s.mu.Unlock()
		go func() {
			// A client that gives up on the stream cancels its request;
			// the handler, whose request shares that context, stops too.
			select {
			case <-req.Context().Done():
				pr.CloseWithError(req.Context().Err())
			case <-s.done:
				pw.Close()
			}
		}()
		res.Body = pr
		t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Note: streamNote(req, body),
			Payload: trace.MustJSON(trace.HTTPPayload{Status: status, SessionID: res.Header.Get("Mcp-Session-Id"), Headers: httpexchange.ProtocolHeaders(res.Header)})})
		return res, nil
	}
	<-s.done
	out := bytes.TrimSpace(s.buf.Bytes())
	res.Body = io.NopCloser(bytes.NewReader(s.buf.Bytes()))
	res.ContentLength = int64(s.buf.Len())
	t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: string(out), Note: responseNote2026(req, body, status, res.Header.Get("Mcp-Session-Id"), out),
		Payload: trace.MustJSON(trace.HTTPPayload{Status: status, SessionID: res.Header.Get("Mcp-Session-Id"), Headers: httpexchange.ProtocolHeaders(res.Header), Body: httpexchange.JSONOrNil(out)})})
	return res, nil
}

// awaitEvent returns the next event a handler flushed on a stream, still
// held: the scenario records it and then passes it on with
// [streamTap.deliver].
func (t *streamTap) awaitEvent(ctx context.Context) (tapEvent, error) {
	for {
		t.qmu.Lock()
		if len(t.events) > 0 {
			e := t.events[0]
			t.events = t.events[1:]
			t.qmu.Unlock()
			return e, nil
		}
		ch := t.changed
		t.qmu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return tapEvent{}, fmt.Errorf("awaiting a server-sent event: %w", context.Cause(ctx))
		}
	}
}

// deliver records e with note and hands it to the client reading the stream.
func (t *streamTap) deliver(e tapEvent, note string) error {
	data := SSEData(e.raw)
	t.mu.Lock()
	t.rec.Advance(1)
	t.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: strings.TrimSpace(e.raw), Note: note,
		Payload: trace.MustJSON(trace.HTTPPayload{Body: httpexchange.JSONOrNil([]byte(data))})})
	t.mu.Unlock()
	e.stream.mu.Lock()
	pw := e.stream.pipe
	e.stream.mu.Unlock()
	if pw == nil {
		return errors.New("event on a stream that was never returned")
	}
	_, err := pw.Write([]byte(e.raw))
	return err
}

// SSEData returns the data: field of one server-sent event.
func SSEData(raw string) string {
	var data []string
	for _, line := range strings.Split(raw, "\n") {
		if v, ok := strings.CutPrefix(line, "data:"); ok {
			data = append(data, strings.TrimPrefix(v, " "))
		}
	}
	return strings.Join(data, "\n")
}

// A tapStream is the http.ResponseWriter the handler writes to.
type tapStream struct {
	tap     *streamTap
	header  http.Header
	flushed chan struct{} // closed on the first flush of an event stream
	done    chan struct{} // closed when the handler returns

	mu      sync.Mutex
	code    int
	buf     bytes.Buffer
	pending bytes.Buffer // stream bytes written since the last flush
	stream  bool
	pipe    *io.PipeWriter
}

func (s *tapStream) Header() http.Header { return s.header }

func (s *tapStream) WriteHeader(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.code == 0 {
		s.code = code
		s.stream = strings.HasPrefix(s.header.Get("Content-Type"), "text/event-stream")
	}
}

func (s *tapStream) Write(p []byte) (int, error) {
	s.WriteHeader(http.StatusOK)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stream {
		return s.pending.Write(p)
	}
	return s.buf.Write(p)
}

// Flush hands what the handler wrote since the last flush to the scenario
// as one event, and the first flush returns the response to the client.
func (s *tapStream) Flush() {
	s.WriteHeader(http.StatusOK)
	s.mu.Lock()
	if !s.stream {
		s.mu.Unlock()
		return
	}
	raw := s.pending.String()
	s.pending.Reset()
	s.mu.Unlock()
	select {
	case <-s.flushed:
	default:
		close(s.flushed)
	}
	if strings.TrimSpace(raw) == "" {
		return
	}
	s.tap.queue(tapEvent{raw: raw, stream: s})
}

// queue holds e for [streamTap.awaitEvent]. It takes only the queue's
// lock: the handler flushes while a RoundTrip may hold the recording one.
func (t *streamTap) queue(e tapEvent) {
	t.qmu.Lock()
	defer t.qmu.Unlock()
	t.events = append(t.events, e)
	close(t.changed)
	t.changed = make(chan struct{})
}

func (s *tapStream) status() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.code == 0 {
		return http.StatusOK
	}
	return s.code
}

func (s *tapStream) isStream() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stream
}
