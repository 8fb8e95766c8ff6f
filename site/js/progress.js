// progress.js: what the learner has done, kept in localStorage: lessons read
// (reached the end, or answered every quiz), quizzes answered, exercises solved (key reserved
// for the exercise runner).
'use strict';

import { h, clear, storage, STORAGE_PREFIX } from './dom.js';
import { QUIZ_PREFIX } from './quiz.js';
import { t } from './i18n.js';

const LESSONS_KEY = `${STORAGE_PREFIX}lessons-read`;
/** EXERCISES_KEY holds a JSON object {exerciseID: true} of solved exercises. */
export const EXERCISES_KEY = `${STORAGE_PREFIX}exercises-solved`;
const LESSON_FILE = /(?:^|\/)(\d\d-[a-z0-9-]+)\.html$/;

/** pageSlug is the lesson slug of the current page ("01-handshake"), or "". */
export function pageSlug() {
  const m = window.location.pathname.match(LESSON_FILE);
  return m ? m[1] : '';
}

/** readNow reports whether a lesson counts as read: the learner reached
 * its end, or answered every quiz it has (quizzes: the page's quiz ids;
 * answered: whether one has a saved answer). Opening a lesson is not
 * reading it. */
export function readNow(reachedEnd, quizzes, answered) {
  return reachedEnd || (quizzes.length > 0 && quizzes.every(answered));
}

function markRead(slug) {
  const read = storage.getJSON(LESSONS_KEY, []);
  if (Array.isArray(read) && !read.includes(slug)) {
    read.push(slug);
    storage.set(LESSONS_KEY, JSON.stringify(read));
  }
}

/** recordVisit watches a lesson page and remembers it as read once
 * readNow holds: when the end of the lesson (its pager, else the last
 * paragraph) comes into view, or after an answer to its last open quiz. */
export function recordVisit() {
  const slug = pageSlug();
  if (!slug || !document.querySelector('[data-testid="lesson-title"]')) return;
  const quizzes = [...document.querySelectorAll('section.quiz[data-quiz]')].map((q) => q.dataset.quiz);
  const answered = (id) => storage.get(QUIZ_PREFIX + id) != null;
  let done = false;
  const check = (reachedEnd) => {
    if (done || !readNow(reachedEnd, quizzes, answered)) return;
    done = true;
    markRead(slug);
    document.body.dataset.lessonRead = 'true';
  };
  check(false);
  // The quiz saves its answer in its own click handler; read it after.
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('section.quiz')) setTimeout(() => check(false), 0);
  });
  const end = document.querySelector('article.lesson .pager') || document.querySelector('article.lesson .prose > :last-child');
  if (!end || typeof IntersectionObserver !== 'function') return;
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    check(true);
  });
  seen.observe(end);
}

/** fillProgress fills el with the learner's progress and marks read lessons
 * among the page's links. */
export function fillProgress(el) {
  const read = new Set(storage.getJSON(LESSONS_KEY, []));
  const lessons = new Set();
  for (const a of document.querySelectorAll('a[href]')) {
    const m = a.getAttribute('href').match(LESSON_FILE);
    if (!m) continue;
    lessons.add(m[1]);
    // Only the names of lessons take a mark: "Start the course" is a
    // button, not a lesson's title.
    if (a.classList.contains('button') || !a.closest('.lesson-list, .lesson-card, .pager')) continue;
    if (read.has(m[1]) && !a.classList.contains('is-read')) {
      a.classList.add('is-read');
      a.append(h('span', { class: 'read-mark', text: ' ✓', title: t('read') }));
    }
  }
  // Answers to quizzes the course no longer has (renamed or removed) do
  // not count; without the list every saved answer does.
  const current = el.dataset.quizzes ? new Set(el.dataset.quizzes.split(' ')) : null;
  const quizzes = storage.keys().filter((k) => k.startsWith(QUIZ_PREFIX) && (!current || current.has(k.slice(QUIZ_PREFIX.length)))).length;
  const solved = Object.keys(storage.getJSON(EXERCISES_KEY, {}) || {}).length;
  const readCount = lessons.size ? [...read].filter((s) => lessons.has(s)).length : read.size;
  clear(el);
  el.append(
    h('span', { class: 'progress-item', 'data-progress': 'lessons' }, lessons.size ? t('{1} of {2} lessons read', readCount, lessons.size) : t('{1} lessons read', readCount)),
    h('span', { class: 'progress-item', 'data-progress': 'quizzes' }, quizzes === 1 ? t('{1} quiz answered', quizzes) : t('{1} quizzes answered', quizzes)),
    h('span', { class: 'progress-item', 'data-progress': 'exercises' }, solved === 1 ? t('{1} exercise solved', solved) : t('{1} exercises solved', solved)),
  );
  if (lessons.size) {
    const bar = h('progress', { max: String(lessons.size), value: String(readCount), 'aria-label': t('lessons read') });
    el.append(bar);
  }
}
