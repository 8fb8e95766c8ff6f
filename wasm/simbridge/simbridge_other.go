//go:build !(js && wasm)

package simbridge

import (
	"fmt"
	"os"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// Serve exists so that the simulator's mains build and vet on every
// platform; the bridge only makes sense inside a browser.
func Serve(func() *play.Catalogue) {
	fmt.Fprintln(os.Stderr, "wasm: build with GOOS=js GOARCH=wasm; this program runs in the site's Web Worker")
	os.Exit(2)
}
