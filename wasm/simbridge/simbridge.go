//go:build js && wasm

package simbridge

import (
	"context"
	"encoding/json"
	"strings"
	"syscall/js"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/mcp-playground/mcp-playground/wasm/jsbridge"
)

// Serve registers globalThis.mcpSim over the scenarios catalogue returns
// and never returns. catalogue is called afresh for each list and run, so
// no run sees what another changed.
func Serve(catalogue func() *play.Catalogue) {
	ns := js.Global().Get("Object").New()
	// The js.Func values live as long as the program: Serve never returns.
	ns.Set("list", js.FuncOf(func(js.Value, []js.Value) any { return list(catalogue()) }))
	ns.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any { return run(catalogue(), args) }))
	ns.Set("decode", js.FuncOf(decode))
	ns.Set("crash", js.FuncOf(crash))
	js.Global().Set("mcpSim", ns)
	if ready := js.Global().Get("mcpSimReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// list returns the scenario infos as JSON text; the worker parses it so
// that Params stays the exact JSON the catalogue holds.
func list(c *play.Catalogue) any {
	b, err := json.Marshal(c.List())
	if err != nil {
		return errorObject(err.Error())
	}
	return string(b)
}

// run plays a scenario. It returns a Promise because a scenario waits on
// SDK goroutines, and a js.Func must not block the event loop they need.
func run(c *play.Catalogue, args []js.Value) any {
	id := jsbridge.ArgString(args, 0)
	params := jsbridge.ArgString(args, 1)
	return jsbridge.Promise(func() any {
		res, err := c.Run(context.Background(), id, json.RawMessage(params))
		if err != nil {
			return errorObject(err.Error())
		}
		o := js.Global().Get("Object").New()
		o.Set("jsonl", res.JSONL())
		return o
	}, func(msg string) any { return errorObject(msg) })
}

// decode validates an imported trace with the same decoder the simulator
// uses, so an error names the line the way [trace.DecodeError] does.
func decode(_ js.Value, args []js.Value) any {
	events, err := trace.Decode(strings.NewReader(jsbridge.ArgString(args, 0)))
	if err != nil {
		return errorObject(err.Error())
	}
	o := js.Global().Get("Object").New()
	o.Set("events", len(events))
	return o
}

// crash panics where nothing recovers, as a bug in an SDK goroutine would:
// the Go program exits and the worker must report it and be restartable.
func crash(_ js.Value, args []js.Value) any {
	msg := jsbridge.ArgString(args, 0)
	go func() { panic("mcpSim.crash: " + msg) }()
	return nil
}

// errorObject is the {error} value the page's worker reads as a failure.
func errorObject(msg string) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("error", msg)
	return o
}
