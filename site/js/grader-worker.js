// grader-worker.js: a classic Web Worker that hosts the exercise runtime
// (grader-<exercise>.wasm: yaegi plus one exercise's compiled checks and
// the symbol tables its code needs), so that a learner's endless loop
// freezes this worker, never the page. The page ends a run that takes too
// long by terminating the worker. grader-worker.js?wasm=grader-ttl.wasm
// hosts ttl's grader: the build comes from the worker's own URL.
//
// Messages in:  {id, op: 'run' | 'grade', exercise, source}
// Messages out: see gohost.js ('ready', 'result', 'exit'), and
//               {type: 'progress', id, progress}  a check starts: {next, budgetMs, done};
//                                                 the file compiled: {compiled: true, budgetMs}
//                                                 the grader is alive: {beat: true}
'use strict';

importScripts('gohost.js');

// Only a grader build of this site, never a URL the query could name.
const wasmName = (() => {
  const n = new URL(self.location.href).searchParams.get('wasm') || '';
  return /^grader-[a-z0-9]+(-[a-z0-9]+)*\.wasm$/.test(n) ? n : 'grader-missing.wasm';
})();

hostGo({
  url: wasmName,
  readyHook: 'mcpGraderReady',
  what: 'the grader',
  async answer(msg) {
    const g = globalThis.mcpGrader;
    const exercise = String(msg.exercise || '');
    const source = String(msg.source ?? '');
    const t0 = performance.now();
    const progress = (p) => self.postMessage({ type: 'progress', id: msg.id, progress: p });
    let r;
    switch (msg.op) {
      case 'run':
        r = await g.run(exercise, source, progress);
        break;
      case 'grade':
        r = await g.grade(exercise, source, progress);
        break;
      default:
        return { error: `unknown op ${JSON.stringify(msg.op)}` };
    }
    r.ms = performance.now() - t0; // the run itself, in wasm, for the figures
    return r;
  },
});
