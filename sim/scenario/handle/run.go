package handle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handleRun is one run of the handle family: a 2026-07-28 go-sdk client
// and the fixture server with its cart store.
type handleRun struct {
	rec   *trace.Recorder
	l     *play.Link
	carts *fixture.Carts
	calls int
}

func runHandle(ctx context.Context, rec *trace.Recorder, p *Params) error {
	carts := fixture.NewCarts(p.TTL)
	server := fixture.NewServer(fixture.Options{})
	fixture.AddCartTools(server, carts)
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless; s.TTL = carts.Snapshot() })
	l, err := play.ConnectServer(ctx, rec, server)
	if err != nil {
		return err
	}
	defer l.Close()
	h := &handleRun{rec: rec, l: l, carts: carts}
	rec.Note(fmt.Sprintf("Era 2026-07-28: no protocol sessions, so nothing on the connection can expire. State that spans requests lives in a handle the server mints and the client passes as an ordinary tool argument (specification 2026-07-28, changelog and basic/index \"Statelessness\"). This server expires a cart handle unused for %d ms: its policy, on a virtual clock.", p.TTL))
	if err := h.discover(ctx); err != nil {
		return err
	}

	cart, err := h.open(ctx, "open_cart: the server mints a handle and starts its idle timer on the expiry scheduler, the same generation tickets that time out sessions in the 2025-11-25 scenarios.")
	if err != nil {
		return err
	}
	rec.Advance(p.CallAt - rec.Now())
	if _, err := h.add(ctx, cart, "PEN-01", 2, "The handle travels as an ordinary argument, cart: nothing in _meta or in the transport names it."); err != nil {
		return err
	}

	rec.Advance(p.IdleUntil - rec.Now())
	carts.SetNow(rec.Now())
	expired, err := carts.Sweep()
	if err != nil {
		return err
	}
	note := fmt.Sprintf("The client is idle until %d ms. The server's sweeper finds %s past its deadline and forgets the cart and its contents. No message tells the client: there is no session to end.", p.IdleUntil, strings.Join(expired, ", "))
	if len(expired) == 0 {
		note = fmt.Sprintf("The client is idle until %d ms, within the handle's idle timeout: the sweeper finds nothing due.", p.IdleUntil)
	}
	rec.Changed(note, func(s *trace.State) { s.TTL = carts.Snapshot(); s.TTL.Expired = expired })

	res, err := h.add(ctx, cart, "BOOK-01", 1, "The client comes back with the handle it holds.")
	if err != nil {
		return err
	}
	if len(expired) == 0 {
		if res.IsError {
			return errors.New("a live handle was refused")
		}
		rec.Note("The handle was still live: using it renewed it. Each use is a touch on the scheduler, as each request renewed a 2025-11-25 session.")
		return h.close()
	}
	if !res.IsError {
		return errors.New("an expired handle was accepted")
	}
	cart, err = h.open(ctx, "The client does what the error text says: it asks for a new cart. The connection, the protocol version and the client's state are as they were.")
	if err != nil {
		return err
	}
	for _, it := range []fixture.CartItem{{SKU: "PEN-01", Quantity: 2}, {SKU: "BOOK-01", Quantity: 1}} {
		if _, err := h.add(ctx, cart, it.SKU, it.Quantity, "The old cart's contents expired with its handle: the application rebuilds them on the new handle, "+it.SKU+"."); err != nil {
			return err
		}
	}
	rec.Note("Compare ttl-session-expired (2025-11-25): there the session expired, the transport answered HTTP 404, and the client had to initialize a new session. Here the protocol never noticed: one tool said isError, and one tool call fixed it.")
	return h.close()
}

// discover plays the go-sdk v1.8.0 client's server/discover.
func (h *handleRun) discover(ctx context.Context) error {
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, h.l.W.ClientTransport(), nil)
	})
	if _, err := h.l.W.Step(ctx, play.Request(play.C2s, "server/discover"), "go-sdk v1.8.0 Connect asks server/discover first, to choose a protocol version."); err != nil {
		return err
	}
	f, err := h.l.W.Await(ctx, play.Response(play.S2c, "server/discover"))
	if err != nil {
		return err
	}
	h.rec.Update(func(s *trace.State) { s.Protocol = play.V20260728 })
	h.l.W.Deliver(f, "The server lists the versions it supports. Nothing here is a session: no id, no lifetime.")
	h.l.Cs, err = play.Wait(ctx, connected)
	return err
}

// call makes one tools/call on the wire: the request noted reqNote, then
// the response, noted by respNote from the result. The server's clock is
// set to the virtual clock before the request is delivered.
func (h *handleRun) call(ctx context.Context, tool string, args map[string]any, reqNote string, respNote func(*mcp.CallToolResult) string) (*mcp.CallToolResult, error) {
	h.calls++
	label := fmt.Sprintf("call %d", h.calls)
	h.rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: tool, Status: trace.OutcomePending})
	})
	cs := h.l.Cs
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	})
	h.carts.SetNow(h.rec.Now())
	if _, err := h.l.W.Step(ctx, play.Request(play.C2s, "tools/call"), reqNote); err != nil {
		return nil, err
	}
	f, err := h.l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return nil, err
	}
	var resp struct {
		Result *mcp.CallToolResult `json:"result"`
	}
	if err := json.Unmarshal(f.Raw, &resp); err != nil || resp.Result == nil {
		return nil, fmt.Errorf("%s: no result in %s", tool, f.Raw)
	}
	res := resp.Result
	status, detail := trace.OutcomeSucceeded, ""
	if res.IsError {
		status, detail = trace.OutcomeFailed, "isError: "+toolText(res)
	}
	h.rec.Update(func(s *trace.State) {
		s.TTL = h.carts.Snapshot()
		o := &s.Outcomes[len(s.Outcomes)-1]
		o.Status, o.Detail = status, detail
	})
	h.l.W.Deliver(f, respNote(res))
	if _, err := play.Wait(ctx, called); err != nil {
		return nil, err
	}
	return res, nil
}

// open calls open_cart and returns the handle it minted.
func (h *handleRun) open(ctx context.Context, reqNote string) (string, error) {
	var handle fixture.CartHandle
	_, err := h.call(ctx, "open_cart", map[string]any{}, reqNote, func(r *mcp.CallToolResult) string {
		b, _ := json.Marshal(r.StructuredContent)
		json.Unmarshal(b, &handle)
		d, _ := deadlineOf(h.carts.Snapshot(), handle.Cart)
		return fmt.Sprintf("The handle %s is ordinary data in the result. Its deadline is %d ms. The simulator numbers handles so that the trace replays byte for byte. A real server, says the 2026-07-28 tools page (non-normative), should check the caller's authorization against the handle on every call if it authenticates its callers, since the handle is then a name, not a capability; if it does not, the handle is a bearer token and should be minted with enough entropy.", handle.Cart, d)
	})
	if err == nil && handle.Cart == "" {
		err = errors.New("open_cart returned no handle")
	}
	return handle.Cart, err
}

// add calls add_to_cart with handle cart.
func (h *handleRun) add(ctx context.Context, cart, sku string, qty int, reqNote string) (*mcp.CallToolResult, error) {
	args := map[string]any{"cart": cart, "sku": sku, "quantity": qty}
	return h.call(ctx, "add_to_cart", args, reqNote, func(r *mcp.CallToolResult) string {
		if r.IsError {
			return "A tool error, isError: true, in an ordinary result: the request was fine, the handle is not. Specification 2026-07-28 defines no protocol error for an expired handle; its tools page recommends (section Stateful Tools, non-normative) a tool execution error that says so, as here, and go-sdk v1.8.0 turns the handler's error into this result."
		}
		d, _ := deadlineOf(h.carts.Snapshot(), cart)
		return fmt.Sprintf("Using the handle renewed it: a new generation on the scheduler, deadline %d ms; the old ticket goes stale.", d)
	})
}

// close ends the client's connection.
func (h *handleRun) close() error {
	err := h.l.Cs.Close()
	h.rec.Changed("The client closes the connection. Specification 2026-07-28: a connection is not a session, so no handle ends with it; the server's idle timer does that.", func(s *trace.State) {
		s.Client = trace.ClientClosed
	})
	return err
}

// deadlineOf returns handle id's deadline in a scheduler snapshot.
func deadlineOf(st *trace.TTLState, id string) (int64, bool) {
	for _, s := range st.Sessions {
		if s.ID == id {
			return s.DeadlineMS, true
		}
	}
	return 0, false
}

// toolText returns the text content of a tool result.
func toolText(r *mcp.CallToolResult) string {
	var parts []string
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, " ")
}
