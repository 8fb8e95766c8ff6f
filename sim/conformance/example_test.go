package conformance_test

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Probe your own go-sdk server in a test: every case, both revisions,
// over in-process pipes.
func ExampleProbe() {
	server := mcp.NewServer(&mcp.Implementation{Name: "my-server", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "hello"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hi"}}}, nil, nil
	})
	rep, err := conformance.Probe(context.Background(), conformance.ServerDialer(server), conformance.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Revisions)
	for _, c := range rep.Cases {
		if c.ID == "list-walk:tools" {
			fmt.Println(c.Revision, c.Verdict, c.Items)
		}
	}
	fmt.Println("failed:", rep.Failed())
	// Output:
	// [2025-11-25 2026-07-28]
	// 2025-11-25 pass [hello]
	// 2026-07-28 pass [hello]
	// failed: false
}

// Point your client at a course scenario and ask the fixture what it did.
func ExampleNewFixture() {
	f, err := conformance.NewFixture("paging-empty-token")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	clientEnd, serverEnd := mcp.NewInMemoryTransports()
	if _, err := f.Server().Connect(ctx, f.Transport(serverEnd), nil); err != nil {
		panic(err)
	}
	// The client under test: here go-sdk v1.8.0's own tools iterator.
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "my-client", Version: "0.1.0"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		panic(err)
	}
	for range cs.Tools(ctx, nil) {
	}
	cs.Close()
	rep := f.Judge()
	fmt.Println(rep.Verdict+":", rep.Message)
	// Output:
	// fail: the client stopped at nextCursor "" (an empty string is a cursor: more pages follow) and missed the rest of the catalog
}
