// gohost.js: what every Web Worker hosting a Go wasm build needs, loaded
// with importScripts by worker.js (the simulator) and grader-worker.js (the
// exercise runtime): fetch and start the wasm, keep the tail of what Go
// writes to fd 2 so a panic can be shown, say 'ready' or 'exit' to the page,
// and answer messages one by one.
//
// Messages out: {type: 'ready', timing}   timing: worker-side ms, for the figures
//               {type: 'result', id, result}
//               {type: 'exit', message}   the Go program ended (a panic)
'use strict';

/**
 * hostGo starts the wasm at url. Go calls globalThis[readyHook]() once its
 * bridge is installed. answer(msg) handles one message once Go is ready; its
 * value (or error) is posted back as the result for msg.id. what names the
 * program in messages ("the simulator", "the grader").
 */
function hostGo({ url, readyHook, what, answer }) {
  // Ask for the wasm before anything else: the download overlaps with
  // loading wasm_exec.js and starting the Go runtime's glue.
  const wasmResponse = fetch(url);
  importScripts('wasm_exec.js');

  // The Go runtime prints a panic to fd 2 and exits. Keep the tail of its
  // output so the page can show the panic message, not just "it stopped".
  let output = '';
  const fsWrite = globalThis.fs.writeSync.bind(globalThis.fs);
  globalThis.fs.writeSync = (fd, buf) => {
    output = (output + new TextDecoder().decode(buf)).slice(-16384);
    return fsWrite(fd, buf);
  };
  const panicMessage = (code) => {
    const i = output.indexOf('panic: ');
    if (i >= 0) {
      const tail = output.slice(i);
      const end = tail.search(/\n\s*\n|\ngoroutine /);
      return (end >= 0 ? tail.slice(0, end) : tail).trim();
    }
    return `${what} exited (code ${code})`;
  };

  const instantiate = async (go) => {
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
  };

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
      globalThis[readyHook] = resolve;
    });
    go.run(instance).then(() => {
      exited = panicMessage(code);
      self.postMessage({ type: 'exit', message: exited });
    });
    await started;
    self.postMessage({ type: 'ready', timing: { compiled, ready: performance.now() } });
  })();
  ready.catch((err) => {
    exited = `${what} did not start: ${err.message || err}`;
    self.postMessage({ type: 'exit', message: exited });
  });

  self.onmessage = (ev) => {
    const msg = ev.data || {};
    const reply = (async () => {
      await ready;
      if (exited) return { error: exited };
      return answer(msg);
    })();
    reply.then(
      (result) => self.postMessage({ type: 'result', id: msg.id, result }),
      (err) => self.postMessage({ type: 'result', id: msg.id, result: { error: String((err && err.message) || err) } }),
    );
  };
}
