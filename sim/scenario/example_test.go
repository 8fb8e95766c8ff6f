package scenario_test

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// Run plays a scenario; the final state is the last event's snapshot.
func ExampleRun() {
	res, err := scenario.Run(context.Background(), "paging-empty-token", nil)
	if err != nil {
		panic(err)
	}
	for _, e := range res.Events {
		if e.Kind == "message" && e.Direction == "client-to-server" && e.Run == "reference" {
			fmt.Println(e.Raw)
		}
	}
	fmt.Println(res.Final().Catalog)
	// Output:
	// {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"scripted-client","version":"0.0.1"}}}
	// {"jsonrpc":"2.0","method":"notifications/initialized"}
	// {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
	// {"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":""}}
	// {"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":"EPXuVoal9cSt"}}
	// [alpha]
}
