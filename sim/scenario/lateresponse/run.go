package lateresponse

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/reissue"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runLateResponse plays a go-sdk client whose first connection breaks
// after reserve_stock ran, and whose second session's call 2 meets the
// first connection's late response. The proxy is the scenario: it holds
// the response the old connection never delivered and, when it misroutes,
// injects its exact bytes into the new session.
func runLateResponse(ctx context.Context, rec *trace.Recorder, p *Params) error {
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger})
	rec.Run = "old connection"
	rec.Note("A go-sdk v1.8.0 client and server (protocol 2025-11-25) talk through a proxy, the wire in this trace. The proxy keeps one upstream connection per client connection.")
	l, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 1", Tool: "reserve_stock", Status: trace.OutcomePending})
	})
	old := l.Cs
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return old.CallTool(ctx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: disconnect.ReserveArgs("PEN-01", 2, "")})
	})
	req, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), "Call 1, reserve_stock, is request id 2 on this connection (go-sdk numbers initialize 1).")
	if err != nil {
		return err
	}
	late, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	rec.Changed("The server reserved the stock and wrote its response for id 2.", func(s *trace.State) { s.Ledger = ledger.Entries() })
	l.W.Drop(late, "The client's side of the connection breaks. The proxy is still holding the response for id 2, the only copy of the answer.")
	rec.Update(func(s *trace.State) { s.Client = trace.ClientClosed })
	l.W.Cut("The client's connection is gone.")
	if _, callErr := play.Wait(ctx, called); callErr == nil {
		return errors.New("the call succeeded across a cut link")
	}
	rec.Changed("Call 1 returns a connection error: its outcome is UNKNOWN.", func(s *trace.State) {
		s.Outcomes[0].Status = trace.OutcomeUnknown
		s.Outcomes[0].Detail = "connection lost before a response"
	})
	l.Close()

	rec.Run = "new session"
	rec.Note("The client reconnects through the proxy: a new connection, a new session, and go-sdk v1.8.0 numbers its requests from 1 again.")
	l2, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l2.Close()
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 2", Tool: "get_stock", Status: trace.OutcomePending})
	})
	cs := l2.Cs
	read := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_stock", Arguments: map[string]any{"query": map[string]any{"sku": "PEN-01"}}})
	})
	req2, err := l2.W.Await(ctx, play.Request(play.C2s, "tools/call"))
	if err != nil {
		return err
	}
	oldID, newID := reissue.RequestID(req.Raw), reissue.RequestID(req2.Raw)
	if oldID != newID {
		return fmt.Errorf("the new session's call has id %s, the old one's %s; want the same", newID, oldID)
	}
	l2.W.Deliver(req2, "Call 2, a read-only get_stock, is request id "+newID+" on the new session: the same number as the lost reserve_stock.")
	answer, err := l2.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	if p.Proxy == proxyMisroute {
		rec.Fault(play.S2c, "rewrite", "the old connection's response for id 2, delivered into the new session", "The proxy forwards the response it held for the dead connection. It matches on the id alone, and the client's new connection has a request with id 2 outstanding.")
		if _, err := l2.W.Inject(play.S2c, late.Raw, "The old reserve_stock result, byte for byte, arrives in a session that never sent that request. Specification 2025-11-25 forbids reusing an id within a session; across sessions the same number names different requests."); err != nil {
			return err
		}
	} else {
		rec.Note("The proxy knows the old connection is gone and discards its late response: a response belongs to the connection its request came on.")
	}
	if p.Proxy == proxyDrop {
		l2.W.Deliver(answer, "get_stock's own answer for id 2.")
	}
	res, err := play.Wait(ctx, read)
	if err != nil {
		return err
	}
	detail := ResultSummary(res)
	if p.Proxy == proxyMisroute {
		rec.Changed("go-sdk v1.8.0 behaviour, as run: the client matches the response by id, and id 2 is pending, so get_stock returns the reservation result ("+detail+"). Nothing checks which request, or which session, the result came from.", func(s *trace.State) {
			s.Outcomes[1].Status = trace.OutcomeSucceeded
			s.Outcomes[1].Detail = "wrong answer: " + detail
		})
		l2.W.Deliver(answer, "The real get_stock answer for id 2 arrives. go-sdk v1.8.0 behaviour: no call is waiting for id 2 any more, and its JSON-RPC layer ignores a response it has no call for. The caller never sees it.")
	} else {
		rec.Changed("get_stock returns its own answer ("+detail+").", func(s *trace.State) {
			s.Outcomes[1].Status = trace.OutcomeSucceeded
			s.Outcomes[1].Detail = detail
		})
	}
	return nil
}

// ResultSummary is what a tool result says, in a few words, as the
// caller would read it: a reservation's number or a stock level.
func ResultSummary(res *mcp.CallToolResult) string {
	b, _ := json.Marshal(res.StructuredContent)
	var v struct {
		Reservation *int   `json:"reservation"`
		SKU         string `json:"sku"`
		Quantity    int    `json:"quantity"`
		Unit        string `json:"unit"`
	}
	json.Unmarshal(b, &v)
	switch {
	case res.IsError:
		return "a tool error"
	case v.Reservation != nil:
		return fmt.Sprintf("reservation %d: %d of %s", *v.Reservation, v.Quantity, v.SKU)
	default:
		return fmt.Sprintf("%s in stock: %d %s", v.SKU, v.Quantity, v.Unit)
	}
}
