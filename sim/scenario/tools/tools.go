// Package tools is the tools family: tool calls and how each result or
// error reaches the client.
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Call is one tools/call a scenario makes.
type Call struct {
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	// Why is shown with the request: what this call tries.
	Why string `json:"why,omitempty"`
}

// Params list the calls a go-sdk client makes to the fixture server.
type Params struct {
	Calls []Call `json:"calls"`
}

func (p *Params) Validate() error {
	if len(p.Calls) == 0 || len(p.Calls) > 10 {
		return fmt.Errorf("calls: want 1 to 10 calls, got %d", len(p.Calls))
	}
	for i, c := range p.Calls {
		if c.Tool == "" {
			return fmt.Errorf("calls[%d]: tool is empty", i)
		}
		if len(c.Arguments) > 0 && !json.Valid(c.Arguments) {
			return fmt.Errorf("calls[%d]: arguments are not JSON", i)
		}
	}
	return nil
}

// The tools family calls the fixture server's tools with the go-sdk
// client; its presets are in presets.go.
var toolsFamily = &play.Family{
	Name:   "tools",
	Params: func() play.Validator { return &Params{} },
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runTools(ctx, rec, v.(*Params))
	},
}

func runTools(ctx context.Context, rec *trace.Recorder, p *Params) error {
	l, err := play.ConnectBoth(ctx, rec, fixture.NewServer(fixture.Options{}), play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	for i, c := range p.Calls {
		label := fmt.Sprintf("call %d", i+1)
		rec.Update(func(s *trace.State) {
			s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: c.Tool, Status: trace.OutcomePending})
		})
		called := play.GoDo(func() (*mcp.CallToolResult, error) {
			args := c.Arguments
			if len(args) == 0 {
				args = json.RawMessage(`{}`)
			}
			return l.Cs.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: args})
		})
		why := c.Why
		if why == "" {
			why = "tools/call " + c.Tool + "."
		}
		if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), why); err != nil {
			return err
		}
		f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
		if err != nil {
			return err
		}
		// The outcome is read from the frame's bytes, before delivery, so
		// that the frame's own snapshot shows it; the SDK's view is
		// checked against it afterwards.
		status, detail, note := ClassifyResponse(f.Raw)
		rec.Update(func(s *trace.State) {
			s.Outcomes[len(s.Outcomes)-1].Status = status
			s.Outcomes[len(s.Outcomes)-1].Detail = detail
		})
		l.W.Deliver(f, note)
		res, callErr := play.Wait(ctx, called)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if sdkStatus, _, _ := classifyCall(res, callErr); sdkStatus != status {
			return fmt.Errorf("%s: the SDK client saw %s, the wire %s", label, sdkStatus, status)
		}
	}
	return nil
}

// ClassifyResponse names the layer a tools/call response belongs to.
func ClassifyResponse(raw []byte) (status, detail, note string) {
	var m struct {
		Error  *jsonrpc.Error      `json:"error"`
		Result *mcp.CallToolResult `json:"result"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return trace.OutcomeFailed, err.Error(), "An unreadable response."
	}
	if m.Error != nil {
		return classifyCall(nil, m.Error)
	}
	return classifyCall(m.Result, nil)
}

// classifyCall names the layer a call's answer came from.
func classifyCall(res *mcp.CallToolResult, err error) (status, detail, note string) {
	var werr *jsonrpc.Error
	switch {
	case errors.As(err, &werr):
		return trace.OutcomeFailed, fmt.Sprintf("JSON-RPC error %d", werr.Code),
			fmt.Sprintf("A JSON-RPC error (code %d): the request itself failed at the protocol layer. There is no tool result to show the model; the client fixes its request or its catalog.", werr.Code)
	case err != nil:
		return trace.OutcomeFailed, err.Error(), "The call failed: " + err.Error()
	case res == nil:
		return trace.OutcomeFailed, "no result", "A response with neither result nor error."
	case res.IsError:
		return trace.OutcomeFailed, "isError: " + firstText(res),
			"isError: true. The protocol worked; the tool reports a failure in its result, as text the model can read and act on."
	default:
		sc, _ := json.Marshal(res.StructuredContent)
		return trace.OutcomeSucceeded, string(sc), "A result without isError: the tool succeeded. structuredContent carries the typed answer, content a text copy."
	}
}

func firstText(res *mcp.CallToolResult) string {
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text
		}
	}
	return ""
}
