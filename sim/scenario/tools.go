package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
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

// ToolsParams list the calls a go-sdk client makes to the fixture server.
type ToolsParams struct {
	Calls []Call `json:"calls"`
}

func (p *ToolsParams) validate() error {
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

var toolsFamily = &family{
	name:   "tools",
	params: func() validator { return &ToolsParams{} },
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runTools(ctx, rec, v.(*ToolsParams))
	},
}

func stockCall(args, why string) Call {
	return Call{Tool: "get_stock", Arguments: json.RawMessage(args), Why: why}
}

func toolsPresets() []preset {
	info := func(id, title, summary string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: "tools", Era: v20251125}
	}
	return []preset{
		{info: info("stock-ok", "A successful call", "get_stock for PEN-01 (warehouse east by default) returns 12 pieces."),
			family: toolsFamily, params: &ToolsParams{Calls: []Call{stockCall(`{"query":{"sku":"PEN-01"}}`, "No warehouse: the schema's default, east, applies.")}}},
		{info: info("stock-zero", "Zero is an answer", "BOOK-01 in east exists with quantity 0: a success whose answer is zero."),
			family: toolsFamily, params: &ToolsParams{Calls: []Call{stockCall(`{"query":{"sku":"BOOK-01","warehouse":"east"}}`, "A record that exists, with nothing in stock.")}}},
		{info: info("stock-missing", "Missing is not zero", "BOOK-01 in west has no record: an isError result, never a quantity of 0."),
			family: toolsFamily, params: &ToolsParams{Calls: []Call{stockCall(`{"query":{"sku":"BOOK-01","warehouse":"west"}}`, "No record exists for this pair.")}}},
		{info: info("stock-bad-input", "Arguments the schema refuses", "Lower-case sku, a trailing newline, an extra field, warehouse north, a number for sku: each an isError result."),
			family: toolsFamily, params: &ToolsParams{Calls: []Call{
				stockCall(`{"query":{"sku":"pen-01"}}`, "A lower-case sku does not match ^[A-Z][A-Z0-9-]{0,15}$."),
				stockCall(`{"query":{"sku":"PEN-01\n"}}`, "A trailing newline: $ matches only at the very end, so the pattern fails."),
				stockCall(`{"query":{"sku":"PEN-01","color":"blue"}}`, "An extra field: the schema says additionalProperties false."),
				stockCall(`{"query":{"sku":"PEN-01","warehouse":"north"}}`, "north is not in the warehouse enum."),
				stockCall(`{"query":{"sku":101}}`, "A number where a string is required."),
			}}},
		{info: info("unknown-tool", "A tool that does not exist", "Calling get_stocks (a typo) is a JSON-RPC error -32602, a different layer from an isError result."),
			family: toolsFamily, params: &ToolsParams{Calls: []Call{
				stockCall(`{"query":{"sku":"PEN-01"}}`, "First a call that works, for contrast."),
				{Tool: "get_stocks", Arguments: json.RawMessage(`{"query":{"sku":"PEN-01"}}`), Why: "A name the server does not have."},
			}}},
	}
}

func runTools(ctx context.Context, rec *trace.Recorder, p *ToolsParams) error {
	l, err := connectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	var cs *mcp.ClientSession
	defer func() { l.close(cs) }()
	if cs, err = connectSDK(ctx, rec, l, v20251125); err != nil {
		return err
	}
	for i, c := range p.Calls {
		label := fmt.Sprintf("call %d", i+1)
		rec.Update(func(s *trace.State) {
			s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: c.Tool, Status: trace.OutcomePending})
		})
		called := goDo(func() (*mcp.CallToolResult, error) {
			args := c.Arguments
			if len(args) == 0 {
				args = json.RawMessage(`{}`)
			}
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: args})
		})
		why := c.Why
		if why == "" {
			why = "tools/call " + c.Tool + "."
		}
		if _, err := l.w.Step(ctx, request(c2s, "tools/call"), why); err != nil {
			return err
		}
		f, err := l.w.Await(ctx, response(s2c, "tools/call"))
		if err != nil {
			return err
		}
		// The outcome is read from the frame's bytes, before delivery, so
		// that the frame's own snapshot shows it; the SDK's view is
		// checked against it afterwards.
		status, detail, note := classifyResponse(f.Raw)
		rec.Update(func(s *trace.State) {
			s.Outcomes[len(s.Outcomes)-1].Status = status
			s.Outcomes[len(s.Outcomes)-1].Detail = detail
		})
		l.w.Deliver(f, note)
		res, callErr := wait(ctx, called)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if sdkStatus, _, _ := classifyCall(res, callErr); sdkStatus != status {
			return fmt.Errorf("%s: the SDK client saw %s, the wire %s", label, sdkStatus, status)
		}
	}
	return nil
}

// classifyResponse names the layer a tools/call response belongs to.
func classifyResponse(raw []byte) (status, detail, note string) {
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
