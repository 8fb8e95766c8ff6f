//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

func main() {
	ns := js.Global().Get("Object").New()
	// The js.Func values live as long as the program: main never returns.
	ns.Set("list", js.FuncOf(list))
	ns.Set("run", js.FuncOf(run))
	ns.Set("decode", js.FuncOf(decode))
	ns.Set("crash", js.FuncOf(crash))
	js.Global().Set("mcpSim", ns)
	if ready := js.Global().Get("mcpSimReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// list returns the scenario infos as JSON text; the worker parses it so
// that Params stays the exact JSON the registry holds.
func list(js.Value, []js.Value) any {
	b, err := json.Marshal(scenario.List())
	if err != nil {
		return errorObject(err.Error())
	}
	return string(b)
}

// run plays a scenario. It returns a Promise because a scenario waits on
// SDK goroutines, and a js.Func must not block the event loop they need.
func run(_ js.Value, args []js.Value) any {
	id := argString(args, 0)
	params := argString(args, 1)
	return newPromise(func() any {
		res, err := scenario.Run(context.Background(), id, json.RawMessage(params))
		if err != nil {
			return errorObject(err.Error())
		}
		o := js.Global().Get("Object").New()
		o.Set("jsonl", res.JSONL())
		return o
	})
}

// decode validates an imported trace with the same decoder the simulator
// uses, so an error names the line the way [trace.DecodeError] does.
func decode(_ js.Value, args []js.Value) any {
	events, err := trace.Decode(strings.NewReader(argString(args, 0)))
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
	msg := argString(args, 0)
	go func() { panic("mcpSim.crash: " + msg) }()
	return nil
}

// newPromise runs f in a goroutine and settles a Promise with its result.
// A panic in f becomes an {error} result so one bad run does not take the
// simulator down.
func newPromise(f func() any) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve := args[0]
		go func() {
			defer executor.Release()
			var out any
			func() {
				defer func() {
					if r := recover(); r != nil {
						out = errorObject(fmt.Sprintf("panic: %v", r))
					}
				}()
				out = f()
			}()
			resolve.Invoke(out)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

func errorObject(msg string) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("error", msg)
	return o
}

func argString(args []js.Value, i int) string {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return ""
	}
	return args[i].String()
}
