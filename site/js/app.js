// app.js: the page's entry point. It finds what the page holds (players,
// quizzes, the progress box, the playground) and wires each up. Players
// show and step their baked traces with no wasm at all: the e2e suite
// proves each equals its live run. The simulator starts only when the
// learner asks for something live (Run live on a player, the "always run
// live" setting, the playground, which runs at once), in the build the
// scenario needs (sim.wasm, or sim-http.wasm for streamable HTTP).
'use strict';

import { SimPool, SimulatorError, unreachable } from './sim.js';
import { storage, STORAGE_PREFIX } from './dom.js';
import { initOffline } from './offline.js';
import { Player } from './player.js';
import { Playground } from './playground.js';
import { initQuizzes } from './quiz.js';
import { initToc } from './toc.js';
import { recordVisit, fillProgress } from './progress.js';
import { readHash } from './hash.js';
import { ScenarioIndex, TraceSource } from './eras.js';
import { t, loadNotes, initLanguage } from './i18n.js';
// Every module of the page, named here so the browser fetches them all in
// one round instead of discovering them import by import.
import './trace.js';
import './inspector.js';
import './statepanel.js';
import './align.js';
import './compare.js';

// ALWAYS_LIVE is the learner's "always run live" setting: every player
// re-runs its scenario in the browser as soon as the page opens.
const ALWAYS_LIVE = `${STORAGE_PREFIX}always-live`;

// NOTES_WAIT_MS is how long the players wait for the page's trace notes.
const NOTES_WAIT_MS = 3000;

async function main() {
  initLanguage(storage);
  recordVisit();
  initQuizzes();
  initToc();
  const progress = document.querySelector('[data-testid="progress"]');
  if (progress) fillProgress(progress);
  const bar = initOffline(document.querySelector('[data-testid="site-status"]'));

  const figures = [...document.querySelectorAll('figure.player')];
  if (figures.length === 0) return;
  const pool = new SimPool(new URL('./worker.js', import.meta.url));
  const pgRoot = document.getElementById('playground');
  const scenarios = ScenarioIndex.fromPage();
  const runtimeOfID = (id) => (scenarios.info(id) || {}).runtime || '';
  // sim-http.wasm runs every scenario, so a lesson running all its players
  // live loads only it when one of them needs it, else only sim.wasm. One
  // Run live loads the build its scenario needs, or uses sim-http.wasm
  // when the page already has it up.
  const pageRuntime = figures.some((f) => runtimeOf(f) === 'http') ? 'http' : '';
  const simFor = (id) => {
    const http = pool.sims.get('http');
    return http && http.started && !http.dead ? http : pool.get(runtimeOfID(id));
  };
  // Marks for the figures benchmark (e2e): when a learner can first press
  // Step, when a simulator is up (detail: its worker-side timing).
  pool.on((ev) => {
    if (ev.type === 'ready') performance.mark('mcp-playground:sim-ready', { detail: { ...ev.timing, runtime: ev.runtime } });
  });
  // A counterpart's trace: baked in this page, else traces/<id>.jsonl,
  // else (a page opened from disk) a live run in the build it needs.
  const traces = new TraceSource({ live: (id) => pool.get(runtimeOfID(id)).run(id, null) });
  const always = () => !pgRoot && storage.get(ALWAYS_LIVE) === '1';
  // The trace notes in the page's language, before any player draws one
  // (nothing to fetch on an English page). A fetch that stalls (a failing
  // connection, a queue of downloads ahead of it) must not keep the
  // players away: after NOTES_WAIT_MS they draw with English notes and draw
  // again when the notes arrive.
  const notesLoaded = loadNotes();
  const notesInTime = await Promise.race([notesLoaded.then(() => true), new Promise((done) => setTimeout(() => done(false), NOTES_WAIT_MS))]);
  const players = figures.map((f, i) => {
    const p = new Player(f, {
      sim: pool.get(''),
      index: i,
      scenarios,
      traces,
      // An era switch shows the counterpart's recording; it runs live only
      // when the learner asked for every player to.
      onShown: (q) => {
        if (always()) verify(q);
      },
      runLive: pgRoot ? null : (q) => verify(q),
    });
    if (i === 0) performance.mark('mcp-playground:first-step');
    return p;
  });
  const playground = pgRoot ? new Playground(pgRoot, { pool, player: players[0], scenarios, traces }) : null;
  if (!notesInTime) {
    notesLoaded.then((loaded) => {
      if (loaded) for (const p of players) p.redrawNotes();
    });
  }

  // A lesson may show one scenario twice; run it once per build.
  const runs = new Map();
  // verify re-runs the scenario a player shows in this browser and marks
  // the player live when the trace equals the recording, byte for byte.
  let firstLive = true;
  async function verify(p, sim = simFor(p.shown)) {
    if (playground || p.source !== 'baked' || !p.text) return;
    const id = p.shown;
    const text = p.text;
    const t0 = performance.now();
    const cold = !sim.started;
    p.setStatus('running');
    const key = `${sim.runtime}:${id}`;
    try {
      if (!runs.has(key)) {
        const run = sim.run(id, null);
        runs.set(key, run);
        run.catch(() => runs.delete(key));
      }
      const live = await runs.get(key);
      // Switched meanwhile: the new trace has its own check.
      if (p.shown !== id || p.text !== text) return;
      p.compareLive(live);
      // For the figures: from the request to the live trace on screen.
      const detail = { ms: performance.now() - t0, run: sim.lastRunMS, cold: cold ? 1 : 0 };
      performance.mark('mcp-playground:run-live', { detail });
      if (firstLive) performance.mark('mcp-playground:first-live', { detail });
      firstLive = false;
    } catch (err) {
      // Offline, the recording stays what the player shows (simDown says why).
      p.setStatus(err instanceof SimulatorError && unreachable(err.message) ? 'baked' : 'error');
      if (err instanceof SimulatorError) simDown(err.message);
      else p.showError(t('The live run failed: {1}', err.message));
    }
  }
  const verifyAll = async () => {
    // One at a time: the worker is single-threaded anyway, and the first
    // player on the page turns live first.
    const sim = pool.get(pageRuntime);
    for (const p of players) {
      if (p.shown === p.scenario || pageRuntime === 'http' || runtimeOfID(p.shown) === '') await verify(p, sim);
      else await verify(p);
    }
    if (players.every((p) => p.el.status.dataset.status === 'live')) performance.mark('mcp-playground:live');
  };
  if (bar && !playground) {
    bar.alwaysLive(storage.get(ALWAYS_LIVE) === '1', (on) => {
      if (on) storage.set(ALWAYS_LIVE, '1');
      else storage.remove(ALWAYS_LIVE);
      if (on) verifyAll();
    });
  }

  // simDown tells every player the simulator is gone and offers a restart;
  // the baked traces stay usable meanwhile. (A lesson has one simulator; on
  // the playground either of its two serves the one player.) Offline, the
  // simulator did not fail: it was never saved for offline use, so the
  // players say that, keep showing the recording, and offer to keep it for
  // offline use once the network is back.
  let downShown = false;
  const restart = () => {
    downShown = false;
    for (const q of players) q.showError(null);
    runs.clear();
    pool.restart();
    if (playground) playground.fromHash();
    else if (always()) verifyAll();
    else for (const q of players) if (q.el.status.dataset.status === 'error') q.setStatus('baked');
  };
  const offlineNote = () => {
    const online = navigator.onLine !== false;
    for (const p of players) {
      p.showError(online
        ? t('Running live needs the simulator, which is not saved for offline use yet. You are online again: keep it for offline use to run live from now on.')
        : t('Running live needs the simulator, which is not saved for offline use yet. The recorded trace stays usable.'),
      online ? {
        label: t('Keep for offline'),
        testid: 'keep-sim-offline',
        run: () => {
          const keep = document.querySelector('[data-testid="keep-offline"]');
          if (keep && !keep.hidden) keep.click();
          restart();
        },
      } : null, 'offline');
    }
  };
  function simDown(message) {
    if (downShown || message === 'restarted') return;
    downShown = true;
    if (unreachable(message)) {
      for (const p of players) if (['running', 'error'].includes(p.el.status.dataset.status) && p.source === 'baked') p.setStatus('baked');
      offlineNote();
      // Offered at once when the browser thinks it is online (the fetch
      // failed all the same: pressing it tries again), else when it is.
      window.addEventListener('online', () => {
        if (downShown) offlineNote();
      }, { once: true });
      return;
    }
    for (const p of players) {
      if (p.el.status.dataset.status === 'running') p.setStatus('error');
      p.showError(t('The simulator stopped: {1}. The trace shown stays usable.', message), {
        label: t('Restart simulator'),
        testid: 'restart-sim',
        run: restart,
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
    const sim = [...pool.sims.values()].find((x) => x.started && !x.dead);
    if (sim) sim.request('crash', { message: String(e.detail || 'crash requested') }).catch(() => {});
  });

  const applyHash = () => {
    const hs = readHash();
    if (playground) {
      playground.fromHash();
      return;
    }
    // A link to a section: the browser scrolled to it before the players
    // above it were built and grew; scroll to it again now.
    let section = null;
    try {
      section = !hs.scenario && location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch {
      // A malformed %-escape names no section.
    }
    if (section) section.scrollIntoView({ block: 'start' });
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

  if (always()) verifyAll();
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
