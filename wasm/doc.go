// Command wasm is sim.wasm, the simulator build most lesson pages load. It
// carries the families its main imports, which need no streamable HTTP,
// and serves them through [simbridge]. Every other family runs in
// sim-http.wasm (wasm/httpsim), which the page loads only where a player
// shows one: a family is in a build exactly when that build's main
// imports it.
package main
