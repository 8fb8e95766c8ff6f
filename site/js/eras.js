// eras.js: which protocol era each scenario speaks, its counterpart in the
// other era, and where the page gets a scenario's recorded trace from. The
// build writes the scenario index into the page (#scenario-index: every
// scenario on the playground, a lesson's own and their counterparts on a
// lesson page) and every trace into traces/<id>.jsonl.
'use strict';

import { unescapeBaked } from './trace.js';
import { t } from './i18n.js';

// ERA_ORDER puts the older revision first: the left column of a side by
// side view, the first entry of a filter. Eras not listed follow, by name.
const ERA_ORDER = ['2025-11-25', '2026-07-28', 'go-sdk'];

/** compareEras orders era names: known revisions oldest first, then the
 * rest by name. */
export function compareEras(a, b) {
  const ia = ERA_ORDER.indexOf(a);
  const ib = ERA_ORDER.indexOf(b);
  if (ia >= 0 && ib >= 0) return ia - ib;
  if (ia >= 0) return -1;
  if (ib >= 0) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** eraTitle is the tooltip for an era name. */
export function eraTitle(era) {
  if (era === 'go-sdk') return t('go-sdk behaviour, not a version of the specification');
  if (/^\d{4}-\d{2}-\d{2}$/.test(era)) return t('MCP specification revision {1}', era);
  return t('{1}: no protocol version, the application\'s own logic', era);
}

/** A ScenarioIndex answers questions about the scenarios the page knows. */
export class ScenarioIndex {
  /** @param {Array<{id: string, era: string, counterpart?: string}>} infos */
  constructor(infos) {
    this.list = Array.isArray(infos) ? infos : [];
    this.byID = new Map(this.list.map((s) => [s.id, s]));
  }

  /** fromPage reads the page's #scenario-index; empty when there is none. */
  static fromPage(doc = document) {
    const el = doc.getElementById('scenario-index');
    if (!el) return new ScenarioIndex([]);
    try {
      return new ScenarioIndex(JSON.parse(unescapeBaked(el.textContent)));
    } catch {
      return new ScenarioIndex([]);
    }
  }

  info(id) {
    return this.byID.get(id);
  }

  /** counterpart returns the info of id's other-era scenario, or undefined. */
  counterpart(id) {
    const s = this.info(id);
    return s && s.counterpart ? this.info(s.counterpart) : undefined;
  }

  /** eras lists the eras of the known scenarios, ordered. */
  eras() {
    return [...new Set(this.list.map((s) => s.era).filter(Boolean))].sort(compareEras);
  }
}

/**
 * A TraceSource finds a scenario's recorded trace: a player on this page
 * that bakes it, else the build's traces/<id>.jsonl next to the page. Both
 * work without the simulator. live(id) (optional) runs the scenario in the
 * simulator when neither is reachable (a page opened from disk).
 */
export class TraceSource {
  constructor({ base, live } = {}) {
    this.base = base || new URL(document.documentElement.dataset.base || './', window.location.href);
    this.live = live || null;
    this.cache = new Map(); // id → Promise<string>, '' when not found
  }

  /** baked resolves to the recorded trace of id, or '' when the page
   * cannot reach one. */
  baked(id) {
    if (!this.cache.has(id)) {
      const p = this.find(id);
      this.cache.set(id, p);
      // A failed fetch (offline) may work later: do not keep ''.
      p.then((text) => {
        if (!text) this.cache.delete(id);
      });
    }
    return this.cache.get(id);
  }

  async find(id) {
    for (const fig of document.querySelectorAll('figure.player')) {
      if (fig.dataset.scenario !== id) continue;
      const s = fig.querySelector('script.baked-trace');
      if (s && s.textContent) return unescapeBaked(s.textContent);
    }
    try {
      const resp = await fetch(new URL(`traces/${encodeURIComponent(id)}.jsonl`, this.base));
      if (resp.ok) return await resp.text();
    } catch {
      // Opened from disk or offline: the caller decides what next.
    }
    return '';
  }

  /** get resolves to {text, source}: the recorded trace ('baked'), else a
   * live run ('live'). It rejects when neither is possible. */
  async get(id) {
    const text = await this.baked(id);
    if (text) return { text, source: 'baked' };
    if (!this.live) throw new Error(t('no recorded trace of {1} is reachable from this page', id));
    return { text: await this.live(id), source: 'live' };
  }
}
