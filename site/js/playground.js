// playground.js: pick any scenario (grouped by lesson and era, filtered by
// era), edit its parameters (a form generated from the preset's params
// JSON) and run it live in the worker. The scenario, the parameters, the
// era filter and the step live in the URL hash.
'use strict';

import { h, clear } from './dom.js';
import { readHash, writeHash } from './hash.js';
import { ScenarioIndex, TraceSource, compareEras, eraTitle } from './eras.js';
import { loadRun } from './yours.js';
import { unreachable } from './sim.js';
import { t } from './i18n.js';

/** fieldFor returns {el, read(), set()} editing one parameter; read throws
 * an Error naming the field when the input is not valid. words (from the
 * scenario's choices) makes it a select of the words the simulator
 * accepts; doc ({doc, type} from the scenario's param_docs) gives the
 * line under it and, for a parameter the preset leaves out (value
 * undefined), the kind of input. An optional field left empty reads as
 * undefined: the parameter stays out. */
export function fieldFor(name, value, id, words, doc) {
  const optional = value === undefined;
  const line = (kind) => (doc && doc.doc ? doc.doc : kind);
  const label = (input, hint) => h('label', { class: 'pg-field', for: id }, h('span', { class: 'pg-name' }, h('code', { text: name })), input, hint ? h('span', { class: 'pg-hint', 'data-testid': 'param-doc', text: hint }) : null);
  const type = optional ? (doc && doc.type) || 'string' : Array.isArray(value) ? 'array' : typeof value;
  if (Array.isArray(words) && words.length > 0 && type === 'string') {
    const current = value ?? '';
    const all = words.includes(current) ? words : [current, ...words];
    // "" is a word too (no twist, no fault): it shows as "(none)".
    const input = h('select', { id, 'data-param': name }, all.map((w) => h('option', { value: w, selected: w === current }, w === '' ? t('(none)') : w)));
    return { el: label(input, line(t('one of'))), read: () => input.value, set: (v) => { input.value = v == null ? '' : String(v); } };
  }
  if (type === 'boolean') {
    const input = h('input', { type: 'checkbox', id, 'data-param': name, checked: !!value });
    return { el: label(input, line('')), read: () => (optional && !input.checked ? undefined : input.checked), set: (v) => { input.checked = !!v; } };
  }
  if (type === 'number') {
    const input = h('input', { type: 'number', id, 'data-param': name, step: 'any', value: optional ? '' : String(value), placeholder: optional ? t('(not set)') : null });
    return {
      el: label(input, line(t('number'))),
      read: () => {
        const v = input.value.trim();
        if (v === '' && optional) return undefined;
        if (v === '' || !Number.isFinite(Number(v))) throw new Error(t('{1}: want a number', name));
        return Number(v);
      },
      set: (v) => { input.value = v == null ? '' : String(v); },
    };
  }
  if (type === 'string') {
    const input = h('input', { type: 'text', id, 'data-param': name, value: value ?? '', spellcheck: 'false', autocomplete: 'off', placeholder: optional ? t('(not set)') : null });
    return { el: label(input, line(t('text'))), read: () => (optional && input.value === '' ? undefined : input.value), set: (v) => { input.value = v == null ? '' : String(v); } };
  }
  if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number')) {
    const input = h('input', { type: 'text', id, 'data-param': name, value: value.join(', '), inputmode: 'numeric', spellcheck: 'false', autocomplete: 'off' });
    return {
      el: label(input, line(t('numbers, comma-separated'))),
      read: () => {
        const v = input.value.trim();
        if (v === '') return [];
        return v.split(',').map((s) => {
          const n = Number(s.trim());
          if (s.trim() === '' || !Number.isFinite(n)) throw new Error(t('{1}: {2} is not a number', name, `"${s.trim()}"`));
          return n;
        });
      },
      set: (v) => { input.value = Array.isArray(v) ? v.join(', ') : JSON.stringify(v); },
    };
  }
  // Arrays of strings, and anything else: JSON, which keeps "" visible.
  // Scalars arrays fit one line; nested values get a textarea, one element a line.
  const flat = optional || (Array.isArray(value) && value.every((x) => x === null || typeof x !== 'object'));
  const format = (v) => (v === undefined ? '' : flat || !Array.isArray(v) ? JSON.stringify(v, null, flat ? 0 : 2) : `[\n${v.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n]`);
  const text = format(value);
  const input = flat
    ? h('input', { type: 'text', id, 'data-param': name, value: text, spellcheck: 'false', autocomplete: 'off', placeholder: optional ? t('(not set)') : null })
    : h('textarea', { id, 'data-param': name, rows: String(Math.min(12, text.split('\n').length)), spellcheck: 'false', autocomplete: 'off' }, text);
  const hint = flat ? t('JSON array, e.g. {1}', '["a", ""]') : 'JSON';
  return {
    el: label(input, line(hint)),
    read: () => {
      if (optional && input.value.trim() === '') return undefined;
      try {
        return JSON.parse(input.value);
      } catch (err) {
        throw new Error(t('{1}: not valid JSON ({2})', name, err.message));
      }
    },
    set: (v) => { input.value = format(v); },
  };
}

/** lessonOf returns the lesson that shows scenario id, from the page's own
 * scenario list ({number, title, href}), or null for one no lesson shows. */
export function lessonOf(id, doc = document) {
  const a = [...doc.querySelectorAll('a[data-scenario]')].find((x) => x.dataset.scenario === id);
  const head = a && a.closest('.scenario-group') && a.closest('.scenario-group').querySelector('h3 a[href]');
  if (!head) return null;
  const m = head.getAttribute('href').match(/(?:^|\/)(\d\d)-[a-z0-9-]+\.html$/);
  return { number: m ? Number(m[1]) : 0, title: head.textContent.trim(), href: head.getAttribute('href') };
}

// lessonLink names scenario id's lesson by number and title, linked; a
// scenario no lesson shows keeps its tag.
function lessonLink(id, tag) {
  const l = lessonOf(id);
  if (!l) return h('span', { 'data-testid': 'scenario-lesson', text: tag ? t('lesson topic: {1}', tag) : t('no lesson') });
  return h('a', { href: l.href, 'data-testid': 'scenario-lesson' }, l.number ? t('Lesson {1}: {2}', l.number, l.title) : l.title);
}

export class Playground {
  /** pool is the page's SimPool: each scenario runs in the build its
   * info.runtime names. */
  constructor(root, { pool, player, scenarios, traces }) {
    this.root = root;
    this.pool = pool;
    this.player = player;
    this.token = 0;
    this.scenarios = scenarios || ScenarioIndex.fromPage();
    this.infos = this.scenarios.list;
    this.traces = traces || new TraceSource();
    this.filter = ''; // the era shown, "" for all
    // The player's era switch picks the counterpart here, so the picker,
    // the parameters and the hash follow.
    // The hash follows at once: choose's live run can take a while.
    player.onImport = (name) => this.showImported(name);
    player.onEra = (id, step) => {
      const chosen = this.choose(id, null, step);
      writeHash({ scenario: id, step });
      return chosen;
    };
    this.build();
  }

  build() {
    this.select = h('select', { id: 'pg-scenario', 'data-testid': 'scenario-picker' });
    // The address bar follows every change, a pick too.
    this.select.addEventListener('change', () => {
      const id = this.select.value;
      const chosen = this.choose(id, null, 0);
      writeHash({ scenario: id, step: 0 });
      return chosen;
    });
    const eras = this.scenarios.eras();
    const count = (era) => this.infos.filter((s) => s.era === era).length;
    this.eraFilter = h('select', { id: 'pg-era', 'data-testid': 'era-filter' },
      h('option', { value: '' }, t('all eras ({1})', this.infos.length)),
      eras.map((e) => h('option', { value: e, title: eraTitle(e) }, `${e} (${count(e)})`)));
    this.eraFilter.addEventListener('change', () => this.setFilter(this.eraFilter.value, true));
    this.fillPicker();
    this.about = h('div', { class: 'pg-about' });
    this.fields = h('div', { class: 'pg-fields' });
    this.error = h('p', { class: 'pg-error', role: 'alert', 'data-testid': 'playground-error', hidden: true });
    // What the last Run live did, just above the player it scrolls to.
    this.ran = h('p', { class: 'pg-ran', role: 'status', 'data-testid': 'run-result', hidden: true });
    this.runBtn = h('button', { type: 'submit', class: 'pl-btn pg-run', 'data-testid': 'run' }, t('Run live'));
    const resetBtn = h('button', { type: 'button', class: 'pl-btn pl-small', onclick: () => this.resetParams() }, t('Preset parameters'));
    this.form = h('form', { class: 'pg-form', novalidate: true },
      h('fieldset', { class: 'pg-params' }, h('legend', { text: t('Parameters') }), this.fields),
      h('div', { class: 'pg-actions' }, this.runBtn, resetBtn),
      this.error);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.run();
    });
    this.form.addEventListener('input', () => this.edited());
    this.form.addEventListener('change', () => this.edited());
    clear(this.root);
    this.root.append(
      h('div', { class: 'pg-pick' },
        h('span', { class: 'pg-pick-field' }, h('label', { for: 'pg-era', text: t('Era') }), this.eraFilter),
        h('span', { class: 'pg-pick-field pg-pick-scenario' }, h('label', { for: 'pg-scenario', text: t('Scenario') }), this.select)),
      this.about,
      this.form,
      this.ran,
    );
  }

  info(id) {
    return this.scenarios.info(id);
  }

  /** fillPicker lists the scenarios the filter lets through, grouped by
   * lesson, then era. */
  fillPicker() {
    const groups = new Map();
    const shown = this.infos.filter((s) => !this.filter || s.era === this.filter);
    const lessons = [...new Set(shown.map((s) => s.lesson))];
    for (const lesson of lessons) {
      for (const s of shown.filter((x) => x.lesson === lesson).sort((a, b) => compareEras(a.era, b.era))) {
        const l = lessonOf(s.id);
        const key = `${l ? (l.number ? t('Lesson {1}: {2}', l.number, l.title) : l.title) : lesson || t('other')} · ${s.era}`;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(s);
      }
    }
    const value = this.select.value;
    this.select.replaceChildren(...[...groups].map(([label, list]) => h('optgroup', { label }, list.map((s) => h('option', { value: s.id, 'data-era': s.era }, `${s.title} (${s.id})`)))));
    if (value) this.select.value = value;
    // The page's scenario list: hide what the filter leaves out.
    for (const g of document.querySelectorAll('.scenario-era-group[data-era]')) g.hidden = !!this.filter && g.dataset.era !== this.filter;
    for (const g of document.querySelectorAll('.scenario-group')) g.hidden = !g.querySelector('.scenario-era-group:not([hidden])');
  }

  /** setFilter shows only scenarios of era ("" for all). A scenario the
   * filter hides gives way to its counterpart in that era, else to the
   * era's first scenario. write: a learner action, so the hash follows. */
  async setFilter(era, write) {
    const known = !era || this.scenarios.eras().includes(era);
    // The scenario on the player: the picker loses it if the filter hides it.
    const cur = this.info(this.player.scenario || this.select.value);
    this.filter = known ? era : '';
    this.eraFilter.value = this.filter;
    this.fillPicker();
    if (this.filter && cur && cur.era !== this.filter) {
      const other = this.scenarios.counterpart(cur.id);
      const next = other && other.era === this.filter ? other : this.infos.find((s) => s.era === this.filter);
      if (next) {
        const chosen = this.choose(next.id, null, 0);
        if (write) writeHash({ scenario: next.id, step: 0, filter: this.filter });
        await chosen;
        return;
      }
    }
    if (write) writeHash({ ...this.player.view(this.player.step), filter: this.filter });
  }

  /** simFor returns the simulator that can run scenario id live. */
  simFor(id) {
    const s = this.info(id);
    return this.pool.get((s && s.runtime) || '');
  }

  /** fromHash applies #scenario=…&params=…&step=…; with no scenario it
   * opens the first one. */
  async fromHash() {
    const hs = readHash();
    if (hs.filter !== this.filter) {
      this.filter = this.scenarios.eras().includes(hs.filter) ? hs.filter : '';
      this.eraFilter.value = this.filter;
      this.fillPicker();
    }
    const first = this.infos.find((s) => !this.filter || s.era === this.filter) || this.infos[0];
    let id = this.info(hs.scenario) ? hs.scenario : first && first.id;
    if (!id) return;
    // An era in the link names the scenario's counterpart in that era.
    const other = this.scenarios.counterpart(id);
    if (hs.era && other && other.era === hs.era) id = other.id;
    if (hs.scenario && !this.info(hs.scenario)) this.showError(t('Unknown scenario {1} in the link; showing {2}.', `"${hs.scenario}"`, id));
    let params = null;
    if (hs.params) {
      try {
        params = JSON.parse(hs.params);
      } catch {
        this.showError(t('The parameters in the link are not valid JSON; showing the preset.'));
      }
    }
    // A failing check's link: the learner's run beside the reference's,
    // kept by the exercise page (yours.js).
    const run = hs.yours ? loadRun(hs.yours) : null;
    if (hs.yours && !run) this.showError(t('Your code’s run from that grade is not kept in this browser (it lives where you pressed Grade); showing the scenario instead.'));
    const compare = hs.view === 'compare' && !params;
    // choose names the scenario on the player at once; the side-by-side
    // view needs only the recorded traces, not the live run choose waits for.
    const chosen = this.choose(id, params, compare || run ? 0 : hs.step ?? 0, !!(hs.yours && !run));
    // The link's point is the player: bring it up, not the page's top,
    // and again once the scenario's run has settled the layout above it.
    const show = () => this.player.figure.scrollIntoView({ block: 'start' });
    if (run) {
      this.player.openYours({ ...run, key: hs.yours }, hs.step);
      show();
    } else if (compare) await this.player.openCompare(hs.step ?? 0, false);
    else if (this.player.cmp.open) this.player.closeCompare(false);
    await chosen;
    if (run && this.player.yours) show();
  }

  showError(msg) {
    this.error.textContent = msg || '';
    this.error.hidden = !msg;
  }

  presetParams(id) {
    const s = this.info(id);
    return s && s.params ? s.params : null;
  }

  /** choose opens scenario id with optional parameter overrides (an
   * object) at step. */
  async choose(id, overrides, step, keepError = false) {
    const s = this.info(id);
    if (!s) return;
    if (this.player.yours) this.player.closeCompare(false);
    if (this.filter && s.era !== this.filter) {
      // A link or a switch to a scenario the filter hides: show all again.
      this.filter = '';
      this.eraFilter.value = '';
      this.fillPicker();
      if (readHash().filter) writeHash({ ...readHash(), filter: '' });
    }
    this.select.value = id;
    this.form.hidden = false;
    if (!keepError) this.showError(null);
    this.player.showError(null);
    this.ran.hidden = true;
    delete this.player.figure.dataset.previous;
    clear(this.about).append(
      h('h2', { class: 'pg-title', text: s.title }),
      h('p', { class: 'pg-meta' }, h('code', { text: s.id }), ' · ', lessonLink(id, s.lesson), ' · ', h('span', { class: 'player-era', 'data-testid': 'scenario-era', title: eraTitle(s.era), text: s.era })),
      h('p', { class: 'pg-summary', text: s.summary }),
    );
    this.player.figure.dataset.scenario = id;
    this.player.figure.dataset.runtime = s.runtime || '';
    // Until the new trace arrives the old one is on screen; say so.
    this.player.setStatus('running');
    // The page's own scenario list (if the build made one) marks the choice.
    for (const a of document.querySelectorAll('a[data-scenario]')) {
      if (a.dataset.scenario === id) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
    const preset = this.presetParams(id) || {};
    const choices = s.choices || {};
    const docs = s.param_docs || {};
    clear(this.fields);
    // The preset's parameters, then every other one the family has (an
    // enumerated one at its default, the word ""; the rest empty): a
    // choice that needs another parameter (retry idempotent needs a key)
    // finds it here.
    const entries = Object.entries(preset);
    for (const k of Object.keys(choices).sort()) if (!(k in preset) && choices[k].includes('')) entries.push([k, undefined]);
    for (const k of Object.keys(docs).sort()) if (!(k in preset) && !entries.some(([e]) => e === k)) entries.push([k, undefined]);
    this.editors = entries.map(([k, v], i) => {
      const f = fieldFor(k, v, `pg-param-${i}`, choices[k], docs[k]);
      f.optional = !(k in preset);
      this.fields.append(f.el);
      return [k, f];
    });
    if (this.editors.length === 0) this.fields.append(h('p', { class: 'pg-hint', text: t('This scenario has no parameters.') }));
    if (overrides && typeof overrides === 'object') {
      for (const [k, f] of this.editors) if (k in overrides) f.set(overrides[k]);
    }
    const custom = this.customParams();
    if (custom) {
      await this.runLive(id, custom, step);
      return;
    }
    await this.showBaked(id, step);
  }

  /** customParams returns the editor's parameters as JSON text when they
   * differ from the preset, else null; it throws on invalid input. */
  customParams() {
    const out = {};
    for (const [k, f] of this.editors || []) {
      const v = f.read();
      // A parameter the preset leaves out stays out when left empty (an
      // enumerated one at "").
      if (f.optional && (v === '' || v === undefined)) continue;
      out[k] = v;
    }
    const preset = this.presetParams(this.select.value) || {};
    const text = JSON.stringify(out);
    return text === JSON.stringify(preset) ? null : text;
  }

  resetParams() {
    const preset = this.presetParams(this.select.value) || {};
    for (const [k, f] of this.editors || []) f.set(f.optional ? '' : preset[k]);
    this.showError(null);
    this.edited();
  }

  /** edited follows the form: parameters other than the ones the trace on
   * screen ran with make it the previous run (badge, dimmed frames) until
   * Run live, and the address bar holds the parameters as set, so a copied
   * link opens them. Back to the trace's own parameters, it is current
   * again. */
  edited() {
    if (this.player.source === 'imported' || this.player.yours) return;
    let want;
    try {
      want = this.customParams();
    } catch {
      return; // half-typed: the Run live button says what is wrong
    }
    const id = this.select.value;
    const st = this.player.el.status.dataset.status;
    if (want === this.player.params) {
      if (st === 'previous') this.player.setStatus(this.statusBefore || 'baked');
      delete this.player.figure.dataset.previous;
      writeHash(this.player.view(this.player.step));
      return;
    }
    if (st !== 'previous') this.statusBefore = st;
    this.player.setStatus('previous');
    this.player.figure.dataset.previous = 'true';
    writeHash({ scenario: id, params: want, step: 0 });
  }

  /** changedSinceRun reports whether the form holds parameters other than
   * the preset's (or text that is not yet valid). */
  changedSinceRun() {
    try {
      return this.customParams() !== null;
    } catch {
      return true;
    }
  }

  /** showImported retitles the playground for an imported trace: it has
   * no scenario or parameters of its own, and nothing re-runs it. */
  showImported(name) {
    this.token++;
    this.select.value = '';
    this.showError(null);
    this.ran.hidden = true;
    delete this.player.figure.dataset.previous;
    clear(this.about).append(
      h('h2', { class: 'pg-title', 'data-testid': 'imported-title', text: name ? t('Imported trace: {1}', name) : t('Imported trace') }),
      h('p', { class: 'pg-summary', text: t('{1} steps from a file you imported. It has no scenario or parameters here, and nothing re-runs it; pick a scenario to go back to the simulator.', this.player.events.length) }),
    );
    this.form.hidden = true;
    for (const a of document.querySelectorAll('a[data-scenario]')) a.removeAttribute('aria-current');
  }

  async showBaked(id, step) {
    const token = ++this.token;
    this.player.params = null;
    // Opened from disk or offline there is none: run live only.
    const baked = await this.traces.baked(id);
    if (token !== this.token) return;
    if (baked) {
      this.player.load(baked, 'baked', step);
      this.player.setStatus('running');
      delete this.player.figure.dataset.previous;
    }
    const sim = this.simFor(id);
    try {
      const live = await sim.run(id, null);
      if (token !== this.token) return;
      if (baked) this.player.compareLive(live);
      else this.player.load(live, 'live', step);
      // Parameters changed while it ran: the trace is already the previous run.
      if (this.changedSinceRun()) this.edited();
    } catch (err) {
      if (token !== this.token) return;
      // Offline with no simulator saved: the recording is what there is,
      // and the page's notice says why (app.js).
      if (sim.dead && baked && unreachable(sim.dead)) {
        this.player.setStatus('baked');
        return;
      }
      this.player.setStatus('error');
      if (!sim.dead) this.player.showError(t('The live run failed: {1}', err.message));
    }
  }

  async run() {
    let custom;
    try {
      custom = this.customParams();
    } catch (err) {
      this.showError(err.message);
      return;
    }
    this.showError(null);
    const id = this.select.value;
    if (!custom) {
      const shown = this.showBaked(id, 0);
      writeHash({ scenario: id, step: 0 });
      await shown;
      if (this.select.value === id && this.player.source !== 'none') this.announce(id, null);
      return;
    }
    await this.runLive(id, custom, 0, true);
  }

  /** announce says what a Run live changed (the parameters that differ
   * from the preset, the trace's length) and brings the player into view:
   * at desktop width it starts below the fold. */
  announce(id, params) {
    const preset = this.presetParams(id) || {};
    let custom = {};
    try {
      custom = JSON.parse(params || '{}');
    } catch {
      // The run took them; the words are only a summary.
    }
    const changed = Object.keys(custom).filter((k) => JSON.stringify(custom[k]) !== JSON.stringify(preset[k]));
    const what = changed.length ? changed.map((k) => `${k}: ${JSON.stringify(custom[k])}`).join(', ') : t('the preset parameters');
    const n = this.player.events.length;
    this.ran.textContent = params
      ? t('Ran {1} live with {2}: {3} steps, from the start.', id, what, n)
      : t('Ran {1} with {2}: {3} steps, from the start.', id, what, n);
    this.ran.hidden = false;
    this.ran.scrollIntoView({ block: 'start' });
  }

  async runLive(id, params, step, ran = false) {
    const token = ++this.token;
    this.player.setStatus('running');
    this.runBtn.disabled = true;
    const sim = this.simFor(id);
    try {
      const live = await sim.run(id, params);
      if (token !== this.token) return;
      this.player.params = params;
      this.player.load(live, 'custom', step);
      this.player.showError(null);
      delete this.player.figure.dataset.previous;
      if (ran) this.announce(id, params);
      writeHash(this.player.view(this.player.step));
    } catch (err) {
      if (token !== this.token) return;
      this.player.setStatus('error');
      if (!sim.dead) {
        this.showError(err.message);
        // The trace on screen is not this run's: say so where it is.
        this.player.figure.dataset.previous = 'true';
        this.player.showError(this.player.params
          ? t('This run failed ({1}). The trace below is the previous run, {2} with the parameters before your change.', err.message, this.player.shown)
          : t('This run failed ({1}). The trace below is the previous run, {2}.', err.message, this.player.shown));
      }
    } finally {
      this.runBtn.disabled = false;
    }
  }
}
