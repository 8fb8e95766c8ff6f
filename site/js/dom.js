// dom.js: the one way page code creates elements. Text always goes in as
// text nodes, so a tool description or an imported trace can never become
// markup.
'use strict';

/**
 * h creates an element. props: class, text, dataset, on<event> handlers,
 * and plain attributes (true → empty attribute, false/null → omitted).
 * Children are nodes or strings (strings become text nodes).
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c);
  }
  return el;
}

/** clear removes every child of el. */
export function clear(el) {
  el.replaceChildren();
  return el;
}

/** storage wraps localStorage: private windows and full quotas throw, and
 * progress is never worth breaking the page for. */
export const storage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Progress is a nicety; ignore.
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
  /** getJSON returns the value saved under key, parsed, or fallback when
   * there is none or it is not JSON (an older version's, a hand edit). */
  getJSON(key, fallback) {
    try {
      return JSON.parse(this.get(key) || 'null') ?? fallback;
    } catch {
      return fallback;
    }
  },
  keys() {
    try {
      return Object.keys(window.localStorage);
    } catch {
      return [];
    }
  },
};

/** STORAGE_PREFIX namespaces every key this site writes. */
export const STORAGE_PREFIX = 'mcp-playground:';

/** keepFocus moves focus to fallback when it was (before: the element
 * focused before the change) on one of buttons and that one is now
 * disabled: a disabled button drops focus to the body, where Home scrolls
 * the page instead of resetting the player. */
export function keepFocus(before, buttons, fallback) {
  if (before && before.disabled && buttons.includes(before)) fallback.focus({ preventScroll: true });
}
