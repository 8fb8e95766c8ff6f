package scenario

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

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An exchange is one HTTP request the client made, held until the
// scenario answers it.
type exchange struct {
	req   *http.Request
	body  []byte
	reply chan exchangeReply // buffered: answering never blocks
}

type exchangeReply struct {
	res *http.Response
	err error
}

// steppedTap is an in-process http.RoundTripper that hands each request to
// the scenario instead of answering it: the scenario records it, runs the
// handler, records the answer and decides whether the client gets it. The
// client's requests may come from several goroutines (go-sdk posts
// notifications/cancelled from one of its own); the scenario takes them
// in the order it expects, so the trace does not depend on scheduling.
type steppedTap struct {
	in   chan *exchange
	done chan struct{} // closed when the scenario is over
}

func (t *steppedTap) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	ex := &exchange{req: req, body: body, reply: make(chan exchangeReply, 1)}
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

// reissueRun is one run of the reissue family.
type reissueRun struct {
	rec    *trace.Recorder
	tap    *steppedTap
	h      http.Handler
	ledger *fixture.Ledger
}

// next waits for the client's next HTTP request.
func (r *reissueRun) next(ctx context.Context) (*exchange, error) {
	select {
	case ex := <-r.tap.in:
		return ex, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for an HTTP request: %w", context.Cause(ctx))
	}
}

// request records ex's request with note.
func (r *reissueRun) request(ex *exchange, note string) {
	r.rec.Advance(1)
	r.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.C2s, Raw: string(ex.body), Note: note,
		Payload: trace.MustJSON(trace.HTTPPayload{Method: ex.req.Method, Headers: protocolHeaders(ex.req.Header), Body: jsonOrNil(ex.body)})})
}

// serve runs the handler on ex to the end, whatever the client does
// meanwhile, and returns what it wrote.
func (r *reissueRun) serve(ex *exchange) *responseBuffer {
	in := ex.req.Clone(context.WithoutCancel(ex.req.Context()))
	in.Body = io.NopCloser(bytes.NewReader(ex.body))
	w := &responseBuffer{header: http.Header{}}
	r.h.ServeHTTP(w, in)
	return w
}

// respond records w as the response to ex with note and hands it to the
// client; when cut, the client gets the status line and headers but an SSE
// stream that ends before any event.
func (r *reissueRun) respond(ex *exchange, w *responseBuffer, cut bool, note string) {
	out := bytes.TrimSpace(w.body.Bytes())
	sent := w.body.Bytes()
	hdr := protocolHeaders(w.header)
	if ct := w.header.Get("Content-Type"); ct != "" {
		if hdr == nil {
			hdr = map[string]string{}
		}
		hdr["Content-Type"] = ct
	}
	r.rec.Advance(1)
	if cut {
		sent = nil
		r.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Note: note,
			Payload: trace.MustJSON(trace.HTTPPayload{Status: w.status(), Headers: hdr})})
	} else {
		r.rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: string(out), Note: note,
			Payload: trace.MustJSON(trace.HTTPPayload{Status: w.status(), Headers: hdr, Body: reissueSSEData(out)})})
	}
	res := &http.Response{
		Status: fmt.Sprintf("%d %s", w.status(), http.StatusText(w.status())), StatusCode: w.status(),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: w.header, Body: io.NopCloser(bytes.NewReader(sent)), ContentLength: int64(len(sent)), Request: ex.req,
	}
	ex.reply <- exchangeReply{res: res}
}

// step takes the client's next request, serves it and answers it in full.
func (r *reissueRun) step(ctx context.Context, reqNote, respNote string) (*responseBuffer, error) {
	ex, err := r.next(ctx)
	if err != nil {
		return nil, err
	}
	r.request(ex, reqNote)
	w := r.serve(ex)
	r.respond(ex, w, false, respNote)
	return w, nil
}

// reissueSSEData returns the data of the first event of an SSE body, or the body
// itself when it is JSON.
func reissueSSEData(b []byte) json.RawMessage {
	if j := jsonOrNil(b); j != nil {
		return j
	}
	for line := range strings.Lines(string(b)) {
		if d, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "data: "); ok {
			return jsonOrNil([]byte(d))
		}
	}
	return nil
}

func runReissue(ctx context.Context, rec *trace.Recorder, p *ReissueParams) error {
	rec.Transport = trace.StreamableHTTP
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger})
	// go-sdk v1.8.0 speaks 2026-07-28 on streamable HTTP only when the
	// handler is stateless; a stateful one offers 2025-11-25 and older.
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true})
	tap := &steppedTap{in: make(chan *exchange), done: make(chan struct{})}
	// Once the scenario is over, any request the client still makes is
	// refused rather than left waiting for a scenario that is gone.
	stop := sync.OnceFunc(func() { close(tap.done) })
	defer stop()
	r := &reissueRun{rec: rec, tap: tap, h: handler, ledger: ledger}
	syncLedger := func(s *trace.State) { s.Ledger = ledger.Entries() }
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	rec.Note("Era 2026-07-28 on streamable HTTP: a go-sdk v1.8.0 client and a stateless go-sdk streamable HTTP handler (go-sdk v1.8.0 offers 2026-07-28 over HTTP only when StreamableHTTPOptions.Stateless is set). No session id, and every response is an SSE stream scoped to its one request.")

	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap}, DisableStandaloneSSE: true, MaxRetries: -1}
		return play.NewClient().Connect(ctx, t, nil)
	})
	ex, err := r.next(ctx)
	if err != nil {
		return err
	}
	r.request(ex, "POST server/discover: the Mcp-Method header mirrors the body's method (specification 2026-07-28, streamable HTTP \"Standard Request Headers\").")
	w := r.serve(ex)
	rec.Update(func(s *trace.State) { s.Protocol = play.V20260728 })
	r.respond(ex, w, false, "The server lists 2026-07-28 among its versions, and the client keeps it. No Mcp-Session-Id header: there is no session to name.")
	cs, err := play.Wait(ctx, connected)
	if err != nil {
		return err
	}
	defer func() { stop(); cs.Close() }()
	if v := cs.InitializeResult().ProtocolVersion; v != play.V20260728 {
		return fmt.Errorf("the client chose %s, want %s", v, play.V20260728)
	}

	args := disconnect.ReserveArgs(p.SKU, p.Quantity, p.Key)
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 1", Tool: "reserve_stock", Key: p.Key, Status: trace.OutcomePending})
	})
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(callCtx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: args})
	})
	ex, err = r.next(ctx)
	if err != nil {
		return err
	}
	firstID := requestID(ex.body)
	r.request(ex, "POST tools/call, request id "+firstID+": reserve_stock has a side effect, it changes the server's ledger.")
	w = r.serve(ex)
	rec.Changed("The handler ran: the ledger, which only the server can see, has the reservation. Its response is written to the request's SSE stream.", syncLedger)

	if p.Shape == reissueCancel {
		return r.cancelCall(ctx, ex, cancel, called, firstID)
	}
	r.respond(ex, w, true, "HTTP 200 and the SSE stream opens, then the stream ends before the response event: a proxy timed out, a network blipped.")
	rec.Fault(play.S2c, "cut", "the tools/call response (id "+firstID+") never arrived",
		"Specification 2026-07-28 removed SSE resumability: no event ids, no Last-Event-ID, no redelivery. A broken response stream loses the in-flight request.")
	_, callErr := play.Wait(ctx, called)
	if callErr == nil {
		return errors.New("the call succeeded across a broken stream")
	}
	what := "an error"
	if strings.Contains(callErr.Error(), "request terminated without response") {
		what = `"request terminated without response"`
	}
	rec.Changed("go-sdk v1.8.0 behaviour: the call returns "+what+" and nothing retries. Did the reservation happen? From here the client cannot tell: the outcome is UNKNOWN.", func(s *trace.State) {
		s.Outcomes[0].Status = trace.OutcomeUnknown
		s.Outcomes[0].Detail = "response stream lost"
	})
	if p.Shape == reissueLost {
		rec.Note("The client, the connection and the protocol are fine: only this request is gone. Specification 2026-07-28: the client MUST re-issue it as a new request with a new request id (reissue-blind-2026, reissue-idempotent-2026 show what that does to a write).")
		return nil
	}
	return r.reissue(ctx, cs, p, args, firstID)
}

// reissue sends call 1 again as a new request and reconciles its outcome.
func (r *reissueRun) reissue(ctx context.Context, cs *mcp.ClientSession, p *ReissueParams, args map[string]any, firstID string) error {
	r.rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 2 (re-issued)", Tool: "reserve_stock", Key: p.Key, Status: trace.OutcomePending})
	})
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: args})
	})
	ex, err := r.next(ctx)
	if err != nil {
		return err
	}
	id := requestID(ex.body)
	note := fmt.Sprintf("The application re-issues the call: a new request with a new id, %s (the lost one was %s), on the same client. No reconnect, no handshake. No idempotency key: the server cannot know it is a re-issue.", id, firstID)
	if p.Key != "" {
		note = fmt.Sprintf("The application re-issues the call: a new request id, %s (the lost one was %s), and the same idempotency_key %s in the arguments. The id names the request; the key names the intent.", id, firstID, p.Key)
	}
	r.request(ex, note)
	w := r.serve(ex)
	var res struct {
		Result struct {
			StructuredContent fixture.Reservation `json:"structuredContent"`
		} `json:"result"`
	}
	json.Unmarshal(reissueSSEData(bytes.TrimSpace(w.body.Bytes())), &res)
	got := res.Result.StructuredContent
	entries := r.ledger.Entries()
	r.rec.Update(func(s *trace.State) {
		s.Ledger = entries
		s.Outcomes[1].Status = trace.OutcomeSucceeded
		s.Outcomes[1].Detail = fmt.Sprintf("reservation %d", got.Reservation)
	})
	respNote := fmt.Sprintf("A new reservation, number %d. The first one was real too: the ledger now holds two.", got.Reservation)
	if got.Replayed {
		respNote = fmt.Sprintf("replayed: true — the server found the key and returned reservation %d instead of reserving again.", got.Reservation)
	}
	r.respond(ex, w, false, respNote)
	if _, err := play.Wait(ctx, called); err != nil {
		return err
	}
	if got.Replayed {
		r.rec.Changed(fmt.Sprintf("The client reconciles call 1: the key proves it ran once, as reservation %d. Outcome SUCCEEDED, one reservation in the ledger. The idempotency key is the application's, in the tool's arguments; specification 2026-07-28 defines the re-issue, not the key.", got.Reservation), func(s *trace.State) {
			s.Outcomes[0].Status = trace.OutcomeSucceeded
			s.Outcomes[0].Detail = fmt.Sprintf("reconciled by key %s: reservation %d", p.Key, got.Reservation)
		})
		return nil
	}
	r.rec.Changed("Two reservations for one intent. The specification made the re-issue mandatory and the new id makes it a new request: for a write, only something in the arguments, an idempotency key, can make it safe.", func(s *trace.State) {
		s.Outcomes[0].Detail = "still unknown to the client; the ledger shows it ran"
	})
	return nil
}

// cancelCall plays the client giving up on call 1 while its stream is open.
func (r *reissueRun) cancelCall(ctx context.Context, ex *exchange, cancel context.CancelFunc, called <-chan play.Outcome[*mcp.CallToolResult], id string) error {
	cancel()
	_, callErr := play.Wait(ctx, called)
	if !errors.Is(callErr, context.Canceled) {
		return fmt.Errorf("cancelled call returned %v", callErr)
	}
	ex.reply <- exchangeReply{err: context.Canceled}
	r.rec.Fault(play.C2s, "cut", "the client closed the response stream of request "+id,
		"The client gives up before the answer arrives and closes the request's response stream. Specification 2026-07-28 (basic/patterns/cancellation): on streamable HTTP that close is the cancellation signal; no notifications/cancelled is required or expected. go-sdk v1.8.0 returns context.Canceled to the caller.")
	r.rec.Update(func(s *trace.State) {
		s.Outcomes[0].Status = trace.OutcomeUnknown
		s.Outcomes[0].Detail = "cancelled by the client; the server may have run it"
	})
	if _, err := r.step(ctx, "go-sdk v1.8.0 behaviour: it still posts notifications/cancelled naming request "+id+", as it does on every transport. Specification 2026-07-28 defines that notification for stdio only.",
		"202 Accepted: the server takes the notification and has nothing to stop."); err != nil {
		return err
	}
	r.rec.Changed("The reservation stands: the handler finished before the close reached it. Specification 2026-07-28 (cancellation, \"Timing Considerations\"): a cancellation may arrive after processing completed. Cancelling does not undo; the outcome stays UNKNOWN to the client.", func(s *trace.State) {
		s.Ledger = r.ledger.Entries()
	})
	return nil
}

// requestID returns the JSON-RPC id of a request body, as written.
func requestID(body []byte) string {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	json.Unmarshal(body, &m)
	return string(m.ID)
}
