// floor-worker.js: loads floor.wasm the same way site/js/worker.js loads
// sim.wasm (fetch first, instantiateStreaming, then go.run).
'use strict';
const wasmResponse = fetch('floor.wasm');
importScripts('wasm_exec.js');
let compiled = 0;
globalThis.floorReady = (n) => self.postMessage({ tools: n, timing: { compiled, ready: performance.now() } });
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(wasmResponse, go.importObject);
  compiled = performance.now();
  go.run(instance);
})();
