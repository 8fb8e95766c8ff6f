package main

import (
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/expiry"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
	"github.com/mcp-playground/mcp-playground/wasm/simbridge"
)

func main() { simbridge.Serve(catalogue) }

// catalogue is sim.wasm's families, in course order: one line each. A
// family that needs streamable HTTP (Runtime play.RuntimeHTTP) goes in
// sim-http.wasm instead, through the registry (sim/scenario).
func catalogue() *play.Catalogue {
	return play.NewCatalogue(
		handshake.Presets(),
		tools.Presets(),
		paging.Presets(),
		expiry.Presets(),
		disconnect.Presets(),
	)
}
