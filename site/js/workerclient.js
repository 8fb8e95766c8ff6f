// workerclient.js: the page side of a Web Worker that hosts a Go wasm build
// through gohost.js (its worker side). Requests are promises matched to
// replies by id; the worker's 'ready', 'exit' and 'progress' messages go to
// the owner's handlers. sim.js (the simulator) and exercise-grader.js (the
// grader) both talk to their workers through one of these.
'use strict';

export class WorkerClient {
  /**
   * @param {URL|string} url the worker script
   * @param {{ready?: (timing: object) => void, exit?: (message: string, failed: boolean) => void}} on
   *   ready: the Go program is up (gohost.js's timing);
   *   exit: the Go program ended (failed false) or the worker itself
   *   failed (failed true); message may be ''
   */
  constructor(url, on = {}) {
    this.url = url;
    this.on = on;
    this.worker = null;
    this.pending = new Map();
    this.nextID = 1;
  }

  /** start creates the worker unless one is running. It throws when the
   * browser refuses (a page opened from disk may not start workers). */
  start() {
    if (this.worker) return;
    const w = new Worker(this.url);
    this.worker = w;
    w.onmessage = (ev) => {
      if (w !== this.worker) return; // a reply from a worker ended since
      const m = ev.data || {};
      const p = this.pending.get(m.id);
      switch (m.type) {
        case 'result':
          this.pending.delete(m.id);
          if (p) p.resolve(m.result);
          break;
        case 'progress':
          if (p) p.progress(m.progress || {});
          break;
        case 'ready':
          if (this.on.ready) this.on.ready(m.timing);
          break;
        case 'exit':
          if (this.on.exit) this.on.exit(m.message || '', false);
          break;
        default:
      }
    };
    w.onerror = (ev) => {
      // Handled here: the owner shows it instead of an uncaught error in
      // the console.
      ev.preventDefault();
      if (w === this.worker && this.on.exit) this.on.exit(ev.message || '', true);
    };
  }

  /**
   * send posts msg with a fresh id and resolves with the worker's result
   * for it. onProgress gets the worker's progress reports for it. The
   * worker must be started.
   */
  send(msg, onProgress = () => {}) {
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress: onProgress });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** stop ends the worker, if any, and rejects every request in flight
   * with err. The next start makes a new worker. */
  stop(err) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(err);
  }
}
