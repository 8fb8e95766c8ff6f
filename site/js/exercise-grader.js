// exercise-grader.js: the exercise page's handle on the grader worker. A
// request whose learner code holds the worker past its budget (the grader
// silent that long: see request) ends the worker, the only way to stop a
// learner's endless loop, and rejects with a TimeoutError saying how long
// the code ran and the limit; the next request starts a fresh worker.
'use strict';

import { WorkerClient } from './workerclient.js';
import { t } from './i18n.js';

/** COMPILE_BUDGET_MS bounds the interpreter's compile of a learner's file:
 * seconds on a cold grader on a slow machine, never endless, but a worker
 * that stops answering must not hold the page forever. */
const COMPILE_BUDGET_MS = 60000;

/** A TimeoutError is a run stopped because the learner's code went over its
 * budget: check (the check that was running, '' before the first), ranMs
 * (how long the code held the worker) and budgetMs (the limit). */
export class TimeoutError extends Error {}

/** A GraderError is a failure of the grader itself (it crashed or could
 * not start), not of the learner's code. */
export class GraderError extends Error {}

export class Grader {
  /**
   * @param {URL|string} workerURL the URL of grader-worker.js, with the
   *   exercise's grader build as its query (?wasm=grader-<exercise>.wasm)
   * @param {number} budgetMs how long the learner's code may hold the worker
   *   without returning before the first check starts (compiling the file,
   *   its package-level variables); each check then has its own budget,
   *   from the grader
   * @param {{exercise: string, source: string}} [warm] a grade to run as
   *   soon as a worker starts, before it counts as ready: the first grade
   *   pays for the interpreter's and the simulator's one-time set-up, and
   *   that should happen while the learner reads, not against the budget
   */
  constructor(workerURL, budgetMs, warm = null) {
    this.budgetMs = budgetMs;
    this.warm = warm;
    this.wasm = new URL(workerURL, location.href).searchParams.get('wasm') || '';
    this.client = new WorkerClient(workerURL, {
      ready: (timing) => this.onReady(timing),
      exit: (message, failed) => this.fail(new GraderError(message || (failed ? t('the grader worker failed') : t('the grader stopped')))),
    });
    this.ready = null;
    this.isReady = false; // the current worker is up and warm
    this.asked = 0; // requests waiting for the worker to be ready
    this.settle = null; // {resolve, reject} of this.ready
  }

  /** start creates the worker unless one is running; the page calls it
   * early so that the wasm downloads and compiles while the learner reads. */
  start() {
    if (this.client.worker) return this.ready;
    this.isReady = false;
    this.ready = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A rejected ready that nobody awaits yet must not be an unhandled
    // rejection in the console.
    const ready = this.ready;
    ready.then(() => {
      if (this.ready === ready) this.isReady = true;
    }, () => {});
    try {
      this.client.start();
    } catch (err) {
      this.fail(new GraderError(t('the grader worker could not start ({1})', err.message || err)));
    }
    return this.ready;
  }

  onReady(timing) {
    // The build's name goes with the mark: the offline bar keeps the
    // build a page used.
    performance.mark('mcp-playground:grader-ready', { detail: { ...timing, wasm: this.wasm } });
    const settle = this.settle;
    // A learner who pressed Grade before the worker was up would wait for
    // the warm-up first: their own grade pays the same set-up, once.
    if (!this.warm || this.asked > 0) {
      settle.resolve();
      return;
    }
    // Warm-up: one grade of the source the page chose, results unused. A warm-up that
    // never ends (it should not) must not hold the page forever.
    let timer = 0;
    let done = false;
    const warmed = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      performance.mark('mcp-playground:grader-warm');
      settle.resolve();
    };
    timer = setTimeout(warmed, 60000);
    this.client.send({ op: 'grade', exercise: this.warm.exercise, source: this.warm.source }).then(warmed, () => {});
  }

  /** fail ends the worker and fails what it was doing with err. */
  fail(err) {
    if (this.settle) this.settle.reject(err);
    this.client.stop(err);
  }

  /**
   * request sends {op, exercise, source} and resolves with the bridge's
   * result. The budget counts only the learner's code: the clock starts
   * once the worker is up (its download, compile and warm-up never count),
   * and it measures silences, not the whole run. The grader reports
   * several times a second while its own code runs (a beat, or a check
   * starting, which also sets that check's budget); only code that holds
   * the worker without returning keeps it quiet, so a slow machine makes a
   * right answer's grade longer, never over budget. onProgress gets each
   * check's progress report ({next, budgetMs, done}); beats are not passed
   * on.
   */
  async request(op, exercise, source, onProgress = () => {}) {
    this.asked++;
    try {
      await this.start();
    } finally {
      this.asked--;
    }
    const w = this.client.worker;
    if (!w) throw new GraderError(t('the grader stopped'));
    let timer = 0;
    // Compiling the file comes first: the interpreter's work, with a
    // budget of its own; the learner's clock starts when it says compiled.
    let phase = 'compile';
    let budget = COMPILE_BUDGET_MS;
    let heard = performance.now();
    const arm = () => {
      clearTimeout(timer);
      heard = performance.now();
      timer = setTimeout(() => {
        if (this.client.worker !== w) return;
        const ran = Math.round(performance.now() - heard);
        const err = new TimeoutError(phase === 'compile'
          ? t('compiling your file took {1} ms; the limit is {2} ms', ran, budget)
          : t('your code ran for {1} ms without returning; the limit is {2} ms', ran, budget));
        err.phase = phase; // 'compile', 'init' (package-level code) or 'check'
        err.check = this.running; // the check that was running, '' before the first
        err.budgetMs = budget;
        err.ranMs = ran;
        this.fail(err);
      }, budget);
    };
    this.running = '';
    arm();
    try {
      return await this.client.send({ op, exercise, source }, (p) => {
        if (p.compiled) {
          phase = 'init';
          budget = p.budgetMs || this.budgetMs;
        } else if (!p.beat) {
          phase = 'check';
          this.running = p.next || '';
          budget = p.budgetMs || this.budgetMs;
        }
        arm();
        if (!p.beat && !p.compiled) onProgress(p);
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
