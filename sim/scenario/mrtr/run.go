package mrtr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmKey is the server-assigned key of the one input request.
const confirmKey = "confirm"

// restockServer returns a server with one tool, restock, that asks the user
// to confirm before it acts. Its handler is the 2026-07-28 shape: without
// an answer it returns input requests and a requestState; with one, it
// finishes. It keeps nothing between the two calls: what it needs to
// finish travels in requestState and in the retried call's arguments.
func restockServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "restock-server", Version: "1.0.0"}, nil)
	s.AddTool(&mcp.Tool{
		Name:        "restock",
		Description: "Order more units of an item. Asks the user to confirm first.",
		InputSchema: map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"item": map[string]any{"type": "string"}, "quantity": map[string]any{"type": "integer"}},
			"required":             []string{"item", "quantity"},
			"additionalProperties": false,
		},
	}, restock)
	return s
}

func restock(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Item     string `json:"item"`
		Quantity int    `json:"quantity"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err
	}
	args := fmt.Sprintf("%d × %s", in.Quantity, in.Item)
	// A real server must protect requestState's integrity (2026-07-28,
	// multi round-trip requests: "attacker-controlled input"); the fixture
	// only checks that it names the same call, which is the least it must.
	state := "restock " + args
	answer, ok := req.Params.InputResponses[confirmKey].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{confirmKey: &mcp.ElicitParams{
				Message: "Order " + args + "? Add a reason if you like.",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"reason": map[string]any{"type": "string"}},
				},
			}},
			RequestState: state,
		}, nil
	}
	if req.Params.RequestState != state {
		return nil, errors.New("requestState does not match this call")
	}
	text := "Ordered: " + args
	if answer.Action != "accept" {
		text = "Nothing ordered: the user chose " + answer.Action + "."
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// A user is the person behind the client's ElicitationHandler, played by
// the scenario: the handler runs on an SDK goroutine, so it hands the
// question over and waits, and the scenario records the moment and
// answers. That keeps the handler's timing out of the trace.
type user struct {
	asked  chan *mcp.ElicitParams
	answer chan *mcp.ElicitResult
}

func newUser() *user {
	return &user{asked: make(chan *mcp.ElicitParams, 1), answer: make(chan *mcp.ElicitResult, 1)}
}

func (u *user) handler(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	u.asked <- req.Params
	select {
	case a := <-u.answer:
		return a, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// respond waits for the handler's question, notes it, and answers with
// action.
func (u *user) respond(ctx context.Context, rec *trace.Recorder, note, action string) error {
	var q *mcp.ElicitParams
	select {
	case q = <-u.asked:
	case <-ctx.Done():
		return fmt.Errorf("waiting for the ElicitationHandler: %w", context.Cause(ctx))
	}
	a := &mcp.ElicitResult{Action: action}
	if action == "accept" {
		a.Content = map[string]any{"reason": "running low"}
	}
	rec.Note(fmt.Sprintf("%s It shows the user %q; the user chooses %s.", note, q.Message, action))
	u.answer <- a
	return nil
}

func runMRTR(ctx context.Context, rec *trace.Recorder, p *Params) error {
	u := newUser()
	client := mcp.NewClient(&play.ClientInfo, &mcp.ClientOptions{ElicitationHandler: u.handler})
	l, err := play.ConnectServer(ctx, rec, restockServer())
	if err != nil {
		return err
	}
	defer l.Close()
	if p.Era == play.V20251125 {
		if err := l.ConnectClient(ctx, client, play.V20251125); err != nil {
			return err
		}
	} else if err := l.DiscoverClient(ctx, client); err != nil {
		return err
	}
	cs := l.Cs
	args := map[string]any{"item": "widget", "quantity": p.Quantity}
	rec.Update(func(s *trace.State) {
		s.Outcomes = []trace.Outcome{{Call: "call 1", Tool: "restock", Status: trace.OutcomePending}}
	})
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return cs.CallTool(ctx, &mcp.CallToolParams{Name: "restock", Arguments: args})
	})
	if p.Era == play.V20251125 {
		err = mrtr2025(ctx, l, u, p)
	} else {
		err = mrtr2026(ctx, l, u, p)
	}
	if err != nil {
		return err
	}
	res, err := play.Wait(ctx, called)
	status, detail := trace.OutcomeSucceeded, ""
	switch {
	case err != nil:
		status, detail = trace.OutcomeFailed, err.Error()
	case res.IsError:
		status = trace.OutcomeFailed
	}
	if res != nil && len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			detail = tc.Text
		}
	}
	rec.Changed("CallTool returns to the caller once, with the final result: "+detail, func(s *trace.State) {
		s.Outcomes[0].Status, s.Outcomes[0].Detail = status, detail
	})
	return nil
}

// mrtr2026 steps the 2026-07-28 exchange: the call, its input_required
// result, the user's answer (no frame), and the retry.
func mrtr2026(ctx context.Context, l *play.Link, u *user, p *Params) error {
	rec := l.Rec
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), "CallTool sends tools/call with only the arguments: the client does not know yet that the tool will ask anything."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, `Specification 2026-07-28 (multi round-trip requests): resultType "input_required" ends this request (go-sdk v1.8.0 also writes "content":null here). inputRequests holds what the server needs, keyed by its own ids ("confirm": an elicitation/create); requestState is opaque to the client, which must echo it unchanged. The server keeps nothing between the two calls.`)
	if err := u.respond(ctx, rec, "go-sdk v1.8.0 behaviour: the client's multi round-trip middleware (on by default; MultiRoundTripOptions.Disabled turns it off) calls the ElicitationHandler for inputRequests.confirm. No frame crosses the wire for this.", p.Action); err != nil {
		return err
	}
	f, err = l.W.Await(ctx, play.Request(play.C2s, "tools/call"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, fmt.Sprintf("The retry: a new request (id %s; 2026-07-28 says the id MUST differ), the same name and arguments, plus inputResponses (the answer under the server's key) and requestState, echoed exactly.", f.ID))
	f, err = l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, `The server has what it needs: resultType "complete" and the tool's content.`)
	return nil
}

// mrtr2025 steps the 2025-11-25 exchange: inside the call, the server
// sends its own request, elicitation/create, and waits for the answer.
func mrtr2025(ctx context.Context, l *play.Link, u *user, p *Params) error {
	rec := l.Rec
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), "CallTool sends tools/call with the arguments."); err != nil {
		return err
	}
	f, err := l.W.Await(ctx, play.Request(play.S2c, "elicitation/create"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "Specification 2025-11-25: while the call is open, the server sends a request of its own, elicitation/create, and waits for the answer. go-sdk v1.8.0 behaviour: the handler returned input requests; for a client older than 2026-07-28 the server's middleware turns them into this request and runs the handler again with the answer.")
	if err := u.respond(ctx, rec, "The client's ElicitationHandler runs.", p.Action); err != nil {
		return err
	}
	f, err = l.W.Await(ctx, play.Response(play.C2s, "elicitation/create"))
	if err != nil {
		return err
	}
	l.W.Deliver(f, "The client answers the server's request. The server must still hold the open tools/call (and, over HTTP, the same connection or session) to match this answer to it: this is the state 2026-07-28 removed.")
	f, err = l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	note := "The original tools/call finally gets its result. One request id from start to end."
	if strings.Contains(string(f.Raw), `"resultType"`) {
		note += " It carries resultType, which 2025-11-25 does not define."
	}
	l.W.Deliver(f, note)
	return nil
}
