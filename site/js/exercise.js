// exercise.js: the exercise page's runner. The learner edits the starter,
// Run compiles it and Grade runs every check in a worker (grader-<id>.wasm:
// yaegi interpreting the learner's file against the exercise's compiled
// grade.go). The code autosaves per exercise and starter hash; a solved
// exercise is recorded where the index's progress reads it.
'use strict';

import { h, clear, storage, STORAGE_PREFIX } from './dom.js';
import { EXERCISES_KEY } from './progress.js';
import { Editor } from './exercise-editor.js';
import { Grader, TimeoutError } from './exercise-grader.js';
import { formatHash } from './hash.js';
import { saveRun } from './yours.js';
import { t, lang } from './i18n.js';
import { translator } from './messages.js';

/** DEFAULT_BUDGET_MS is how long one Run or Grade may take in the worker. */
const DEFAULT_BUDGET_MS = 5000;
const CODE_PREFIX = `${STORAGE_PREFIX}code:`;

/** playerLink is the playground URL that replays a failing check. A check
 * at step 0 (its first frame) links to the scenario's start; one that
 * carries both runs of its case (yours: the key saveRun returned) opens
 * them side by side, where they first differ. */
function playerLink(check, yours = '') {
  // The playground of this page's own edition (data-base is the shared
  // files' root, one more level up on a translated page).
  const base = document.documentElement.dataset.home || '../';
  const params = check.params ? JSON.stringify(check.params) : null;
  return `${base}playground.html${formatHash({ scenario: check.scenario, params, yours, step: yours ? null : check.step || null })}`;
}

class Runner {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    // The checks' failure messages in the page's language (English pages
    // carry no table and show them as the grader wrote them).
    this.say = data.messages ? translator(data.messages.templates, data.messages.whole) : translator(null);
    this.saveKey = `${CODE_PREFIX}${data.id}:${data.starterHash}`;
    const budget = Number(new URLSearchParams(window.location.search).get('budget')) || data.budgetMs || DEFAULT_BUDGET_MS;
    // Each exercise has a grader build of its own, carrying only what its
    // code needs (cmd/buildsite's wasmTargets).
    const worker = new URL('./grader-worker.js', import.meta.url);
    worker.searchParams.set('wasm', `grader-${data.id}.wasm`);
    // The warm-up grades the solution, not the starter: a starter fails its
    // checks early, so the code a right answer runs (every check's whole
    // path through the simulator and the interpreter) would still be cold
    // when the learner's first good attempt arrives.
    this.grader = new Grader(worker, budget, { exercise: data.id, source: data.solution || data.starter });
    const $ = (sel) => root.querySelector(sel);
    this.el = {
      gradeBtn: $('[data-testid="grade"]'),
      runBtn: $('[data-testid="run"]'),
      hintBtn: $('[data-role="hint"]'),
      resetBtn: $('[data-role="reset"]'),
      solutionBtn: $('[data-role="show-solution"]'),
      status: $('[data-role="status"]'),
      notice: $('[data-role="notice"]'),
      confirm: $('[data-role="confirm"]'),
      hints: $('[data-role="hints"]'),
      errors: $('[data-role="errors"]'),
      results: $('[data-role="results"]'),
      score: $('[data-testid="score"]'),
      checks: $('[data-role="checks"]'),
      solution: $('[data-role="solution"]'),
      solutionCode: $('[data-role="solution-code"]'),
      useSolution: $('[data-role="use-solution"]'),
    };
    this.saveTimer = 0;
    this.editor = new Editor($('[data-testid="editor"]'), $('[data-role="lines"]'), () => {
      this.scheduleSave();
      if (!this.busy) this.markStale(t('You have changed the code since these results came in: they are for the earlier code. Grade again to check this code.'));
    });
    this.hintsShown = 0;
    this.busy = false;

    this.el.gradeBtn.addEventListener('click', () => this.act('grade'));
    this.el.runBtn.addEventListener('click', () => this.act('run'));
    this.el.hintBtn.addEventListener('click', () => this.nextHint());
    this.el.resetBtn.addEventListener('click', () => this.reset());
    this.el.solutionBtn.addEventListener('click', () => this.showSolution());
    this.el.useSolution.addEventListener('click', () => this.editor.set(this.data.solution));
    // Leaving the page must not lose the last keystrokes.
    window.addEventListener('pagehide', () => this.save());
    this.updateHintButton();
    this.restore();
    // Warm up: the wasm downloads and compiles while the learner reads.
    this.setStatus(t('Loading the grader…'));
    this.grader.start().then(
      () => {
        if (!this.busy) this.setStatus(t('Grader ready.'));
      },
      () => {
        if (!this.busy) this.setStatus(t('The grader could not start; Grade tries again.'), 'bad');
      },
    );
  }

  /** checkLabel is check name's name in the page's language (the
   * exercise data's label), or the name itself. */
  checkLabel(name) {
    const c = this.data.checks.find((x) => x.name === name);
    return (c && c.label) || name;
  }

  solved() {
    const s = storage.getJSON(EXERCISES_KEY, {});
    return Boolean(s && typeof s === 'object' && s[this.data.id]);
  }

  markSolved() {
    const s = storage.getJSON(EXERCISES_KEY, {});
    const o = s && typeof s === 'object' && !Array.isArray(s) ? s : {};
    o[this.data.id] = true;
    storage.set(EXERCISES_KEY, JSON.stringify(o));
  }

  scheduleSave() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 250);
  }

  save() {
    clearTimeout(this.saveTimer);
    const v = this.editor.value;
    if (v === this.data.starter) storage.remove(this.saveKey);
    else storage.set(this.saveKey, v);
  }

  /** restore loads the code saved for this starter. Code saved for an
   * earlier starter is not loaded silently: the learner picks. */
  restore() {
    const saved = storage.get(this.saveKey);
    if (saved != null) {
      this.editor.set(saved);
      return;
    }
    this.editor.set(this.data.starter);
    const older = storage.keys().filter((k) => k.startsWith(`${CODE_PREFIX}${this.data.id}:`) && k !== this.saveKey);
    if (older.length === 0) return;
    const key = older[older.length - 1];
    const drop = () => {
      for (const k of older) storage.remove(k);
      this.el.notice.hidden = true;
    };
    clear(this.el.notice).append(
      h('p', { text: t('This exercise’s starter has changed since you last worked on it. Your earlier code is saved; the editor shows the new starter.') }),
      h('p', { class: 'runner-notice-actions' },
        h('button', { type: 'button', class: 'button button-primary', onclick: () => { this.editor.set(storage.get(key) || this.data.starter); this.save(); drop(); } }, t('Load my earlier code')),
        ' ',
        h('button', { type: 'button', class: 'button', onclick: drop }, t('Keep the new starter'))),
    );
    this.el.notice.hidden = false;
  }

  setStatus(text, kind = '') {
    this.el.status.textContent = text;
    this.el.status.dataset.kind = kind;
  }

  /** ask shows an inline question and resolves with the learner's answer. */
  ask(text, yes) {
    return new Promise((resolve) => {
      const done = (v) => {
        this.el.confirm.hidden = true;
        clear(this.el.confirm);
        resolve(v);
      };
      const yesBtn = h('button', { type: 'button', class: 'button button-primary', onclick: () => done(true) }, yes);
      clear(this.el.confirm).append(
        h('p', { text }),
        h('p', { class: 'runner-notice-actions' }, yesBtn, ' ', h('button', { type: 'button', class: 'button', onclick: () => done(false) }, t('Cancel'))),
      );
      this.el.confirm.hidden = false;
      yesBtn.focus();
    });
  }

  updateHintButton() {
    const n = this.data.hints.length;
    const b = this.el.hintBtn;
    if (n === 0) {
      b.hidden = true;
    } else if (this.hintsShown >= n) {
      b.textContent = t('No more hints');
      b.disabled = true;
    } else {
      b.textContent = t('Hint {1} of {2}', this.hintsShown + 1, n);
    }
  }

  nextHint() {
    if (this.hintsShown >= this.data.hints.length) return;
    this.el.hints.append(h('li', { text: this.data.hints[this.hintsShown] }));
    this.el.hints.hidden = false;
    this.hintsShown++;
    this.updateHintButton();
  }

  async reset() {
    if (this.editor.value !== this.data.starter && !(await this.ask(t('Replace your code with the starter? Your changes will be lost.'), t('Reset')))) return;
    this.editor.set(this.data.starter);
    this.save();
    this.clearErrors();
    this.markStale(t('You reset the code since these results came in: they are for the earlier code. Grade again to check this code.'));
    this.setStatus(t('Reset to the starter.'));
  }

  async showSolution() {
    if (!this.solved() && !(await this.ask(t('Show the reference solution? Working it out yourself teaches more; the hints may be enough.'), t('Show the solution')))) return;
    this.el.solutionCode.textContent = this.data.solution;
    this.el.solution.hidden = false;
    this.el.solution.open = true;
    this.el.solution.scrollIntoView({ block: 'nearest' });
  }

  /** act runs or grades the editor's code; one at a time. */
  async act(op) {
    if (this.busy) return;
    this.busy = true;
    this.save();
    this.el.gradeBtn.disabled = this.el.runBtn.disabled = true;
    this.root.setAttribute('aria-busy', 'true');
    const t0 = performance.now();
    performance.mark(`mcp-playground:${op}-start`);
    // Results belong to the code that produced them: a new Run or Grade
    // takes the old message away and marks the old checks as past.
    this.clearErrors();
    this.markStale(op === 'run'
      ? t('You pressed Run since these results came in: they are for the earlier code. Grade again to check this code.')
      : t('A new grade is under way since these results came in: they are for the earlier code. Grade again to check this code.'));
    this.setStatus(this.grader.isReady ? t('Compiling…') : t('Waiting for the grader to start…'));
    const done = [];
    const onProgress = (p) => {
      if (p.done) done.push(p.done);
      if (op !== 'grade') return;
      this.el.errors.hidden = true;
      this.showChecks(done, { running: p.next || '' });
      this.setStatus(p.next ? t('Grading: {1}…', this.checkLabel(p.next)) : t('Grading…'));
    };
    try {
      const r = await this.grader.request(op, this.data.id, this.editor.value, onProgress);
      if (r.refused) {
        // A refused import is the code's problem, not the grader's: each
        // page says why in its own language.
        this.showRefused(lang.startsWith('zh') ? r.refusedZh : r.refused);
        return;
      }
      if (r.error) throw new Error(r.error);
      this.show(op, r);
    } catch (err) {
      this.showFailure(err, done, op);
    } finally {
      const ms = performance.now() - t0;
      performance.mark(`mcp-playground:${op}-done`);
      this.root.dataset.lastMs = String(Math.round(ms));
      this.root.dataset.runs = String(Number(this.root.dataset.runs || 0) + 1);
      this.busy = false;
      this.el.gradeBtn.disabled = this.el.runBtn.disabled = false;
      this.root.removeAttribute('aria-busy');
    }
  }

  clearErrors() {
    clear(this.el.errors);
    this.el.errors.hidden = true;
    delete this.el.errors.dataset.kind;
  }

  /** markStale marks the checks on screen as results of earlier code
   * (why: what happened since, and what to do, in a sentence), until the
   * next grade replaces them. */
  markStale(why) {
    if (this.el.results.hidden || this.el.results.dataset.stale === 'true' || !this.el.checks.firstChild) return;
    this.el.results.dataset.stale = 'true';
    const note = h('p', { class: 'results-stale', 'data-role': 'stale', text: why });
    this.el.results.prepend(note);
  }

  unmarkStale() {
    delete this.el.results.dataset.stale;
    for (const n of this.el.results.querySelectorAll('[data-role="stale"]')) n.remove();
  }

  showErrors(diags) {
    const list = h('ul', { class: 'error-list' });
    for (const d of diags) {
      const where = d.line ? (d.col ? t('line {1}:{2}', d.line, d.col) : t('line {1}', d.line)) : '';
      list.append(h('li', {},
        where ? h('button', { type: 'button', class: 'error-line', onclick: () => this.editor.goTo(d.line, d.col || 1) }, where) : null,
        where ? ': ' : '',
        h('span', { text: this.say(d.msg) })));
    }
    clear(this.el.errors).append(h('p', { class: 'errors-title', text: t('Your code does not compile:') }), list);
    this.el.errors.hidden = false;
  }

  /** showRefused shows why the grader would not run the code. */
  showRefused(why) {
    clear(this.el.errors).append(h('p', { class: 'errors-title', text: t('Your code cannot be graded:') }), h('p', { text: why }));
    this.el.errors.hidden = false;
    this.el.errors.dataset.kind = 'refused';
    this.setStatus(t('An import is not allowed.'), 'bad');
  }

  show(op, r) {
    this.el.errors.hidden = true;
    if (r.compileErrors && r.compileErrors.length) {
      this.showErrors(r.compileErrors);
      this.el.results.hidden = op === 'run' ? this.el.results.hidden : true;
      const n = r.compileErrors.length;
      this.setStatus(n === 1 ? t('{1} compile error.', n) : t('{1} compile errors.', n), 'bad');
      return;
    }
    if (op === 'run') {
      this.setStatus(t('Compiled without errors. Press Grade to run the checks.'), 'ok');
      return;
    }
    this.showChecks(r.checks || []);
    this.showOutput(r.output || '');
  }

  /**
   * showChecks lists every configured check with its result. While a grade
   * is under way (opts.running set or results incomplete) the checks not
   * yet reported show as running or waiting, without data-testid="check":
   * tests and scripts see only finished checks.
   */
  showChecks(results, opts = {}) {
    const byName = new Map(results.map((c) => [c.name, c]));
    const configured = this.data.checks.length ? this.data.checks : results.map((c) => ({ name: c.name, label: c.label, points: 1, summary: '' }));
    const final = opts.running === undefined;
    let score = 0;
    let max = 0;
    let passed = 0;
    // The list is updated in place: a check whose row says the same as
    // before keeps its node, so a link under the learner's pointer (or
    // focused) is never swapped for a copy while the other checks report.
    const list = this.el.checks;
    const old = new Map([...list.children].map((li) => [li.dataset.check, li]));
    let at = list.firstElementChild;
    for (const cfg of configured) {
      max += cfg.points;
      let c = byName.get(cfg.name);
      if (!c && final) c = { name: cfg.name, status: opts.missing ? 'not-run' : 'fail', message: opts.missing || t('the grader did not report this check') };
      const state = c ? c.status : cfg.name === opts.running ? 'running' : 'waiting';
      if (state === 'pass') {
        score += cfg.points;
        passed++;
      }
      const sig = c ? JSON.stringify([c.status, c.message || '', c.scenario || '', c.step || 0, c.params || null]) : state;
      let li = old.get(cfg.name);
      if (!li || li.dataset.sig !== sig) {
        const fresh = this.checkItem(cfg, c, state);
        fresh.dataset.sig = sig;
        if (li) {
          if (li === at) at = fresh;
          li.replaceWith(fresh);
        }
        li = fresh;
      }
      if (li === at) at = at.nextElementSibling;
      else list.insertBefore(li, at);
    }
    while (at) {
      const next = at.nextElementSibling;
      at.remove();
      at = next;
    }
    this.unmarkStale();
    this.el.results.hidden = false;
    if (!final) {
      this.el.score.textContent = t('Grading… {1} of {2} checks done', results.length, configured.length);
      delete this.el.score.dataset.score;
      return;
    }
    this.el.score.textContent = t('Score: {1} / {2}', score, max);
    this.el.score.dataset.score = String(score);
    this.el.score.dataset.max = String(max);
    performance.mark('mcp-playground:graded');
    if (passed === configured.length) {
      this.markSolved();
      this.setStatus(t('Solved: every check passes ({1} / {2}).', score, max), 'ok');
    } else {
      this.setStatus(t('{1} of {2} checks pass.', passed, configured.length), 'bad');
    }
  }

  /** checkItem is one check's row: c is its result, if any, and state
   * 'pass', 'fail', 'not-run', 'running' or 'waiting'. */
  checkItem(cfg, c, state) {
    const label = cfg.label || cfg.name;
    if (state === 'not-run') {
      return h('li', { class: 'check is-not-run', 'data-testid': 'check', 'data-status': 'not-run', 'data-check': cfg.name },
        h('div', { class: 'check-head' },
          h('span', { class: 'check-mark', 'aria-hidden': 'true', text: '–' }),
          h('span', { class: 'check-name', text: label }),
          h('span', { class: 'check-verdict', text: t('not run') }),
          h('span', { class: 'check-points', text: `0 / ${cfg.points}` })),
        cfg.summary ? h('p', { class: 'check-summary', text: cfg.summary }) : null,
        h('p', { class: 'check-message check-not-run', text: c.message }));
    }
    if (!c) {
      return h('li', { class: `check is-${state}`, 'data-check': cfg.name },
        h('div', { class: 'check-head' },
          h('span', { class: 'check-mark', 'aria-hidden': 'true', text: state === 'running' ? '…' : '·' }),
          h('span', { class: 'check-name', text: label }),
          h('span', { class: 'check-verdict', text: state === 'running' ? t('running') : t('waiting') })));
    }
    const pass = c.status === 'pass';
    const body = [
      h('div', { class: 'check-head' },
        h('span', { class: 'check-mark', 'aria-hidden': 'true', text: pass ? '✓' : '✗' }),
        h('span', { class: 'check-name', text: label }),
        h('span', { class: 'check-verdict', text: pass ? t('pass') : t('fail') }),
        h('span', { class: 'check-points', text: `${pass ? cfg.points : 0} / ${cfg.points}` })),
    ];
    if (cfg.summary) body.push(h('p', { class: 'check-summary', text: cfg.summary }));
    const message = this.say(c.message || '');
    if (!pass && message) body.push(h('pre', { class: 'check-message', text: message }));
    if (!pass && c.scenario) {
      // Both runs of the failing case: kept for the playground (yours.js).
      const yours = c.yours && c.reference ? saveRun({ exercise: this.data.id, check: cfg.name, label, scenario: c.scenario, params: c.params || null, message, yours: c.yours, reference: c.reference }) : '';
      const text = yours
        ? t('See what your code did in {1}, beside the reference, where they part', c.scenario)
        : c.step ? t('Open {1} in the player at step {2}', c.scenario, c.step) : t('Open {1} in the player', c.scenario);
      body.push(h('p', { class: 'check-link' }, h('a', { href: playerLink(c, yours), 'data-role': 'player-link' }, text)));
    }
    return h('li', { class: `check is-${pass ? 'pass' : 'fail'}`, 'data-testid': 'check', 'data-status': pass ? 'pass' : 'fail', 'data-check': cfg.name }, body);
  }

  /** showOutput shows what the learner's code printed (fmt.Println is a
   * fair way to debug), or nothing. */
  showOutput(text) {
    let box = this.el.results.querySelector('.output');
    if (!text) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = h('details', { class: 'output' }, h('summary', { text: t('What your code printed') }), h('pre', { class: 'output-text' }));
      this.el.results.append(box);
    }
    box.querySelector('pre').textContent = text;
  }

  /** showFailure says why op stopped before its results: the learner's
   * code over its budget (how long it ran, the limit, a retry: a machine
   * busy with something else is the learner's to judge) or the grader's own
   * failure. done are the checks that had finished. */
  showFailure(err, done, op) {
    const timedOut = err instanceof TimeoutError;
    let msg;
    if (timedOut && err.phase === 'compile') {
      msg = t('Compiling your file took {1} ms; the limit is {2} ms. The grader was stopped; it starts afresh when you try again.', err.ranMs, err.budgetMs);
    } else if (timedOut && err.check) {
      msg = t('Check {1}: your code ran for {2} ms without returning; the limit is {3} ms (an endless loop?). The grader was stopped; it starts afresh when you try again.', this.checkLabel(err.check), err.ranMs, err.budgetMs);
    } else if (timedOut) {
      msg = t('Your code ran for {1} ms before the first check could start; the limit is {2} ms (an endless loop in a package-level variable or init?). The grader was stopped; it starts afresh when you try again.', err.ranMs, err.budgetMs);
    } else {
      msg = t('The grader failed: {1}. It starts afresh when you try again.', err.message || err);
    }
    const retry = h('button', { type: 'button', class: 'button errors-retry', 'data-role': 'retry', text: op === 'run' ? t('Run again') : t('Grade again') });
    retry.addEventListener('click', () => this.act(op));
    clear(this.el.errors).append(h('p', { class: 'errors-title', text: msg }), retry);
    this.el.errors.hidden = false;
    this.el.errors.dataset.kind = timedOut ? 'timeout' : 'crash';
    if (timedOut && err.check) {
      const results = [...done, { name: err.check, status: 'fail', message: err.message }];
      this.showChecks(results, { missing: t('the grader stopped at an earlier check, so this one never ran') });
    }
    this.setStatus(timedOut ? t('Over the time limit.') : t('The grader failed.'), 'bad');
  }
}

const root = document.getElementById('runner');
const dataEl = document.getElementById('exercise-data');
if (root && dataEl) {
  const data = JSON.parse(dataEl.textContent);
  root.runner = new Runner(root, data);
}
