//go:build js && wasm

// Command floor is the benchmark floor for the site's live simulator: the
// least a go-sdk wasm must do before it can show anything live. It connects
// a server and a client over in-memory transports, does one 2025-11-25
// handshake and one tools/list, then calls globalThis.floorReady.
package main

import (
	"context"
	"syscall/js"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type stockIn struct {
	SKU string `json:"sku" jsonschema:"stock-keeping unit"`
}

type stockOut struct {
	Quantity int `json:"quantity"`
}

func main() {
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "floor-server", Version: "1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "get_stock", Description: "Read a quantity."},
		func(ctx context.Context, req *mcp.CallToolRequest, in stockIn) (*mcp.CallToolResult, stockOut, error) {
			return nil, stockOut{Quantity: 1}, nil
		})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		panic(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "floor-client", Version: "1.0.0"}, nil)
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		panic(err)
	}
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		panic(err)
	}
	js.Global().Call("floorReady", len(res.Tools))
	select {}
}
