// grader-worker.js: a classic Web Worker that hosts the exercise runtime
// (grader.wasm: yaegi plus the exercises' compiled checks), so that a
// learner's endless loop freezes this worker, never the page. The page
// ends a run that takes too long by terminating the worker.
//
// Messages in:  {id, op: 'run' | 'grade', exercise, source}
// Messages out: {type: 'ready', timing}
//               {type: 'progress', id, progress}  a check starts: {next, budgetMs, done}
//               {type: 'result', id, result}   the bridge's value or {error}
//               {type: 'exit', message}        the Go program ended (a crash)
'use strict';

// Ask for the wasm first: the download overlaps with wasm_exec.js.
const wasmResponse = fetch('grader.wasm');
importScripts('wasm_exec.js');

// A Go crash prints to fd 2 before exiting; keep the tail for the page.
let output = '';
const fsWrite = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => {
  output = (output + new TextDecoder().decode(buf)).slice(-16384);
  return fsWrite(fd, buf);
};

function crashMessage(code) {
  const i = output.indexOf('panic: ');
  if (i >= 0) {
    const tail = output.slice(i);
    const end = tail.search(/\n\s*\n|\ngoroutine /);
    return (end >= 0 ? tail.slice(0, end) : tail).trim();
  }
  return `the grader exited (code ${code})`;
}

async function instantiate(go) {
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(wasmResponse, go.importObject)).instance;
    } catch {
      // A server that sends .wasm without application/wasm breaks the
      // streaming path; fall back to bytes.
    }
  }
  const resp = await fetch('grader.wasm');
  if (!resp.ok) throw new Error(`grader.wasm: HTTP ${resp.status}`);
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
    globalThis.mcpGraderReady = resolve;
  });
  go.run(instance).then(() => {
    exited = crashMessage(code);
    self.postMessage({ type: 'exit', message: exited });
  });
  await started;
  self.postMessage({ type: 'ready', timing: { compiled, ready: performance.now() } });
})();
ready.catch((err) => {
  exited = `the grader did not start: ${err.message || err}`;
  self.postMessage({ type: 'exit', message: exited });
});

async function answer(msg) {
  await ready;
  if (exited) return { error: exited };
  const g = globalThis.mcpGrader;
  const exercise = String(msg.exercise || '');
  const source = String(msg.source ?? '');
  const t0 = performance.now();
  let r;
  switch (msg.op) {
    case 'run':
      r = await g.run(exercise, source);
      break;
    case 'grade':
      r = await g.grade(exercise, source, (progress) => self.postMessage({ type: 'progress', id: msg.id, progress }));
      break;
    default:
      return { error: `unknown op ${JSON.stringify(msg.op)}` };
  }
  r.ms = performance.now() - t0; // the run itself, in wasm, for the figures
  return r;
}

self.onmessage = (ev) => {
  const msg = ev.data || {};
  answer(msg).then(
    (result) => self.postMessage({ type: 'result', id: msg.id, result }),
    (err) => self.postMessage({ type: 'result', id: msg.id, result: { error: String((err && err.message) || err) } }),
  );
};
