// offline.js: the page's side of the service worker (sw.js at the top of
// the site). It registers the worker, shows what this browser keeps for
// offline use (the lessons and every page opened; each wasm build once
// used or kept), offers "Keep for offline" (every build and every page of
// the edition), says when a new deploy is ready, and holds the "always run
// live" setting: one bar under the header.
'use strict';

import { h } from './dom.js';
import { wasmFor } from './sim.js';
import { t, lang } from './i18n.js';

// What each wasm build is for, in the learner's words: each exercise has a
// grader of its own (grader-<exercise>.wasm), all of them "grader".
const BUILDS = {
  'sim.wasm': t('simulator'),
  'sim-http.wasm': t('HTTP simulator'),
};
const buildName = (n) => BUILDS[n] || (n.startsWith('grader-') ? t('grader') : n);

/**
 * initOffline fills el (the layout's site-status bar) and registers the
 * service worker. It returns null when the page has no bar, else
 * {alwaysLive(on, onChange)}, which adds the setting's checkbox.
 */
export function initOffline(el) {
  if (!el) return null;
  const text = h('span', { class: 'ss-offline', 'data-testid': 'offline-status', 'data-state': 'none' });
  const keep = h('button', { type: 'button', class: 'ss-btn', 'data-testid': 'keep-offline', hidden: true, title: t('Download the simulator, the graders and every page now, so that live runs and grading work without a network too') }, t('Keep for offline'));
  const update = h('button', { type: 'button', class: 'ss-btn ss-update', 'data-testid': 'update-ready', hidden: true }, t('Update ready: reload'));
  const live = h('span', { class: 'ss-live' });
  el.replaceChildren(text, keep, update, live);
  el.hidden = false;
  const bar = {
    alwaysLive(on, onChange) {
      const box = h('input', { type: 'checkbox', id: 'always-live', 'data-testid': 'always-live', checked: on });
      box.addEventListener('change', () => onChange(box.checked));
      live.replaceChildren(box, h('label', { for: 'always-live', text: ` ${t('Always run live')}`, title: t('Re-run every scenario in the simulator in your browser as each page opens (downloads the simulator)') }));
    },
  };
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) {
    text.textContent = t('Offline use needs the site served over HTTPS (or from localhost).');
    text.dataset.state = 'unavailable';
    return bar;
  }
  // A build fetched while the worker controls the page joins its cache
  // as it downloads; one fetched before (a first visit) is kept here, from
  // the HTTP cache where it can be, and not at once: the learner's first
  // live run or grade is still starting and must not share the network.
  const used = new Set();
  let timer = 0;
  const keepUsed = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (sw.controller && used.size > 0) sw.controller.postMessage({ type: 'keep', names: [...used], httpCache: true });
    }, 10000);
  };
  const use = (name) => {
    used.add(name);
    keepUsed();
  };
  // The simulator and the grader each mark the moment they are up (for
  // the figures too): that is when a build was used.
  if (typeof PerformanceObserver === 'function') {
    new PerformanceObserver((list) => {
      for (const m of list.getEntries()) {
        if (m.name === 'mcp-playground:grader-ready' && m.detail && m.detail.wasm) use(m.detail.wasm);
        if (m.name === 'mcp-playground:sim-ready') use(wasmFor((m.detail && m.detail.runtime) || ''));
      }
    }).observe({ type: 'mark', buffered: true });
  }

  // ask sends msg to the active worker and resolves with its answer.
  const ask = (reg, msg) => new Promise((resolve) => {
    if (!reg.active) {
      resolve(null);
      return;
    }
    const ch = new MessageChannel();
    ch.port1.onmessage = (ev) => resolve(ev.data);
    reg.active.postMessage(msg, [ch.port2]);
  });

  let reg = null;
  const edition = lang.startsWith('zh') ? 'zh' : 'en';
  const show = async () => {
    if (!reg) return;
    update.hidden = !(reg.waiting && sw.controller);
    const st = await ask(reg, { type: 'status', edition });
    if (!st) {
      text.textContent = t('Saving this course for offline use…');
      text.dataset.state = 'saving';
      return;
    }
    const builds = Object.entries(st.wasm);
    const kept = [...new Set(builds.filter(([, k]) => k).map(([n]) => buildName(n)))];
    const missing = builds.filter(([, k]) => !k);
    text.dataset.state = st.complete ? 'ready' : 'saving';
    text.dataset.version = st.version;
    text.dataset.editions = (st.editions || []).join(' ');
    text.dataset.traces = st.traces ? 'all' : '';
    text.dataset.wasm = builds.filter(([, k]) => k).map(([n]) => n).join(' ');
    text.textContent = !st.complete
      ? t('Saving this course for offline use… ({1} of {2})', st.cached, st.files)
      : kept.length
        ? t('Available offline: the lessons and every page you opened; live runs: {1}.', new Intl.ListFormat(lang, { type: 'conjunction' }).format(kept))
        : t('Available offline: the lessons and every page you opened; live runs need the network.');
    keep.hidden = !st.complete || missing.length === 0;
    keep.disabled = false;
  };
  keep.addEventListener('click', async () => {
    keep.disabled = true;
    text.textContent = t('Downloading the simulator and the grader for offline use…');
    text.dataset.state = 'saving';
    const r = await ask(reg, { type: 'keep', names: null, edition });
    if (r && r.error) text.textContent = t('Could not keep everything for offline use: {1}', r.error);
    else show();
  });
  update.addEventListener('click', () => {
    if (!reg || !reg.waiting) return;
    // The new worker takes over; the page reloads onto the new build.
    sw.addEventListener('controllerchange', () => window.location.reload());
    reg.waiting.postMessage({ type: 'skip-waiting' });
  });
  sw.addEventListener('message', (ev) => {
    if (ev.data && ev.data.type === 'changed') show();
  });
  sw.addEventListener('controllerchange', () => {
    keepUsed();
    show();
  });

  const watch = (w) => {
    if (w) w.addEventListener('statechange', show);
  };
  // sw.js sits at the top of the site: its scope is the whole site, with
  // or without a -base path.
  sw.register(new URL('../sw.js', import.meta.url)).then((r) => {
    reg = r;
    watch(r.installing);
    watch(r.waiting);
    r.addEventListener('updatefound', () => {
      watch(r.installing);
      show();
    });
    show();
    // Ask for a new deploy now, not at the browser's leisure, and again
    // while the page stays open: never a page stuck on an old build.
    const check = () => {
      if (r.active && navigator.onLine !== false) r.update().catch(() => {});
    };
    check();
    window.setInterval(check, 30 * 60 * 1000);
  }, (err) => {
    text.textContent = t('Offline use is off: {1}', err.message);
    text.dataset.state = 'unavailable';
  });
  return bar;
}
