// quiz.js: grades the predict-the-next-message quizzes in the page and
// remembers each answer in localStorage.
'use strict';

import { h, storage, STORAGE_PREFIX } from './dom.js';

/** QUIZ_PREFIX + data-quiz holds {choice, correct} for an answered quiz,
 * choice being the chosen button's data-choice: a key of the choice's text,
 * so a saved answer survives the choices being reordered. */
export const QUIZ_PREFIX = `${STORAGE_PREFIX}quiz:`;

export function initQuizzes(root = document) {
  for (const section of root.querySelectorAll('section.quiz')) {
    const key = QUIZ_PREFIX + (section.dataset.quiz || '');
    const buttons = [...section.querySelectorAll('button.quiz-choice')];
    const result = h('p', { class: 'quiz-result', role: 'status' });
    section.append(result);
    const grade = (i, remember) => {
      buttons.forEach((b, j) => {
        b.classList.remove('is-correct', 'is-wrong');
        b.setAttribute('aria-pressed', String(j === i));
        const why = b.parentElement && b.parentElement.querySelector('.quiz-why');
        if (why) why.hidden = true;
      });
      const chosen = buttons[i];
      const correct = chosen.dataset.correct === 'true';
      chosen.classList.add(correct ? 'is-correct' : 'is-wrong');
      for (const b of buttons) {
        if (b === chosen || b.dataset.correct === 'true') {
          if (b.dataset.correct === 'true') b.classList.add('is-correct');
          const why = b.parentElement && b.parentElement.querySelector('.quiz-why');
          if (why) why.hidden = false;
        }
      }
      result.textContent = correct ? 'Correct.' : 'Not quite: the reason is under each marked answer.';
      section.dataset.answered = correct ? 'correct' : 'wrong';
      if (remember) storage.set(key, JSON.stringify({ choice: chosen.dataset.choice, correct }));
    };
    buttons.forEach((b, i) => b.addEventListener('click', () => grade(i, true)));
    // An old or foreign value (a position, from before choices had keys,
    // or a choice whose text has since changed) leaves the quiz unanswered.
    const saved = storage.getJSON(key, null);
    const at = saved && typeof saved.choice === 'string' ? buttons.findIndex((b) => b.dataset.choice === saved.choice) : -1;
    if (at >= 0) grade(at, false);
  }
}
