// player.js: the step-through player. It renders a trace at once (the baked
// one, before any wasm), and every learner action goes through act(): the
// trace is the record, each event carries its state, so Back is a lookup.
'use strict';

import { h, clear, keepFocus } from './dom.js';
import { parseTrace, describe, statesAt, firstDifference, unescapeBaked, TraceError } from './trace.js';
import { renderInspector } from './inspector.js';
import { renderState, stateFeatures } from './statepanel.js';
import { writeHash } from './hash.js';
import { conformanceJSONL, TRANSPORT_NOTE } from './conformance.js';
import { laneRows, scrollIntoLanes } from './lanes.js';
import { SideBySide } from './compare.js';
import { align, alignKey, mapStep } from './align.js';
import { ScenarioIndex, compareEras, eraTitle } from './eras.js';
import { t } from './i18n.js';

const SPEEDS = [
  ['0.5', '0.5×', 1600],
  ['1', '1×', 800],
  ['2', '2×', 400],
  ['4', '4×', 200],
];

// The badge's word for each status: what the player shows, recorded or
// run in this browser.
const STATUS_TEXT = {
  none: t('no trace'),
  baked: t('recorded'),
  running: t('running live…'),
  live: t('ran in your browser'),
  custom: t('ran in your browser'),
  mismatch: t('mismatch'),
  imported: t('imported'),
  error: t('error'),
  previous: t('previous run'),
};

// What each status means, in a line under the controls (visible: a
// tooltip alone reaches no touch screen) and in the badge's tooltip.
const STATUS_TITLE = {
  none: t('No trace is loaded.'),
  baked: t('Recorded: the trace the site was built with, by the same simulator. Nothing has run in your browser yet.'),
  running: t('Running: the simulator in your browser is re-running this scenario now.'),
  live: t('Ran in your browser: the simulator re-ran this scenario here and produced exactly the recorded trace, byte for byte.'),
  custom: t('Ran in your browser with your parameters.'),
  mismatch: t('Mismatch: the live run differs from the recording. The page shows the recording.'),
  imported: t('A trace you imported: nothing re-runs it.'),
  error: t('The live run failed; the trace shown stays usable.'),
  previous: t('The previous run: you changed the parameters since. Press Run live to run these.'),
};

/** A Player owns one figure.player element. */
export class Player {
  /**
   * @param {HTMLElement} figure the figure.player from the markup
   * @param {{sim?: import('./sim.js').Simulator, hash?: boolean, index?: number,
   *   scenarios?: ScenarioIndex, traces?: import('./eras.js').TraceSource,
   *   onEra?: (id: string, step: number) => void, onShown?: (p: Player) => void,
   *   runLive?: (p: Player) => void}} opts
   *   sim validates imports; hash: keep the URL hash in step; index: the
   *   player's place on the page, which keeps element ids unique;
   *   scenarios: eras and counterparts; traces: where a counterpart's
   *   trace comes from; onEra: the host switches eras itself (the
   *   playground picks the counterpart); onShown: a switch loaded a trace;
   *   runLive: the "Run live" button's action (a lesson page's; without it
   *   the player has no such button).
   */
  constructor(figure, opts = {}) {
    this.figure = figure;
    this.sim = opts.sim || null;
    this.hash = opts.hash !== false;
    this.scenarios = opts.scenarios || new ScenarioIndex([]);
    this.traces = opts.traces || null;
    this.onEra = opts.onEra || null;
    this.onShown = opts.onShown || null;
    this.runLive = opts.runLive || null;
    // onImport(name) is called after a trace file is imported (the
    // playground retitles itself for it).
    this.onImport = opts.onImport || null;
    // alt is the counterpart shown instead of the figure's own scenario (a
    // lesson player switched to the other era), or "".
    this.alt = '';
    // yours is a failing check's two runs shown side by side (yours.js), or null.
    this.yours = null;
    this.switching = 0; // the latest era switch or compare request
    this.params = null; // JSON text of custom parameters, for the deep link
    this.text = '';
    this.events = [];
    this.labels = [];
    this.states = [];
    this.step = 0;
    this.timer = 0;
    this.source = 'none';
    this.num = (opts.index ?? 0) + 1;
    this.build();
    const baked = figure.querySelector('script.baked-trace');
    this.baked = baked ? unescapeBaked(baked.textContent) : '';
    const first = Number.parseInt(figure.dataset.step || '', 10);
    if (this.baked) this.load(this.baked, 'baked', Number.isNaN(first) ? 0 : first);
    else this.load('', 'none', 0);
  }

  get scenario() {
    return this.figure.dataset.scenario || '';
  }

  /** shown is the scenario whose trace is on screen. */
  get shown() {
    return this.alt || this.scenario;
  }

  /** view is what the URL hash records for this player at step. */
  view(step) {
    const open = this.cmp && this.cmp.open;
    if (open && this.yours) return { scenario: this.scenario, params: this.params, yours: this.yours.key, step: this.cmp.row };
    return {
      scenario: this.scenario,
      era: this.alt ? (this.scenarios.info(this.alt) || {}).era || '' : '',
      view: open ? 'compare' : '',
      step: open ? this.cmp.row : step,
      params: open ? null : this.params,
    };
  }

  build() {
    const f = this.figure;
    f.classList.add('is-ready');
    // Key handling for the whole player: focus may be on any control in it.
    f.addEventListener('keydown', (e) => this.onKey(e));
    const id = (s) => `player${this.num}-${s}`;
    // keys: the shortcut's key, for aria-keyshortcuts, whatever the
    // title's language.
    const btn = (testid, text, title, keys, action) =>
      h('button', { type: 'button', class: `pl-btn pl-${testid}`, 'data-testid': testid, title, 'aria-keyshortcuts': keys, onclick: () => this.act(action) }, text);
    this.el = {};
    this.el.reset = btn('reset', t('Reset'), t('Reset (Home)'), 'Home', { type: 'reset' });
    this.el.back = btn('back', t('◀ Back'), t('Back (ArrowLeft)'), 'ArrowLeft', { type: 'back' });
    this.el.step = btn('step', t('Step ▶'), t('Step (ArrowRight)'), 'ArrowRight', { type: 'step' });
    this.el.play = btn('play', t('Play'), t('Play or pause (Space)'), 'Space', { type: 'toggle' });
    this.el.play.setAttribute('aria-pressed', 'false');
    this.el.speed = h('select', { class: 'pl-speed', id: id('speed'), 'aria-label': t('Playback speed') }, SPEEDS.map(([v, label]) => h('option', { value: v, selected: v === '1' }, label)));
    this.el.speed.addEventListener('change', () => this.act({ type: 'speed' }));
    this.el.scrub = h('input', { type: 'range', class: 'pl-scrub', min: '0', max: '0', value: '0', 'aria-label': t('Position in the trace'), 'data-testid': 'scrubber' });
    this.el.scrub.addEventListener('input', () => this.act({ type: 'seek', step: Number(this.el.scrub.value) }));
    this.el.count = h('span', { class: 'pl-count', 'aria-live': 'polite', 'data-testid': 'step-count' });
    this.el.status = h('span', { class: 'pl-status', 'data-testid': 'live-status', 'data-status': 'none', role: 'status' });
    // Recorded or run here, said in words under the controls; a lesson
    // player offers to run the scenario in this browser.
    this.el.sourceText = h('span', { class: 'pl-source-text', 'data-testid': 'trace-source' });
    this.el.runLive = this.runLive ? h('button', { type: 'button', class: 'pl-btn pl-small pl-run-live', 'data-testid': 'run-live', title: t('Run this scenario in the simulator in your browser and compare it with the recording'), onclick: () => this.runLive(this) }, t('Run live')) : null;
    this.el.source = h('p', { class: 'pl-source' }, this.el.sourceText, this.el.runLive);
    this.el.file = h('input', { type: 'file', accept: '.jsonl,.json,.txt,application/x-ndjson,application/json,text/plain', class: 'pl-file', 'data-testid': 'import-file', tabindex: '-1', 'aria-hidden': 'true' });
    this.el.file.addEventListener('change', () => {
      const file = this.el.file.files && this.el.file.files[0];
      this.el.file.value = '';
      if (file) file.text().then((text) => this.importText(text, file.name), (err) => this.showError(t('Could not read the file: {1}', err.message)));
    });
    this.el.exportBtn = h('button', { type: 'button', class: 'pl-btn pl-small', 'data-testid': 'export', title: t('This trace in full: notes, state, clock and exact bytes'), onclick: () => this.exportTrace() }, t('Export .jsonl'));
    this.el.exportConfBtn = h('button', { type: 'button', class: 'pl-btn pl-small', 'data-testid': 'export-conformance', title: t('The conformance-trace format that MCP trace validators read: messages, HTTP and transport events only'), 'aria-describedby': id('export-note'), onclick: () => this.exportConformance() }, t('Export for validators'));
    this.el.exportNote = h('p', { class: 'pl-io-note', id: id('export-note'), 'data-testid': 'export-note', text: TRANSPORT_NOTE });
    this.el.importBtn = h('button', { type: 'button', class: 'pl-btn pl-small', 'data-testid': 'import', onclick: () => this.el.file.click() }, t('Import .jsonl…'));
    this.el.error = h('div', { class: 'pl-error', role: 'alert', 'data-testid': 'player-error', hidden: true });
    this.el.pauseNote = h('p', { class: 'pl-pause-note', role: 'status', 'data-testid': 'pause-note', hidden: true });
    this.el.lanes = h('ol', { class: 'pl-lanes', 'aria-label': t('Frames between client and server'), tabindex: '0' });
    this.el.laneHeads = h('div', { class: 'pl-lane-heads', 'aria-hidden': 'true' }, h('span', { text: t('client') }), h('span', { text: t('server') }));
    // Not a live region: the step counter announces each step; reading the
    // whole inspector aloud on every step would drown it.
    this.el.inspector = h('div', { class: 'pl-inspector', 'data-testid': 'frame-inspector' });
    this.el.state = h('div', { class: 'pl-state', 'data-testid': 'state-panel' });
    this.el.stateHead = h('h3', { class: 'pl-h', text: t('State') });
    // The era bar: which protocol era the trace speaks and, where the
    // scenario has a counterpart, the other era in one click and both side
    // by side. Filled by updateEras().
    this.el.eraSwitch = h('div', { class: 'pl-era-switch', role: 'group', 'aria-label': t('Protocol era'), 'data-testid': 'era-switch' });
    this.el.compareBtn = h('button', { type: 'button', class: 'pl-btn pl-small pl-compare', 'data-testid': 'side-by-side-toggle', 'aria-pressed': 'false', title: t('Both eras of this situation, aligned step by step'), onclick: () => this.act({ type: 'compare' }) }, t('Side by side'));
    this.el.eraLabel = h('span', { class: 'pl-erabar-label', text: t('Protocol era') });
    this.el.eraBar = h('div', { class: 'pl-erabar', hidden: true }, this.el.eraLabel, this.el.eraSwitch, this.el.compareBtn);
    this.cmp = new SideBySide((a) => this.act(a));

    const controls = h('div', { class: 'pl-controls', role: 'toolbar', 'aria-label': t('Player controls') },
      this.el.reset, this.el.back, this.el.step, this.el.play,
      h('label', { class: 'pl-speed-label', for: id('speed') }, t('speed')), this.el.speed,
      this.el.count, this.el.status);
    const scrubRow = h('div', { class: 'pl-scrubrow' }, this.el.scrub);
    // Export, Export for validators and Import in one small menu: a lesson
    // has up to twenty players, and three buttons under each drowned the
    // controls that matter while reading. Choosing one closes the menu.
    this.el.ioMenu = h('details', { class: 'pl-io', 'data-testid': 'io-menu' },
      h('summary', { class: 'pl-btn pl-small pl-io-summary', text: t('Trace file') }),
      h('div', { class: 'pl-io-items' }, this.el.exportBtn, this.el.exportConfBtn, this.el.importBtn, this.el.file, this.el.exportNote));
    for (const b of [this.el.exportBtn, this.el.exportConfBtn, this.el.importBtn]) b.addEventListener('click', () => { this.el.ioMenu.open = false; });
    const io = this.el.ioMenu;
    this.el.diagram = h('div', { class: 'pl-diagram' }, this.el.laneHeads, this.el.lanes);
    const lanesBox = this.el.diagram;
    const side = h('div', { class: 'pl-side' },
      h('h3', { class: 'pl-h', text: t('Frame') }), this.el.inspector,
      this.el.stateHead, this.el.state);
    this.el.body = h('div', { class: 'pl-body' }, lanesBox, side);
    // Keep the figcaption (the build's text) and the baked script; put the
    // player before the caption.
    const cap = this.figure.querySelector('figcaption');
    this.el.main = h('div', { class: 'pl-main' }, controls, this.el.source, scrubRow, this.el.pauseNote, this.el.error, this.el.body, io);
    const root = h('div', { class: 'pl-root' }, this.el.eraBar, this.el.main, this.cmp.root);
    if (cap) this.figure.insertBefore(root, cap);
    else this.figure.append(root);
  }

  /**
   * load replaces the trace. source is baked|live|custom|imported|none.
   * It throws a TraceError for text that does not parse.
   */
  load(text, source, step = 0) {
    const events = parseTrace(text);
    this.stop();
    this.text = text;
    this.events = events;
    this.labels = describe(events);
    this.states = statesAt(events);
    this.features = stateFeatures(events);
    // What the validator export would hold: nothing for a trace with no
    // wire (the scheduler's steps), and then the button is off.
    this.conformance = conformanceJSONL(events);
    // A trace with no wire (the TTL scheduler's steps) is one timeline, not
    // two lanes with nothing between them.
    this.wire = events.length === 0 || events.some((e) => e.direction);
    this.el.diagram.classList.toggle('is-timeline', !this.wire);
    this.el.laneHeads.replaceChildren(...(this.wire ? [h('span', { text: t('client') }), h('span', { text: t('server') })] : [h('span', { text: t('steps') })]));
    this.el.lanes.setAttribute('aria-label', this.wire ? t('Frames between client and server') : t('Steps of the scenario'));
    this.el.lanes.dataset.empty = this.wire ? t('Nothing has crossed the wire yet. Press Step (→).') : t('Nothing has happened yet. Press Step (→).');
    this.source = source;
    // Which trace is on screen: the playground changes data-scenario before
    // the new trace arrives; tests and scripts wait for this instead.
    if (source === 'imported') this.alt = '';
    this.figure.dataset.loaded = source === 'none' ? '' : source === 'imported' ? 'imported' : this.shown;
    this.renderLanes();
    this.el.scrub.max = String(events.length);
    this.setStatus(source === 'imported' ? 'imported' : source === 'custom' ? 'custom' : source === 'live' ? 'live' : text ? 'baked' : 'none');
    this.updateEras();
    this.go(step, false);
  }

  /** updateEras redraws the era bar for the trace on screen; an open side
   * by side view follows the scenario, or closes when it has no
   * counterpart. */
  updateEras() {
    const info = this.figure.dataset.loaded === 'imported' ? null : this.scenarios.info(this.shown);
    const other = info && info.counterpart ? this.scenarios.info(info.counterpart) : null;
    this.figure.dataset.era = info ? info.era : '';
    if (info) this.caption(info);
    // A failing check's runs side by side: no era bar over them.
    this.el.eraBar.hidden = !other || !!this.yours;
    if (this.yours) return;
    if (!other) {
      this.el.eraSwitch.replaceChildren();
      if (this.cmp.open) this.closeCompare();
      return;
    }
    const eras = [info, other].sort((a, b) => compareEras(a.era, b.era));
    this.el.eraSwitch.replaceChildren(...eras.map((s) => h('button', {
      type: 'button',
      class: 'pl-btn pl-small pl-era',
      'data-era': s.era,
      'data-scenario': s.id,
      'aria-pressed': String(s.id === info.id),
      title: `${eraTitle(s.era)}: ${s.title} (${s.id})`,
      onclick: () => this.act({ type: 'era', era: s.era }),
    }, s.era)));
    if (this.cmp.open && !(this.cmp.root.dataset.left === eras[0].id && this.cmp.root.dataset.right === eras[1].id)) this.openCompare(0, false);
  }

  /** caption makes the build's figcaption (a lesson player's) name the
   * scenario on screen: after an era switch, the counterpart. */
  caption(info) {
    const cap = this.figure.querySelector('figcaption');
    if (!cap) return;
    const set = (sel, text) => {
      const el = cap.querySelector(sel);
      if (el && text != null) el.textContent = text;
    };
    set('.player-era', info.era);
    set('.player-title', info.title);
    set('.player-summary', info.summary);
    const open = cap.querySelector('a.player-open');
    if (open) open.setAttribute('href', open.getAttribute('href').replace(/#.*$/, `#scenario=${encodeURIComponent(info.id)}`));
  }

  /** switchEra shows id (this scenario or its counterpart) at step, or at
   * the step matching the current one when step is null. write: a learner
   * action, so the hash follows. */
  async switchEra(id, step, write) {
    const token = ++this.switching;
    if (!this.traces) return;
    let got;
    try {
      got = await this.traces.get(id);
    } catch (err) {
      if (token === this.switching) this.showError(t('Could not load {1}: {2}', id, err.message));
      return;
    }
    if (token !== this.switching) return;
    if (step == null) step = this.matchingStep(got.text);
    if (this.onEra) {
      this.onEra(id, step);
      return;
    }
    this.showError(null);
    this.params = null;
    this.alt = id === this.scenario ? '' : id;
    this.load(got.text, got.source, step);
    if (write && this.hash) writeHash(this.view(this.step));
    if (this.onShown) this.onShown(this);
  }

  /** matchingStep is the step of text that lines up with the current step
   * (align.js): switching eras at tools/list lands on tools/list. */
  matchingStep(text) {
    try {
      const events = parseTrace(text);
      const labels = describe(events);
      const rows = align(this.events.map((e, i) => alignKey(e, this.labels[i])), events.map((e, i) => alignKey(e, labels[i])));
      return mapStep(rows, this.step, 'a');
    } catch {
      return 0;
    }
  }

  /** openCompare opens the side-by-side view of the scenario on screen and
   * its counterpart at row. */
  async openCompare(row, write) {
    const info = this.scenarios.info(this.shown);
    const other = info && this.scenarios.counterpart(info.id);
    if (!other || !this.traces) return;
    const token = ++this.switching;
    let a;
    let b;
    try {
      [a, b] = await Promise.all([this.traces.get(info.id), this.traces.get(other.id)]);
    } catch (err) {
      if (token === this.switching) this.showError(t('Could not load both eras: {1}', err.message));
      return;
    }
    if (token !== this.switching) return;
    const sides = [{ info, text: a.text }, { info: other, text: b.text }].sort((x, y) => compareEras(x.info.era, y.info.era));
    this.stop();
    this.el.main.hidden = true;
    this.el.eraSwitch.hidden = true;
    this.el.compareBtn.setAttribute('aria-pressed', 'true');
    this.el.compareBtn.textContent = t('Back to one era');
    this.el.eraLabel.textContent = t('Both protocol eras');
    this.figure.dataset.view = 'compare';
    this.cmp.show(sides[0], sides[1], row);
    if (write && this.hash) writeHash(this.view(this.step));
  }

  /** openYours shows a failing check's two runs (yours.js: run = {key,
   * check, message, yours, reference}) side by side, at row, or at the
   * first row where they differ when row is null. */
  openYours(run, row) {
    this.switching++;
    this.stop();
    this.yours = run;
    const info = this.scenarios.info(this.scenario) || { id: this.scenario, era: '', title: this.scenario };
    this.el.main.hidden = true;
    this.el.eraBar.hidden = true;
    this.figure.dataset.view = 'yours';
    const back = h('button', { type: 'button', class: 'pl-btn pl-small', 'data-testid': 'yours-close', onclick: () => this.closeCompare(true) }, t('Back to {1}', info.id));
    const title = [
      h('strong', { text: t('Check {1}: your code’s run beside the reference’s.', run.label || run.check) }),
      ` ${t('Marked rows are where they part; the first is selected.')} `,
      back,
    ];
    if (run.message) title.push(h('span', { class: 'sbs-message', text: run.message }));
    this.cmp.show({ info, text: run.yours, name: 'your code', label: t('your code') }, { info, text: run.reference, name: 'reference', label: t('reference') }, 0, title);
    this.cmp.go(row ?? (this.cmp.firstDifference || this.cmp.length));
    // The row where the runs part goes to the top of the rows box, after
    // the one row of context before it: on a phone the box is taller than
    // what is left of the screen below the controls.
    const cur = this.cmp.el.rows.querySelector('.is-current');
    if (cur) this.cmp.el.rows.scrollTop = (cur.previousElementSibling || cur).offsetTop;
  }

  closeCompare(write) {
    const wasYours = !!this.yours;
    this.yours = null;
    this.switching++;
    this.cmp.close();
    this.el.main.hidden = false;
    this.el.eraSwitch.hidden = false;
    this.el.compareBtn.setAttribute('aria-pressed', 'false');
    this.el.compareBtn.textContent = t('Side by side');
    this.el.eraLabel.textContent = t('Protocol era');
    delete this.figure.dataset.view;
    if (wasYours) {
      this.updateEras();
      this.go(this.step, false);
    }
    if (write && this.hash) writeHash(this.view(this.step));
  }

  renderLanes() {
    this.frames = laneRows(this.events, this.labels, (step) => this.act({ type: 'seek', step }));
    this.el.lanes.replaceChildren(...this.frames);
  }

  /**
   * redrawNotes draws the trace on screen again with the page's notes,
   * which arrived after it was drawn. The step, the status and a Play in
   * progress stay as they are.
   */
  redrawNotes() {
    if (this.events.length === 0) return;
    this.labels = describe(this.events);
    this.renderLanes();
    this.go(this.step, false);
  }

  /** act is the one entry point for every learner action. */
  act(a) {
    if (this.cmp.open && ['step', 'back', 'reset', 'seek'].includes(a.type)) {
      const r = a.type === 'step' ? this.cmp.row + 1 : a.type === 'back' ? this.cmp.row - 1 : a.type === 'reset' ? 0 : a.step;
      this.cmp.go(r);
      if (this.hash) writeHash(this.view(this.step));
      return;
    }
    switch (a.type) {
      case 'era': {
        const info = this.scenarios.info(this.shown);
        if (!info || info.era === a.era) break;
        const other = this.scenarios.counterpart(info.id);
        if (other && other.era === a.era) this.switchEra(other.id, null, true);
        break;
      }
      case 'compare':
        if (this.cmp.open) this.closeCompare(true);
        else this.openCompare(0, true);
        break;
      case 'step':
        this.stop();
        this.go(this.step + 1);
        break;
      case 'back':
        this.stop();
        this.go(this.step - 1);
        break;
      case 'reset':
        this.stop();
        this.go(0);
        break;
      case 'seek':
        this.stop();
        this.go(a.step);
        break;
      case 'toggle':
        if (this.timer) this.stop();
        else this.play();
        break;
      case 'speed':
        if (this.timer) {
          this.stop();
          this.play();
        }
        break;
      default:
        throw new Error(`unknown action ${a.type}`);
    }
  }

  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target;
    const tag = target && target.tagName;
    // Form controls keep their own keys (the range input uses the arrows,
    // selects and text fields too); buttons keep Space and Enter.
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const onButton = tag === 'BUTTON' || tag === 'A';
    let a = null;
    if (e.key === 'ArrowRight') a = { type: 'step' };
    else if (e.key === 'ArrowLeft') a = { type: 'back' };
    else if (e.key === 'Home') a = { type: 'reset' };
    else if (e.key === 'End') a = { type: 'seek', step: this.cmp.open ? this.cmp.length : this.events.length };
    else if (e.key === ' ' && !onButton) a = { type: 'toggle' };
    if (!a) return;
    e.preventDefault();
    this.act(a);
  }

  play() {
    if (this.events.length === 0) return;
    if (this.step >= this.events.length) this.go(0);
    const ms = (SPEEDS.find(([v]) => v === this.el.speed.value) || SPEEDS[1])[2];
    this.el.play.textContent = t('Pause');
    this.el.play.setAttribute('aria-pressed', 'true');
    // The lesson's question point (the fence's pause=N): Play stops there
    // once, on the figure's own trace, so the reader answers before the
    // frames give it away; Play again goes on to the end.
    const pause = Number.parseInt(this.figure.dataset.pause || '', 10);
    const own = !this.alt && (this.source === 'baked' || this.source === 'live');
    const stopAt = own && pause > this.step ? pause : -1;
    this.el.pauseNote.hidden = true;
    this.timer = window.setInterval(() => {
      this.go(this.step + 1);
      if (this.step === stopAt) {
        this.stop();
        this.el.pauseNote.textContent = t('Paused at step {1}, where the lesson asks you to stop and answer. Press Play to go on.', stopAt);
        this.el.pauseNote.hidden = false;
        this.pausedAt = stopAt;
      } else if (this.step >= this.events.length) this.stop();
    }, ms);
  }

  stop() {
    if (this.timer) window.clearInterval(this.timer);
    this.timer = 0;
    if (this.el) {
      this.el.play.textContent = t('Play');
      this.el.play.setAttribute('aria-pressed', 'false');
    }
  }

  /** go shows the trace up to step n (0: before the first event). */
  go(n, user = true) {
    const focused = document.activeElement;
    const max = this.events.length;
    const step = Math.max(0, Math.min(max, Number.isFinite(n) ? Math.trunc(n) : 0));
    this.step = step;
    this.figure.dataset.step = String(step);
    if (step !== this.pausedAt) this.el.pauseNote.hidden = true;
    for (let i = 0; i < this.frames.length; i++) {
      const li = this.frames[i];
      li.classList.toggle('is-future', i >= step);
      li.classList.toggle('is-current', i === step - 1);
      if (i === step - 1) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    }
    this.el.scrub.value = String(step);
    this.el.count.textContent = max ? t('step {1} / {2}', step, max) : t('no trace');
    this.el.step.disabled = step >= max;
    this.el.back.disabled = step <= 0;
    this.el.reset.disabled = step <= 0;
    this.el.play.disabled = max === 0;
    keepFocus(focused, [this.el.step, this.el.back, this.el.reset, this.el.play], this.el.lanes);
    this.el.exportBtn.disabled = !this.text;
    this.el.exportConfBtn.disabled = !this.conformance;
    const ev = step > 0 ? this.events[step - 1] : null;
    renderInspector(this.el.inspector, ev, step > 0 ? this.labels[step - 1] : null, this.events, step - 1);
    // Before the first step: a trace that opens with a note or a state
    // event (no frame) describes the starting state (client NEW, an empty
    // scheduler); show that rather than blanks.
    const first = this.events[0];
    const opening = step === 0 && first && !first.direction && (first.kind === 'note' || first.kind === 'state') && first.state ? first : null;
    const st = step > 0 ? this.states[step - 1] : opening ? opening.state : null;
    const at = ev ? ev.at_ms : opening ? opening.at_ms : null;
    this.el.stateHead.textContent = step > 0 ? t('State') : t('State before the first step');
    renderState(this.el.state, st, at != null ? at : null, this.features);
    // The current row is always in view within the lanes box (a deep link
    // or a reload too); only the learner's own actions rewrite the hash.
    const cur = this.frames[step - 1];
    if (cur) scrollIntoLanes(this.el.lanes, cur);
    else this.el.lanes.scrollTop = 0;
    if (user && this.hash && this.scenario && this.source !== 'imported') writeHash(this.view(step));
  }

  setStatus(status, detail) {
    this.el.status.dataset.status = status;
    // data-state is the hook for tests: baked|running|live|mismatch (and
    // none, custom, imported, error), whatever the wording on screen.
    this.el.status.dataset.state = status;
    this.el.status.title = STATUS_TITLE[status] || '';
    this.el.status.textContent = detail ? `${STATUS_TEXT[status] || status}: ${detail}` : STATUS_TEXT[status] || status;
    this.el.sourceText.textContent = STATUS_TITLE[status] || '';
    this.el.source.dataset.status = status;
    // Run live is offered where it means something: a recording not yet
    // re-run here, or a run that failed.
    if (this.el.runLive) this.el.runLive.hidden = !((status === 'baked' || status === 'error') && this.text);
  }

  /** showError shows a message (and an optional action button) in the
   * player; the player stays usable. null clears it. kind 'offline' is a
   * notice rather than a failure: nothing went wrong, the network is off. */
  showError(message, action, kind = '') {
    const el = this.el.error;
    clear(el);
    el.dataset.kind = kind;
    if (!message) {
      el.hidden = true;
      return;
    }
    el.append(h('span', { class: 'pl-error-text', text: message }));
    if (action) el.append(h('button', { type: 'button', class: 'pl-btn pl-small', 'data-testid': action.testid || null, onclick: action.run }, action.label));
    el.hidden = false;
  }

  /** compareLive marks the player live when the live trace equals the one
   * shown, byte for byte, and shows a visible error otherwise. */
  compareLive(liveText) {
    if (liveText === this.text) {
      this.setStatus('live');
      return true;
    }
    const line = firstDifference(this.text, liveText);
    this.setStatus('mismatch', t('line {1}', line));
    this.showError(t('The live simulator produced a different trace from the baked one (first difference at line {1}). The page shows the baked trace.', line));
    return false;
  }

  /** importText validates text (with the simulator's own decoder when it
   * already runs: an import is no reason to download it) and replays it; a
   * bad trace leaves the current one in place. */
  async importText(text, name = '') {
    let err = null;
    try {
      parseTrace(text);
    } catch (e) {
      err = e instanceof TraceError ? e.message : String(e);
    }
    if (!err && this.sim && this.sim.started && !this.sim.dead) {
      try {
        const r = await this.sim.request('import', { text });
        if (r && r.error) err = r.error;
      } catch {
        // The simulator is down: the page's own check above stands.
      }
    }
    if (!err && text.trim() === '') err = t('line {1}: {2}', 1, t('the file is empty'));
    if (err) {
      this.showError(t('Import failed: {1}', err));
      return false;
    }
    this.showError(null);
    this.params = null;
    this.switching++;
    if (this.cmp.open) this.closeCompare();
    this.yours = null;
    this.load(text, 'imported', 0);
    this.figure.dataset.imported = 'true';
    if (this.onImport) this.onImport(name);
    return true;
  }

  exportTrace() {
    if (this.text) download(this.text, `${this.shown || 'trace'}.jsonl`);
  }

  /** exportConformance downloads the trace in the conformance format. */
  exportConformance() {
    if (this.conformance) download(this.conformance, `${this.shown || 'trace'}.conformance.jsonl`);
  }
}

// download offers text as a file.
function download(text, name) {
  const blob = new Blob([text], { type: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
