package http2026

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// http2026Listen plays the subscriptions/listen stream the go-sdk client
// opened in Connect: the server's acknowledgement, a tools list change
// announced on it, and the client's fresh tools/list.
func http2026Listen(ctx context.Context, rec *trace.Recorder, server *mcp.Server, tap *streamTap, cs *mcp.ClientSession, changed <-chan struct{}) error {
	e, err := tap.awaitEvent(ctx)
	if err != nil {
		return err
	}
	if err := tap.deliver(e, "The first event on the stream: notifications/subscriptions/acknowledged, naming the notifications the server agreed to send (toolsListChanged) and, in _meta, io.modelcontextprotocol/subscriptionId, the id of the listen request. Specification 2026-07-28: the server acknowledges first, then sends only what the client opted in to."); err != nil {
		return err
	}
	const added = "count_stock"
	rec.Changed("On the server, the application adds a tool, "+added+". go-sdk v1.8.0 announces the change to every open listen stream that opted in (after a short delay that never reaches the trace).", func(s *trace.State) {})
	server.AddTool(&mcp.Tool{Name: added, Description: "Count the SKUs in a warehouse.", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	if e, err = tap.awaitEvent(ctx); err != nil {
		return err
	}
	if err := tap.deliver(e, "notifications/tools/list_changed arrives on the listen stream, tagged with the same subscriptionId. It is the only long-lived stream in 2026-07-28; results of other requests never travel on it."); err != nil {
		return err
	}
	select {
	case <-changed:
	case <-ctx.Done():
		return fmt.Errorf("waiting for the tools/list_changed handler: %w", context.Cause(ctx))
	}
	rec.Changed("The client's ToolListChangedHandler runs. go-sdk v1.8.0 behaviour: before calling it, the client drops its cached tools/list result, so the next list goes to the server.", func(s *trace.State) {})
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	names := make([]string, len(res.Tools))
	for i, t := range res.Tools {
		names[i] = t.Name
	}
	rec.Changed(fmt.Sprintf("The client lists the tools again and sees %d of them.", len(names)), func(s *trace.State) { s.Catalog = names })
	return nil
}
