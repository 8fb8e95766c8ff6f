// exercise-grader.js: the exercise page's handle on the grader worker. A
// request that runs past the budget ends the worker (the only way to stop
// a learner's endless loop) and rejects with a TimeoutError; the next
// request starts a fresh worker.
'use strict';

/** A TimeoutError is a run stopped because it went over its budget. */
export class TimeoutError extends Error {}

/** A GraderError is a failure of the grader itself (it crashed or could
 * not start), not of the learner's code. */
export class GraderError extends Error {}

export class Grader {
  /**
   * @param {URL|string} workerURL the URL of grader-worker.js
   * @param {number} budgetMs how long a run may take before the first check
   *   starts (each check then has its own budget, from the grader)
   * @param {{exercise: string, source: string}} [warm] a grade to run as
   *   soon as a worker starts, before it counts as ready: the first grade
   *   pays for the interpreter's and the simulator's one-time set-up, and
   *   that should happen while the learner reads, not against the budget
   */
  constructor(workerURL, budgetMs, warm = null) {
    this.url = workerURL;
    this.budgetMs = budgetMs;
    this.warm = warm;
    this.worker = null;
    this.ready = null;
    this.isReady = false; // the current worker is up and warm
    this.pending = new Map();
    this.nextID = 1;
  }

  /** start creates the worker unless one is running; the page calls it
   * early so that the wasm downloads and compiles while the learner reads. */
  start() {
    if (this.worker) return this.ready;
    const w = new Worker(this.url);
    this.worker = w;
    this.isReady = false;
    let onReady;
    let onFail;
    this.ready = new Promise((resolve, reject) => {
      onReady = resolve;
      onFail = reject;
    });
    // A rejected ready that nobody awaits yet must not be an unhandled
    // rejection in the console.
    this.ready.then(() => {
      if (this.worker === w) this.isReady = true;
    }, () => {});
    w.onmessage = (ev) => {
      if (w !== this.worker) return;
      const m = ev.data || {};
      if (m.type === 'result') {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (p) p.resolve(m.result);
      } else if (m.type === 'progress') {
        const p = this.pending.get(m.id);
        if (p) p.progress(m.progress || {});
      } else if (m.type === 'ready') {
        performance.mark('mcp-playground:grader-ready', { detail: m.timing });
        if (!this.warm) {
          onReady();
          return;
        }
        // Warm-up: the starter, graded once, results unused. A warm-up
        // that never ends (it should not) must not hold the page forever.
        const id = this.nextID++;
        const warmed = () => {
          clearTimeout(t);
          this.pending.delete(id);
          performance.mark('mcp-playground:grader-warm');
          onReady();
        };
        const t = setTimeout(warmed, 60000);
        this.pending.set(id, { resolve: warmed, reject: () => {}, progress: () => {} });
        w.postMessage({ id, op: 'grade', exercise: this.warm.exercise, source: this.warm.source });
      } else if (m.type === 'exit') {
        this.fail(new GraderError(m.message || 'the grader stopped'), onFail);
      }
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      if (w === this.worker) this.fail(new GraderError(ev.message || 'the grader worker failed'), onFail);
    };
    return this.ready;
  }

  /** stop ends the worker and fails what it was doing with err. */
  fail(err, onFail) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (onFail) onFail(err);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /**
   * request sends {op, exercise, source} and resolves with the bridge's
   * result. The budget counts from the moment the worker has the request,
   * so a cold start (download, compile) never counts as the learner's time;
   * during a grade it restarts as each check starts, with that check's own
   * budget, and onProgress gets each progress report ({next, budgetMs,
   * done}).
   */
  async request(op, exercise, source, onProgress = () => {}) {
    await this.start();
    const w = this.worker;
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      let timer = 0;
      let budget = this.budgetMs;
      const arm = (ms) => {
        clearTimeout(timer);
        budget = ms;
        timer = setTimeout(() => {
          if (this.worker !== w) return;
          const err = new TimeoutError(`timed out after ${budget / 1000} s`);
          err.check = this.running; // the check that was running, '' while compiling
          err.budgetMs = budget;
          this.fail(err);
        }, ms);
      };
      this.running = '';
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        progress: (p) => {
          this.running = p.next || '';
          arm(p.budgetMs || this.budgetMs);
          onProgress(p);
        },
      });
      arm(this.budgetMs);
      w.postMessage({ id, op, exercise, source });
    });
  }
}
