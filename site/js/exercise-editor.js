// exercise-editor.js: a textarea made pleasant for Go: line numbers, Tab
// and Shift+Tab indent, Enter keeps the indentation. It stays a plain
// textarea underneath, so the browser's undo, search and accessibility
// keep working, and tests set its value and dispatch input like any field.
'use strict';

/** Editor wraps a textarea and its line-number gutter. */
export class Editor {
  /**
   * @param {HTMLTextAreaElement} textarea
   * @param {HTMLElement} gutter a <pre> for the line numbers
   * @param {(value: string) => void} onChange called after every edit
   */
  constructor(textarea, gutter, onChange) {
    this.ta = textarea;
    this.gutter = gutter;
    this.onChange = onChange;
    this.escaped = false; // Esc pressed: the next Tab leaves the editor
    this.lines = 0;
    textarea.addEventListener('input', () => this.changed());
    textarea.addEventListener('scroll', () => {
      this.gutter.scrollTop = this.ta.scrollTop;
    });
    textarea.addEventListener('keydown', (e) => this.onKey(e));
    this.renumber();
  }

  get value() {
    return this.ta.value;
  }

  /** set replaces the whole text (Reset, a restore, the solution). */
  set(value) {
    this.ta.value = value;
    this.changed();
  }

  changed() {
    this.renumber();
    this.onChange(this.ta.value);
  }

  renumber() {
    const n = this.ta.value.split('\n').length;
    if (n === this.lines) return;
    this.lines = n;
    let s = '';
    for (let i = 1; i <= n; i++) s += `${i}\n`;
    // Two spare lines: room for the textarea's horizontal scrollbar, so
    // the last number can scroll as far as the last line of code.
    this.gutter.textContent = `${s}\n\n`;
    this.gutter.scrollTop = this.ta.scrollTop;
  }

  /** goTo puts the cursor at the start of line (1-based) and shows it. */
  goTo(line, col = 1) {
    const lines = this.ta.value.split('\n');
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) pos += lines[i].length + 1;
    pos += Math.max(0, Math.min(col - 1, (lines[line - 1] || '').length));
    this.ta.focus();
    this.ta.setSelectionRange(pos, pos);
    const lh = parseFloat(getComputedStyle(this.ta).lineHeight) || 20;
    this.ta.scrollTop = Math.max(0, (line - 4) * lh);
  }

  /** insert replaces the selection with text through the browser's own
   * editing, so Ctrl+Z undoes it. */
  insert(text) {
    this.ta.focus();
    if (!document.execCommand || !document.execCommand('insertText', false, text)) {
      this.ta.setRangeText(text, this.ta.selectionStart, this.ta.selectionEnd, 'end');
      this.changed();
    }
  }

  onKey(e) {
    if (e.key === 'Escape') {
      this.escaped = true;
      return;
    }
    if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) {
      if (this.escaped) {
        this.escaped = false;
        return; // let the focus move on
      }
      e.preventDefault();
      this.indent(e.shiftKey);
      return;
    }
    this.escaped = false;
    if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && !e.isComposing) {
      const v = this.ta.value;
      const start = v.lastIndexOf('\n', this.ta.selectionStart - 1) + 1;
      const line = v.slice(start, this.ta.selectionStart);
      let lead = line.match(/^[\t ]*/)[0];
      if (/[{(\[]\s*$/.test(line)) lead += '\t';
      e.preventDefault();
      this.insert(`\n${lead}`);
    }
  }

  /** indent inserts a tab, or (with a selection over lines, or outdent)
   * adds or removes one tab at the start of every selected line. */
  indent(outdent) {
    const ta = this.ta;
    const v = ta.value;
    const selStart = ta.selectionStart;
    const selEnd = ta.selectionEnd;
    if (!outdent && !v.slice(selStart, selEnd).includes('\n')) {
      this.insert('\t');
      return;
    }
    const start = v.lastIndexOf('\n', selStart - 1) + 1;
    const end = selEnd > start && v[selEnd - 1] === '\n' ? selEnd - 1 : selEnd;
    const block = v.slice(start, end);
    const lines = block.split('\n');
    const changed = lines.map((l) => (outdent ? l.replace(/^(\t| {1,4})/, '') : `\t${l}`)).join('\n');
    if (changed === block) return;
    ta.setSelectionRange(start, end);
    this.insert(changed);
    ta.setSelectionRange(start, start + changed.length);
  }
}
