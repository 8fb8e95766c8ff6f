// quiz.js: grades the predict-the-next-message quizzes in the page and
// remembers each answer in localStorage.
'use strict';

import { h, storage, STORAGE_PREFIX } from './dom.js';

/** QUIZ_PREFIX + data-quiz holds {choice, correct} for an answered quiz. */
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
      if (remember) storage.set(key, JSON.stringify({ choice: i, correct }));
    };
    buttons.forEach((b, i) => b.addEventListener('click', () => grade(i, true)));
    // An old or foreign value leaves the quiz unanswered.
    const saved = storage.getJSON(key, null);
    if (saved && Number.isInteger(saved.choice) && buttons[saved.choice]) grade(saved.choice, false);
  }
}
