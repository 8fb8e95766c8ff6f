// i18n.js: the page's words in its own language. English pages hold no
// table and every string stays as the script wrote it. A page in another
// language embeds its interface strings (#i18n, English to its own) and
// loads the trace notes' templates (notes.json beside it) before players
// draw, so a note reads in the page's language while the trace itself,
// baked or live, stays the same bytes.
'use strict';

const table = (() => {
  const el = document.getElementById('i18n');
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch {
    return null;
  }
})();

/** lang is the page's language: en or zh-CN. */
export const lang = document.documentElement.lang || 'en';

/** fill puts vals into the {1}, {2}, ... placeholders of s. */
export function fill(s, vals) {
  return s.replace(/\{([1-9][0-9]*)\}/g, (m, n) => (n <= vals.length ? String(vals[n - 1]) : m));
}

/**
 * t is the page's text for the English interface string en, with vals in
 * its placeholders. Scripts pass the English whole, as a single-quoted
 * literal: the build reads those from the source to fill #i18n.
 */
export function t(en, ...vals) {
  const s = (table && table[en]) || en;
  return vals.length ? fill(s, vals) : s;
}

// NOTE_TOKEN is the build's noteToken (cmd/buildsite/translate.go): the
// two must split a note the same way.
const NOTE_TOKEN = /"[^"]*"|-?[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*/g;

/**
 * noteTemplate splits a note into its template (every quoted string and
 * every word holding a digit replaced by {1}, {2}, ...) and those values.
 */
export function noteTemplate(note) {
  const vals = [];
  const tpl = note.replace(NOTE_TOKEN, (tok) => {
    if (tok[0] !== '"' && !/[0-9]/.test(tok)) return tok;
    vals.push(tok);
    return `{${vals.length}}`;
  });
  return { tpl, vals };
}

let notes = null;

/**
 * loadNotes fetches the page's note templates, once, and says whether the
 * page has them; English pages have none. A failed fetch leaves notes in
 * English rather than the page blank.
 */
export async function loadNotes() {
  if (!table || notes) return !!notes;
  const home = document.documentElement.dataset.home || './';
  try {
    const resp = await fetch(new URL('notes.json', new URL(home, window.location.href)));
    if (resp.ok) notes = await resp.json();
  } catch {
    // offline before the first visit cached it: English notes
  }
  return !!notes;
}

/** note is a trace note in the page's language (English when it has none). */
export function note(text) {
  if (!notes || !text) return text;
  const { tpl, vals } = noteTemplate(text);
  const z = notes[tpl];
  return z ? fill(z, vals) : text;
}

// LANG_KEY remembers the edition the learner chose. It is not under the
// storage prefix's per-edition data: progress, answers and code are
// shared by both editions already, since they key on ids.
const LANG_KEY = 'mcp-playground:lang';

/**
 * initLanguage wires the language switch and the first visit. The switch
 * keeps the page's hash (the step, the scenario, its parameters) and
 * remembers the choice. A first visit to the English home page by a
 * browser that prefers Chinese goes to the Chinese one, once; a remembered
 * choice does the same on either home page. Deep links never redirect
 * (whoever shared one meant that page), and a first visit by one
 * remembers the edition it opened.
 */
export function initLanguage(storage) {
  const sw = document.querySelector('a.lang-switch');
  if (!sw) return;
  sw.addEventListener('click', () => {
    storage.set(LANG_KEY, sw.getAttribute('hreflang').startsWith('zh') ? 'zh' : 'en');
    if (window.location.hash) sw.href = sw.href.split('#')[0] + window.location.hash;
  });
  const here = lang.startsWith('zh') ? 'zh' : 'en';
  let want = storage.get(LANG_KEY);
  if (!document.body.classList.contains('page-index')) {
    // A first visit by a deep link: this edition is the one being read.
    if (!want) storage.set(LANG_KEY, here);
    return;
  }
  if (!want) {
    const prefersZh = (navigator.languages || [navigator.language || '']).some((l) => /^zh\b/i.test(l));
    want = prefersZh ? 'zh' : here;
    storage.set(LANG_KEY, want);
  }
  if (want !== here) window.location.replace(sw.href);
}
