// quiz.js: grades the predict-the-next-message quizzes in the page and
// remembers each answer in localStorage.
'use strict';

import { h, storage, STORAGE_PREFIX } from './dom.js';
import { t } from './i18n.js';

/** QUIZ_PREFIX + data-quiz holds {tried, solved, revealed} for a quiz the
 * learner answered: tried lists the wrong choices picked, by their
 * data-choice (a key of the choice's text, so a saved answer survives the
 * choices being reordered). */
export const QUIZ_PREFIX = `${STORAGE_PREFIX}quiz:`;

/** readSaved returns the saved state of a quiz whose choices have keys
 * keys, dropping what no longer names one of them. Answers saved as
 * {choice, correct} (one try) read as that one try. */
export function readSaved(value, keys) {
  const out = { tried: [], solved: false, revealed: false };
  if (!value || typeof value !== 'object') return out;
  const known = (k) => typeof k === 'string' && keys.includes(k);
  if (Array.isArray(value.tried)) out.tried = value.tried.filter(known);
  else if (known(value.choice) && value.correct !== true) out.tried = [value.choice];
  out.solved = value.solved === true || (known(value.choice) && value.correct === true);
  out.revealed = value.revealed === true;
  return out;
}

export function initQuizzes(root = document) {
  for (const section of root.querySelectorAll('section.quiz')) initQuiz(section);
}

// initQuiz wires one quiz. A wrong pick shows why it is wrong and lets the
// learner try again; the right answer shows only when picked or asked for.
function initQuiz(section) {
  const key = QUIZ_PREFIX + (section.dataset.quiz || '');
  // The CSS shows the label over the question; its words are the page's.
  section.dataset.label = t('Predict');
  const buttons = [...section.querySelectorAll('button.quiz-choice')];
  const keys = buttons.map((b) => b.dataset.choice);
  const why = (b) => b.parentElement && b.parentElement.querySelector('.quiz-why');
  const state = readSaved(storage.getJSON(key, null), keys);
  const result = h('p', { class: 'quiz-result', role: 'status' });
  const reveal = h('button', { type: 'button', class: 'quiz-reveal', 'data-testid': 'quiz-reveal', hidden: true }, t('Show the answer'));
  section.append(result, reveal);

  const paint = () => {
    for (const b of buttons) {
      const wrong = state.tried.includes(b.dataset.choice);
      const right = b.dataset.correct === 'true' && (state.solved || state.revealed);
      b.classList.toggle('is-wrong', wrong);
      b.classList.toggle('is-correct', right);
      b.setAttribute('aria-pressed', String(wrong || (right && state.solved)));
      const w = why(b);
      if (w) w.hidden = !(wrong || right);
    }
    const answered = state.solved || state.revealed || state.tried.length > 0;
    reveal.hidden = !answered || state.solved || state.revealed;
    if (state.solved) result.textContent = state.tried.length ? t('Correct, this time.') : t('Correct.');
    else if (state.revealed) result.textContent = t('The right answer is marked, with its reason under it.');
    else if (answered) result.textContent = t('Not quite: the reason is under your answer. Try another, or show the answer.');
    else result.textContent = '';
    section.dataset.answered = state.solved ? 'correct' : answered ? 'wrong' : '';
  };
  const save = () => storage.set(key, JSON.stringify(state));

  buttons.forEach((b) => b.addEventListener('click', () => {
    if (b.dataset.correct === 'true') state.solved = true;
    else if (!state.tried.includes(b.dataset.choice)) state.tried.push(b.dataset.choice);
    save();
    paint();
  }));
  reveal.addEventListener('click', () => {
    state.revealed = true;
    save();
    paint();
    const right = buttons.find((b) => b.dataset.correct === 'true');
    if (right) right.focus();
  });
  // Arrow keys move between the choices, as in a radio group; Tab still
  // visits each one.
  section.addEventListener('keydown', (ev) => {
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[ev.key];
    let j = step === undefined ? -1 : (i + step + buttons.length) % buttons.length;
    if (ev.key === 'Home') j = 0;
    if (ev.key === 'End') j = buttons.length - 1;
    if (j < 0) return;
    ev.preventDefault();
    buttons[j].focus();
  });
  paint();
}
