// worker.js: a classic Web Worker that hosts the simulator (sim.wasm) so the
// page never freezes while a scenario runs. worker.js?wasm=sim-http.wasm
// hosts the build with streamable HTTP instead (see sim.js).
//
// Messages in:  {id, op: 'list'}
//               {id, op: 'run', scenario, params}   params: JSON text or null
//               {id, op: 'import', text}             validate with sim/trace.Decode
//               {id, op: 'crash', message}           test hook: panic in Go
// Messages out: see gohost.js ('ready', 'result', 'exit').
'use strict';

importScripts('gohost.js');

// Which build to host comes from the worker's own URL, so the wasm can be
// fetched before any message arrives. Only the simulator's builds qualify.
const wasmName = (() => {
  const n = new URL(self.location.href).searchParams.get('wasm') || 'sim.wasm';
  return /^sim(-[a-z]+)?\.wasm$/.test(n) ? n : 'sim.wasm';
})();

hostGo({
  url: wasmName,
  readyHook: 'mcpSimReady',
  what: 'the simulator',
  async answer(msg) {
    const sim = globalThis.mcpSim;
    switch (msg.op) {
      case 'list':
        return JSON.parse(sim.list());
      case 'run': {
        const t0 = performance.now();
        const r = await sim.run(String(msg.scenario || ''), msg.params == null ? '' : String(msg.params));
        r.ms = performance.now() - t0; // for the figures: the run itself, in wasm
        return r;
      }
      case 'import':
        return sim.decode(String(msg.text ?? ''));
      case 'crash':
        sim.crash(String(msg.message || 'crash requested'));
        return {};
      default:
        return { error: `unknown op ${JSON.stringify(msg.op)}` };
    }
  },
});
