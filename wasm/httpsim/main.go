// Command httpsim is sim-http.wasm, the simulator build for pages that show
// a scenario of a family needing streamable HTTP (Info.Runtime "http"). It
// serves the registry's whole catalogue (sim/scenario), so a page that
// loads it runs all its players there.
package main

import (
	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/wasm/simbridge"
)

func main() { simbridge.Serve(scenario.Catalogue) }
