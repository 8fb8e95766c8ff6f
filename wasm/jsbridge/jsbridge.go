//go:build js && wasm

package jsbridge

import (
	"fmt"
	"syscall/js"
)

// Promise runs f in a goroutine and resolves a Promise with its result.
// A js.Func must not block (the work waits on SDK goroutines that need the
// event loop), hence the goroutine. A panic in f resolves the Promise with
// onPanic's value instead, so one bad run does not take the program down.
func Promise(f func() any, onPanic func(msg string) any) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve := args[0]
		go func() {
			defer executor.Release()
			var out any
			func() {
				defer func() {
					if r := recover(); r != nil {
						out = onPanic(fmt.Sprintf("panic: %v", r))
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

// ArgString returns args[i] when it is a JavaScript string, and "" when it
// is missing or of another type: the page's calls are checked, not trusted.
func ArgString(args []js.Value, i int) string {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return ""
	}
	return args[i].String()
}
