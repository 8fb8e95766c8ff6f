package reissue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpexchange"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// reissueRun is one run of the reissue family.
type reissueRun struct {
	*httpexchange.Stepper
	ledger *fixture.Ledger
}

func runReissue(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger})
	// go-sdk v1.8.0 speaks 2026-07-28 on streamable HTTP only when the
	// handler is stateless; a stateful one offers 2025-11-25 and older.
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true})
	tap := httpexchange.NewSteppedTap()
	// Once the scenario is over, any request the client still makes is
	// refused rather than left waiting for a scenario that is gone.
	stop := tap.Stop
	defer stop()
	r := &reissueRun{Stepper: &httpexchange.Stepper{Rec: rec, Tap: tap, H: handler}, ledger: ledger}
	syncLedger := func(s *trace.State) { s.Ledger = ledger.Entries() }
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	rec.Note("Era 2026-07-28 on streamable HTTP: a go-sdk v1.8.0 client and a stateless go-sdk streamable HTTP handler (go-sdk v1.8.0 offers 2026-07-28 over HTTP only when StreamableHTTPOptions.Stateless is set). No session id, and every response is an SSE stream scoped to its one request.")

	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap}, DisableStandaloneSSE: true, MaxRetries: -1}
		return play.NewClient().Connect(ctx, t, nil)
	})
	ex, err := r.Next(ctx)
	if err != nil {
		return err
	}
	r.Request(ex, "POST server/discover: the Mcp-Method header mirrors the body's method (specification 2026-07-28, streamable HTTP \"Standard Request Headers\").")
	w := r.Serve(ex)
	rec.Update(func(s *trace.State) { s.Protocol = play.V20260728 })
	r.Respond(ex, w, false, "The server lists 2026-07-28 among its versions, and the client keeps it. No Mcp-Session-Id header: there is no session to name.")
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
	ex, err = r.Next(ctx)
	if err != nil {
		return err
	}
	firstID := RequestID(ex.Body)
	r.Request(ex, "POST tools/call, request id "+firstID+": reserve_stock has a side effect, it changes the server's ledger.")
	w = r.Serve(ex)
	rec.Changed("The handler ran: the ledger, which only the server can see, has the reservation. Its response is written to the request's SSE stream.", syncLedger)

	if p.Shape == reissueCancel {
		return r.cancelCall(ctx, ex, cancel, called, firstID)
	}
	r.Respond(ex, w, true, "HTTP 200 and the SSE stream opens, then the stream ends before the response event: a proxy timed out, a network blipped.")
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
func (r *reissueRun) reissue(ctx context.Context, cs *mcp.ClientSession, p *Params, args map[string]any, firstID string) error {
	r.Rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 2 (re-issued)", Tool: "reserve_stock", Key: p.Key, Status: trace.OutcomePending})
	})
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: args})
	})
	ex, err := r.Next(ctx)
	if err != nil {
		return err
	}
	id := RequestID(ex.Body)
	note := fmt.Sprintf("The application re-issues the call: a new request with a new id, %s (the lost one was %s), on the same client. No reconnect, no handshake. No idempotency key: the server cannot know it is a re-issue.", id, firstID)
	if p.Key != "" {
		note = fmt.Sprintf("The application re-issues the call: a new request id, %s (the lost one was %s), and the same idempotency_key %s in the arguments. The id names the request; the key names the intent.", id, firstID, p.Key)
	}
	r.Request(ex, note)
	w := r.Serve(ex)
	var res struct {
		Result struct {
			StructuredContent fixture.Reservation `json:"structuredContent"`
		} `json:"result"`
	}
	json.Unmarshal(httpexchange.FirstEventData(bytes.TrimSpace(w.Body())), &res)
	got := res.Result.StructuredContent
	entries := r.ledger.Entries()
	r.Rec.Update(func(s *trace.State) {
		s.Ledger = entries
		s.Outcomes[1].Status = trace.OutcomeSucceeded
		s.Outcomes[1].Detail = fmt.Sprintf("reservation %d", got.Reservation)
	})
	respNote := fmt.Sprintf("A new reservation, number %d. The first one was real too: the ledger now holds two.", got.Reservation)
	if got.Replayed {
		respNote = fmt.Sprintf("replayed: true — the server found the key and returned reservation %d instead of reserving again.", got.Reservation)
	}
	r.Respond(ex, w, false, respNote)
	if _, err := play.Wait(ctx, called); err != nil {
		return err
	}
	if got.Replayed {
		r.Rec.Changed(fmt.Sprintf("The client reconciles call 1: the key proves it ran once, as reservation %d. Outcome SUCCEEDED, one reservation in the ledger. The idempotency key is the application's, in the tool's arguments; specification 2026-07-28 defines the re-issue, not the key.", got.Reservation), func(s *trace.State) {
			s.Outcomes[0].Status = trace.OutcomeSucceeded
			s.Outcomes[0].Detail = fmt.Sprintf("reconciled by key %s: reservation %d", p.Key, got.Reservation)
		})
		return nil
	}
	r.Rec.Changed("Two reservations for one intent. The specification made the re-issue mandatory and the new id makes it a new request: for a write, only something in the arguments, an idempotency key, can make it safe.", func(s *trace.State) {
		s.Outcomes[0].Detail = "still unknown to the client; the ledger shows it ran"
	})
	return nil
}

// cancelCall plays the client giving up on call 1 while its stream is open.
func (r *reissueRun) cancelCall(ctx context.Context, ex *httpexchange.Exchange, cancel context.CancelFunc, called <-chan play.Outcome[*mcp.CallToolResult], id string) error {
	cancel()
	_, callErr := play.Wait(ctx, called)
	if !errors.Is(callErr, context.Canceled) {
		return fmt.Errorf("cancelled call returned %v", callErr)
	}
	ex.Fail(context.Canceled)
	r.Rec.Fault(play.C2s, "cut", "the client closed the response stream of request "+id,
		"The client gives up before the answer arrives and closes the request's response stream. Specification 2026-07-28 (basic/patterns/cancellation): on streamable HTTP that close is the cancellation signal; no notifications/cancelled is required or expected. go-sdk v1.8.0 returns context.Canceled to the caller.")
	r.Rec.Update(func(s *trace.State) {
		s.Outcomes[0].Status = trace.OutcomeUnknown
		s.Outcomes[0].Detail = "cancelled by the client; the server may have run it"
	})
	if _, err := r.Step(ctx, "go-sdk v1.8.0 behaviour: it still posts notifications/cancelled naming request "+id+", as it does on every transport. Specification 2026-07-28 defines that notification for stdio only.",
		"202 Accepted: the server takes the notification and has nothing to stop."); err != nil {
		return err
	}
	r.Rec.Changed("The reservation stands: the handler finished before the close reached it. Specification 2026-07-28 (cancellation, \"Timing Considerations\"): a cancellation may arrive after processing completed. Cancelling does not undo; the outcome stays UNKNOWN to the client.", func(s *trace.State) {
		s.Ledger = r.ledger.Entries()
	})
	return nil
}

// RequestID returns the JSON-RPC id of a request body, as written.
func RequestID(body []byte) string {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	json.Unmarshal(body, &m)
	return string(m.ID)
}
