// Package jsbridge holds what both browser programs (the simulator bridge
// and the exercise runtime) need to answer the page's calls. It builds only
// for GOOS=js GOARCH=wasm.
package jsbridge
