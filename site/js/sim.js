// sim.js: the page's handle on the simulator worker. One per page; requests
// are promises; a dead worker (a Go panic) is reported to listeners and can
// be restarted.
'use strict';

import { WorkerClient } from './workerclient.js';
import { t } from './i18n.js';

/** A SimulatorError is a failure of the simulator itself, not of a scenario. */
export class SimulatorError extends Error {}

export class Simulator {
  /** @param {URL|string} workerURL the URL of worker.js */
  constructor(workerURL) {
    this.url = workerURL;
    this.client = new WorkerClient(workerURL, {
      ready: (timing) => this.emit({ type: 'ready', timing }),
      exit: (message, failed) => this.fail(message || (failed ? t('the simulator worker failed') : t('the simulator stopped'))),
    });
    this.listeners = new Set();
    this.dead = '';
  }

  /** started reports whether a worker runs (or ran and died). */
  get started() {
    return this.client.worker !== null || this.dead !== '';
  }

  /** on registers fn for {type: 'ready'|'exit'|'restart', message}. */
  on(fn) {
    this.listeners.add(fn);
  }

  emit(ev) {
    for (const fn of this.listeners) fn(ev);
  }

  start() {
    if (this.client.worker || this.dead) return;
    try {
      this.client.start();
    } catch (err) {
      // A page opened from disk (file://) may not start workers; the baked
      // traces still play.
      this.fail(t('the simulator worker could not start ({1})', err.message || err));
    }
  }

  fail(message) {
    this.dead = message;
    this.client.stop(new SimulatorError(message));
    this.emit({ type: 'exit', message });
  }

  /** request sends {op, ...args} and resolves with the bridge's result
   * ({error} included); it rejects with a SimulatorError when the simulator
   * is dead. */
  request(op, args = {}) {
    this.start();
    if (this.dead) return Promise.reject(new SimulatorError(this.dead));
    return this.client.send({ op, ...args });
  }

  /** run plays a scenario; params is JSON text or null for the preset. */
  async run(scenario, params) {
    const r = await this.request('run', { scenario, params: params ?? null });
    if (r && typeof r.ms === 'number') this.lastRunMS = r.ms;
    if (r && typeof r.jsonl === 'string') return r.jsonl;
    throw new Error((r && r.error) || t('no trace'));
  }

  restart() {
    this.client.stop(new SimulatorError('restarted'));
    this.dead = '';
    this.start();
    this.emit({ type: 'restart' });
  }
}

/** wasmFor names the simulator build that runs scenarios of a runtime
 * (scenario.Info.Runtime): "" is the default build, "http" the one with
 * streamable HTTP. */
export function wasmFor(runtime) {
  return runtime ? `sim-${runtime}.wasm` : 'sim.wasm';
}

/**
 * A SimPool hands out one Simulator per runtime, each started on first
 * use, so a page fetches sim-http.wasm only when it shows a scenario that
 * needs it. Listeners see the events of every simulator in the pool.
 */
export class SimPool {
  /** @param {URL|string} workerURL the URL of worker.js */
  constructor(workerURL) {
    this.url = new URL(workerURL, window.location.href);
    this.sims = new Map();
    this.listeners = new Set();
  }

  on(fn) {
    this.listeners.add(fn);
  }

  /** get returns the simulator for runtime, creating (not starting) it. */
  get(runtime = '') {
    const key = runtime || '';
    let s = this.sims.get(key);
    if (!s) {
      const url = new URL(this.url);
      if (key) url.searchParams.set('wasm', wasmFor(key));
      s = new Simulator(url);
      s.runtime = key;
      s.on((ev) => {
        for (const fn of this.listeners) fn({ ...ev, runtime: key });
      });
      this.sims.set(key, s);
    }
    return s;
  }

  /** restart restarts every simulator that has been started. */
  restart() {
    for (const s of this.sims.values()) if (s.started) s.restart();
  }
}

/**
 * unreachable reports whether a simulator that stopped with message never
 * got its wasm because the network is off (or the browser says it is):
 * nothing failed, the build is just not saved for offline use yet.
 */
export function unreachable(message, online = navigator.onLine) {
  return online === false || /did not start: .*(fetch|network|load failed)/i.test(String(message || ''));
}
