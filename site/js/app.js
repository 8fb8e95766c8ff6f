// app.js: the page's entry point. It finds what the page holds (players,
// quizzes, the progress box, the playground) and wires each up. Players
// render their baked traces at once; a simulator worker per runtime the
// page needs (sim.wasm, and sim-http.wasm only for streamable HTTP
// scenarios) then re-runs each scenario live and marks the player live when
// the traces are byte-identical.
'use strict';

import { SimPool, SimulatorError } from './sim.js';
import { Player } from './player.js';
import { Playground } from './playground.js';
import { initQuizzes } from './quiz.js';
import { recordVisit, fillProgress } from './progress.js';
import { readHash } from './hash.js';
import { ScenarioIndex, TraceSource } from './eras.js';
// Every module of the page, named here so the browser fetches them all in
// one round instead of discovering them import by import.
import './dom.js';
import './trace.js';
import './inspector.js';
import './statepanel.js';
import './align.js';
import './compare.js';

function main() {
  recordVisit();
  initQuizzes();
  const progress = document.querySelector('[data-testid="progress"]');
  if (progress) fillProgress(progress);

  const figures = [...document.querySelectorAll('figure.player')];
  if (figures.length === 0) return;
  const pool = new SimPool(new URL('./worker.js', import.meta.url));
  const pgRoot = document.getElementById('playground');
  // sim-http.wasm runs every scenario, so a lesson that shows an HTTP
  // scenario loads only it, and any other lesson only sim.wasm. The
  // playground starts with sim.wasm and adds sim-http.wasm when the learner
  // picks a scenario that needs it.
  const pageRuntime = !pgRoot && figures.some((f) => runtimeOf(f) === 'http') ? 'http' : '';
  const sim = pool.get(pageRuntime);
  // Start the worker first: fetching and compiling the wasm overlaps with
  // drawing the baked players.
  sim.start();
  performance.mark('mcp-playground:worker-started');
  // Marks for the figures benchmark (e2e): when a learner can first press
  // Step, when the simulator is up, and when it has confirmed the page.
  // The page's own build; detail holds numbers only (the figures read it).
  pool.on((ev) => {
    if (ev.type === 'ready' && ev.runtime === pageRuntime) performance.mark('mcp-playground:sim-ready', { detail: ev.timing });
  });
  const scenarios = ScenarioIndex.fromPage();
  // canVerify: the page's simulator can re-run id (sim-http.wasm runs
  // everything; sim.wasm all but the streamable HTTP scenarios).
  const canVerify = (id) => pageRuntime === 'http' || ((scenarios.info(id) || {}).runtime || '') === '';
  // A counterpart's trace: baked in this page, else traces/<id>.jsonl,
  // else (a page opened from disk) a live run in the build it needs.
  const traces = new TraceSource({ live: (id) => pool.get((scenarios.info(id) || {}).runtime || '').run(id, null) });
  const players = figures.map((f, i) => {
    const p = new Player(f, { sim, index: i, scenarios, traces, onShown: (q) => verify(q) });
    if (i === 0) performance.mark('mcp-playground:first-step');
    return p;
  });
  const playground = pgRoot ? new Playground(pgRoot, { pool, player: players[0], scenarios, traces }) : null;

  // A lesson may show one scenario twice; run it once.
  const runs = new Map();
  // A player switched to the other era verifies that trace the same way,
  // when the page's simulator can run it; else it stays "recorded".
  async function verify(p) {
    if (playground || p.source !== 'baked' || !p.text) return;
    const id = p.shown;
    if (p.alt && !canVerify(id)) return;
    const text = p.text;
    p.setStatus('running');
    try {
      if (!runs.has(id)) runs.set(id, sim.run(id, null));
      const live = await runs.get(id);
      // Switched meanwhile: the new trace has its own check.
      if (p.shown !== id || p.text !== text) return;
      p.compareLive(live);
    } catch (err) {
      p.setStatus('error');
      if (err instanceof SimulatorError) simDown(err.message);
      else p.showError(`The live run failed: ${err.message}`);
    }
  }
  const verifyAll = async () => {
    // One at a time: the worker is single-threaded anyway, and the first
    // player on the page turns live first.
    for (const p of players) {
      await verify(p);
      if (p === players[0]) performance.mark('mcp-playground:first-live', { detail: { run: sim.lastRunMS } });
    }
    if (players.every((p) => p.el.status.dataset.status === 'live')) performance.mark('mcp-playground:live');
  };

  // simDown tells every player the simulator is gone and offers a restart;
  // the baked traces stay usable meanwhile. (A lesson has one simulator; on
  // the playground either of its two serves the one player.)
  let downShown = false;
  function simDown(message) {
    if (downShown || message === 'restarted') return;
    downShown = true;
    for (const p of players) {
      if (p.el.status.dataset.status === 'running') p.setStatus('error');
      p.showError(`The simulator stopped: ${message}. The trace shown stays usable.`, {
        label: 'Restart simulator',
        testid: 'restart-sim',
        run: () => {
          downShown = false;
          for (const q of players) q.showError(null);
          runs.clear();
          pool.restart();
          if (playground) playground.fromHash();
          else verifyAll();
        },
      });
    }
  }
  pool.on((ev) => {
    if (ev.type === 'exit') simDown(ev.message);
  });
  for (const s of pool.sims.values()) if (s.dead) simDown(s.dead);
  // Test hook: e2e (or a curious learner) can make the Go program panic to
  // see the page survive it.
  document.addEventListener('mcp-playground:crash', (e) => {
    sim.request('crash', { message: String(e.detail || 'crash requested') }).catch(() => {});
  });

  const applyHash = () => {
    const hs = readHash();
    if (playground) {
      playground.fromHash();
      return;
    }
    const p = players.find((q) => q.scenario === hs.scenario && hs.scenario);
    if (!p) return;
    p.figure.scrollIntoView({ block: 'start' });
    // The era the link names: this scenario's, or its counterpart's.
    const other = scenarios.counterpart(p.scenario);
    const want = hs.era && other && other.era === hs.era ? other.id : p.scenario;
    const compare = hs.view === 'compare' && other;
    if (want !== p.shown) {
      p.switchEra(want, compare ? 0 : hs.step ?? 0, false).then(() => {
        if (compare) p.openCompare(hs.step ?? 0, false);
      });
      return;
    }
    if (compare) {
      if (p.cmp.open) p.cmp.go(hs.step ?? 0);
      else p.openCompare(hs.step ?? 0, false);
      return;
    }
    if (p.cmp.open) p.closeCompare(false);
    if (hs.step != null) p.go(hs.step, false);
  };
  applyHash();
  window.addEventListener('hashchange', () => {
    const hs = readHash();
    // Our own replaceState never fires hashchange; this is a link or an edit.
    if (playground && hs.scenario === playground.select.value && hs.step != null && !hs.params === !players[0].params && !hs.era && !hs.view === !players[0].cmp.open && hs.filter === playground.filter) {
      if (hs.view) players[0].cmp.go(hs.step);
      else players[0].go(hs.step, false);
      return;
    }
    applyHash();
  });

  // On the playground, arrow keys with the focus on the page itself drive
  // its player. Lesson pages keep the arrows for scrolling the text.
  document.addEventListener('keydown', (e) => {
    if (playground && (e.target === document.body || e.target === document.documentElement)) players[0].onKey(e);
  });

  if (!playground) verifyAll();
}

/** runtimeOf names the simulator build a player's scenario needs
 * (scenario.Info.Runtime): the figure's data-runtime when the build wrote
 * one, else "http" when the baked trace carries HTTP exchanges, which only
 * the streamable HTTP build can replay. */
function runtimeOf(figure) {
  if (figure.dataset.runtime !== undefined) return figure.dataset.runtime;
  const baked = figure.querySelector('script.baked-trace');
  return baked && /"kind":"http"/.test(baked.textContent) ? 'http' : '';
}

main();
