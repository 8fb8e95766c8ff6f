// toc.js: a long lesson's contents, kept at hand. The build writes the
// contents as a plain list of links (it works with no script); this module
// marks the section being read and how much of the lesson is left, and on a
// narrow screen folds the list into one compact bar under the site header
// that opens it. Which layout applies is CSS's decision (a side column from
// 75rem up); the script only keeps the marks and the bar's state.
'use strict';

import { t } from './i18n.js';

/**
 * currentIndex is the index of the section being read: the last heading
 * whose top is at or above line (px from the top of the viewport), or 0
 * before the first. tops are the headings' tops, in document order.
 */
export function currentIndex(tops, line) {
  let at = 0;
  for (let i = 0; i < tops.length; i++) {
    if (tops[i] <= line) at = i;
    else break;
  }
  return at;
}

/**
 * percentLeft is how much of a text running from top to bottom (page
 * offsets) is still below the bottom of a viewport whose bottom edge is at
 * seen, as a whole percentage from 0 to 100.
 */
export function percentLeft(top, bottom, seen) {
  const len = bottom - top;
  if (len <= 0) return 0;
  const read = Math.min(Math.max(seen - top, 0), len);
  return Math.round((100 * (len - read)) / len);
}

/** initToc wires the contents of the lesson page, if it has one. */
export function initToc(doc = document) {
  const nav = doc.querySelector('[data-role="toc"]');
  const prose = doc.querySelector('.lesson .prose');
  if (!nav || !prose) return null;
  const links = [...nav.querySelectorAll('a[href^="#"]')];
  const heads = links.map((a) => doc.getElementById(decodeURIComponent(a.hash.slice(1))));
  if (heads.some((x) => !x)) return null;
  const bar = nav.querySelector('[data-role="toc-toggle"]');
  const here = nav.querySelector('[data-role="toc-here"]');
  const lefts = [...nav.querySelectorAll('[data-role="toc-left"]')];
  const meter = nav.querySelector('[data-role="toc-meter"]');
  const header = doc.querySelector('.site-header');
  let current = -1;

  const setOpen = (open) => {
    nav.dataset.open = open ? 'true' : 'false';
    bar.setAttribute('aria-expanded', open ? 'true' : 'false');
  };
  bar.hidden = false;
  nav.querySelector('[data-role="toc-status"]').hidden = false;
  setOpen(false);
  bar.addEventListener('click', () => setOpen(nav.dataset.open !== 'true'));
  // A chosen section closes the compact list, so the reader sees it.
  for (const a of links) a.addEventListener('click', () => setOpen(false));
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && nav.dataset.open === 'true') {
      setOpen(false);
      bar.focus();
    }
  });

  const update = () => {
    // The reading line: a quarter down what the site header (and the bar,
    // when the contents are folded into one) leaves of the screen. A
    // heading above it starts the section being read.
    const top = (header ? header.getBoundingClientRect().bottom : 0) + (nav.dataset.layout === 'bar' ? bar.offsetHeight : 0);
    const line = top + (window.innerHeight - top) / 4;
    const i = currentIndex(heads.map((x) => x.getBoundingClientRect().top), line);
    if (i !== current) {
      current = i;
      links.forEach((a, j) => {
        if (j === i) a.setAttribute('aria-current', 'location');
        else a.removeAttribute('aria-current');
        a.classList.toggle('is-read', j < i);
      });
      here.textContent = links[i].textContent;
    }
    const box = prose.getBoundingClientRect();
    const pct = percentLeft(box.top + window.scrollY, box.bottom + window.scrollY, window.scrollY + window.innerHeight);
    const words = pct === 0 ? t('end of the lesson') : t('{1}% left', pct);
    for (const l of lefts) l.textContent = words;
    meter.value = 100 - pct;
  };
  // The bar's layout, for the reading line: CSS shows it on narrow screens.
  const layout = () => {
    // The contents stick under the site header, whose height depends on
    // the width (the name may take two lines on a phone).
    if (header) doc.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`);
    nav.dataset.layout = getComputedStyle(bar).display === 'none' ? 'side' : 'bar';
    update();
  };
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', () => requestAnimationFrame(layout));
  layout();
  return { update };
}
