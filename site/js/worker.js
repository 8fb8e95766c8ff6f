// worker.js: a classic Web Worker that hosts the simulator (sim.wasm) so the
// page never freezes while a scenario runs. worker.js?wasm=sim-http.wasm
// hosts the build with streamable HTTP instead (see sim.js).
//
// Messages in:  {id, op: 'list'}
//               {id, op: 'run', scenario, params}   params: JSON text or null
//               {id, op: 'import', text}             validate with sim/trace.Decode
//               {id, op: 'crash', message}           test hook: panic in Go
// Messages out: {type: 'ready'}
//               {type: 'result', id, result}         result: the bridge's value or {error}
//               {type: 'exit', message}              the Go program ended (a panic)
'use strict';

// Which build to host comes from the worker's own URL, so the wasm can be
// fetched before any message arrives. Only the simulator's builds qualify.
const wasmName = (() => {
  const n = new URL(self.location.href).searchParams.get('wasm') || 'sim.wasm';
  return /^sim(-[a-z]+)?\.wasm$/.test(n) ? n : 'sim.wasm';
})();
// Ask for the wasm before anything else: the download overlaps with loading
// wasm_exec.js and starting the Go runtime's glue.
const wasmResponse = fetch(wasmName);
importScripts('wasm_exec.js');

// The Go runtime prints a panic to fd 2 and exits. Keep the tail of its
// output so the page can show the panic message, not just "it stopped".
let output = '';
const fsWrite = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => {
  output = (output + new TextDecoder().decode(buf)).slice(-16384);
  return fsWrite(fd, buf);
};

function panicMessage(code) {
  const i = output.indexOf('panic: ');
  if (i >= 0) {
    const tail = output.slice(i);
    const end = tail.search(/\n\s*\n|\ngoroutine /);
    return (end >= 0 ? tail.slice(0, end) : tail).trim();
  }
  return `the simulator exited (code ${code})`;
}

async function instantiate(go) {
  const url = wasmName;
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(wasmResponse, go.importObject)).instance;
    } catch {
      // A server that sends .wasm without application/wasm breaks the
      // streaming path; fall back to bytes.
    }
  }
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
}

let exited = null;
const ready = (async () => {
  const go = new Go();
  let code = 0;
  go.exit = (c) => {
    code = c;
  };
  const instance = await instantiate(go);
  const compiled = performance.now();
  const started = new Promise((resolve) => {
    globalThis.mcpSimReady = resolve;
  });
  go.run(instance).then(() => {
    exited = panicMessage(code);
    self.postMessage({ type: 'exit', message: exited });
  });
  await started;
  // Worker-side times (ms since the worker started), for the figures.
  self.postMessage({ type: 'ready', timing: { compiled, ready: performance.now() } });
})();
ready.catch((err) => {
  exited = `the simulator did not start: ${err.message || err}`;
  self.postMessage({ type: 'exit', message: exited });
});

async function answer(msg) {
  await ready;
  if (exited) return { error: exited };
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
}

self.onmessage = (ev) => {
  const msg = ev.data || {};
  answer(msg).then(
    (result) => self.postMessage({ type: 'result', id: msg.id, result }),
    (err) => self.postMessage({ type: 'result', id: msg.id, result: { error: String((err && err.message) || err) } }),
  );
};
