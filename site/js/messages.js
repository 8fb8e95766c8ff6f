// messages.js: the grader's failure messages in the page's language. The
// checks write them in English, the same words go test prints; a Chinese
// exercise page carries a table of their templates (the English format
// strings with {1}, {2}, ... for the values, each with its Chinese; the
// build takes them from the grader's source, cmd/buildsite/gradermsg.go)
// and translates a message when it shows it, the way i18n.js translates a
// trace note. The values stay as they are, unless a value is itself one of
// the grader's texts (a case's description, a reason), which is translated
// the same way. A message no template matches stays in English.
'use strict';

// Where a text of the grader is a piece that code glues to something else
// ("timed out: " + why, call + ", ctx cancelled after page 2"), the piece
// ends or starts with one of these.
const OPENS = /^[ ,;:.(]/;
const CLOSES = /[ :(\n]$/;

/** compile splits one template into what a match needs: its literals,
 * the value between each two ('head' and 'tail' for what a piece is glued
 * to), and its weight, the length of its words: a parse that explains more
 * of a message in words is the better one. */
function compile(en, zh) {
  const parts = en.split(/\{([1-9][0-9]*)\}/);
  const lits = [];
  const vals = [];
  if (!/^\{[1-9]/.test(en) && OPENS.test(en)) {
    lits.push('');
    vals.push('head');
  }
  parts.forEach((p, i) => {
    if (i % 2 === 0) lits.push(p);
    else vals.push(Number(p));
  });
  if (!/\}$/.test(en) && CLOSES.test(en)) {
    vals.push('tail');
    lits.push('');
  }
  const words = parts.filter((_, i) => i % 2 === 0).join('');
  return { lits, vals, zh, weight: words.length };
}

// MAX_SPLITS bounds the ways one template may cut one text (a literal that
// occurs often, two values side by side), and MAX_WORK a whole message's
// translation: past it a message shows as the grader wrote it.
const MAX_SPLITS = 64;
const MAX_WORK = 20000;
const MAX_LOOKS = 500000; // templates held against a text: cheaper, so more

/** halfQuoted reports whether s has an odd number of unescaped quotes. */
function halfQuoted(s) {
  return (s.replace(/\\./g, '').match(/"/g) || []).length % 2 === 1;
}

/** splits lists the ways text reads as t: for each, the values between
 * t's literals, in order. */
function splits(t, text) {
  const out = [];
  const { lits } = t;
  if (lits.length === 1) return text === lits[0] ? [[]] : out;
  if (!text.startsWith(lits[0]) || !text.endsWith(lits[lits.length - 1])) return out;
  const end = text.length - lits[lits.length - 1].length;
  if (end < lits[0].length) return out;
  const acc = [];
  const walk = (i, pos) => {
    if (i === lits.length - 1) {
      out.push([...acc, text.slice(pos, end)]);
      return;
    }
    const lit = lits[i];
    for (let at = text.indexOf(lit, pos); at >= 0 && at + lit.length <= end && out.length < MAX_SPLITS; at = text.indexOf(lit, at + 1)) {
      acc.push(text.slice(pos, at));
      walk(i + 1, at + lit.length);
      acc.pop();
    }
  };
  walk(1, lits[0].length);
  return out;
}

/**
 * translator returns a function that translates one grader message with
 * table (English template → Chinese template); no table, no translation.
 * whole lists the templates a check's message is made from (the others
 * are the values and pieces inside one): the message is read as one of
 * those when it can be. Of every way the templates read a text (a value
 * may itself be a text of the grader), it takes the one that explains
 * most of it in words. A template made only of values ({1}: {2}) is never
 * in the table: it says nothing to translate, and it would read every
 * message.
 */
export function translator(table, whole = []) {
  if (!table) return (text) => text;
  const tops = new Set(whole);
  const tpls = Object.entries(table)
    .filter(([en, zh]) => zh && /[A-Za-z]/.test(en.replace(/\{[1-9][0-9]*\}/g, '')))
    .map(([en, zh]) => ({ ...compile(en, zh), top: tops.has(en) }))
    .sort((a, b) => b.weight - a.weight);
  // Code also joins two texts with ": " or "; " (msg + ": " + why): a
  // join of no words of its own, read only where both sides are texts.
  for (const [en, zh] of [['{1}: {2}', '{1}：{2}'], ['{1}; {2}', '{1}；{2}']]) {
    tpls.push({ ...compile(en, zh), top: false, weight: 0 });
  }
  return (message) => {
    const memo = new Map();
    let work = 0;
    let looks = 0;
    const read = (text, onlyTop) => {
      let best = { out: text, score: 0 };
      for (const t of tpls) {
        if (onlyTop && !t.top) continue;
        if (++looks > MAX_LOOKS || work > MAX_WORK) break;
        if (!text.startsWith(t.lits[0]) || !text.endsWith(t.lits[t.lits.length - 1])) continue;
        if (!t.lits.every((l) => text.includes(l))) continue;
        for (const vals of splits(t, text)) {
          if (++work > MAX_WORK) break;
          const got = {};
          let score = t.weight;
          t.vals.forEach((v, i) => {
            const p = parse(vals[i]);
            got[v] = p.out;
            // A value that cuts a quoted string in two is the worse reading.
            score += p.score - (halfQuoted(vals[i]) ? 0.5 : 0);
          });
          if (score > best.score) {
            const body = t.zh.replace(/\{([1-9][0-9]*)\}/g, (m, n) => (n in got ? got[n] : m));
            best = { out: (got.head ?? '') + body + (got.tail ?? ''), score };
          }
        }
      }
      return best;
    };
    const parse = (text) => {
      if (memo.has(text)) return memo.get(text);
      memo.set(text, { out: text, score: 0 }); // a text inside itself reads as itself
      const best = read(text, false);
      memo.set(text, best);
      return best;
    };
    if (!message) return message;
    const top = read(message, true);
    return top.score > 0 ? top.out : parse(message).out;
  };
}
