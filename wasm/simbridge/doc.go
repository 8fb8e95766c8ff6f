// Package simbridge is the simulator's bridge to the page, which both
// simulator builds serve. Built with GOOS=js GOARCH=wasm, [Serve] registers
// one JavaScript namespace, globalThis.mcpSim, that the site's Web Worker
// calls:
//
//	mcpSim.list()                 → JSON text: the scenario infos
//	mcpSim.run(id, paramsJSON)    → Promise<{jsonl: string} | {error: string}>
//	mcpSim.decode(text)           → {events: number} | {error: "line N: …"}
//	mcpSim.crash(message)         → panics in a goroutine (the page's test hook
//	                                for "the simulator died")
//
// It is a translator: JSON in, a call to the catalogue its main hands it or
// to sim/trace, JSON out. No protocol logic lives here.
package simbridge
