// The Bot Lab's code editor: CodeMirror 6 (from PyScript's own dist, so offline and
// precached) over each textarea[data-lab-code] Python draws. The textarea stays the
// source of truth Python reads and writes; the editor is a view kept in step with it:
//
//   textarea[data-lab-code]   gets an editor mounted right after it, and is then hidden
//                             (still in the DOM). Every edit writes its value and fires
//                             a bubbling "input" event on it, as typing in it would.
//     data-lab-version        Python sets new code by setting the value and changing this
//                             attribute: the editor reloads the text (as one undoable
//                             change, so a student can take the reset back).
//     aria-label              copied to the editor's text area (kept up to date).
//     data-lab-help           the words for "Escape then Tab leaves the editor", shown
//                             under it and linked by aria-describedby (Python translates
//                             them: this file puts no words of its own on the page).
//   [data-lab-error][data-line]  anywhere on the page: line N (from 1) of every editor is
//                             marked (class cm-lab-error) while the element is there.
//
// CodeMirror is imported only when the first such textarea appears (most visits never
// open the Bot Lab). If it cannot be loaded (offline before the cache was filled), the
// textarea simply stays: it is a plain, usable code box, and the console says why.
// The editor always runs left to right, whatever the page's language.
(function () {
  "use strict";
  const MODULE = new URL("../vendor/pyscript/parlor-codemirror.js", /** @type {HTMLScriptElement} */ (document.currentScript).src).href;
  const records = new Map();   // textarea -> { view, wrap, ... } once mounted, or "loading"
  let loading = null;          // Promise of the CodeMirror kit (see kit())
  let helpIds = 0;

  // The module and what every editor shares, built once.
  function kit() {
    if (!loading) {
      loading = import(MODULE).then((cm) => {
        const setErrorLine = cm.StateEffect.define();
        const errorLine = cm.StateField.define({
          create: () => cm.Decoration.none,
          update(marks, tr) {
            marks = marks.map(tr.changes);
            for (const effect of tr.effects) {
              if (effect.is(setErrorLine)) {
                const n = effect.value;
                marks = n >= 1 && n <= tr.state.doc.lines
                  ? cm.Decoration.set([cm.Decoration.line({ class: "cm-lab-error" })
                    .range(tr.state.doc.line(n).from)])
                  : cm.Decoration.none;
              }
            }
            return marks;
          },
          provide: (field) => cm.EditorView.decorations.from(field),
        });
        // Tab indents (indentWithTab), bound as a DOM handler because the keymap facet
        // has no readable name in PyScript's chunks; CodeMirror skips it after Escape
        // (its tab-focus mode), so Escape then Tab still leaves the editor.
        const tab = cm.EditorView.domEventHandlers({
          keydown(event, view) {
            if (event.key !== "Tab" || event.ctrlKey || event.altKey || event.metaKey) return false;
            return (event.shiftKey ? cm.indentWithTab.shift : cm.indentWithTab.run)(view);
          },
        });
        // Long lines wrap: on a phone the start of each line (def, the indentation)
        // stays in view instead of scrolling sideways out of it. Each line takes its
        // direction from its first letter: code reads left to right, and a comment in
        // Persian (a starter's, in the page's language) right to left, its full stop and
        // its code fragments where a Persian reader looks for them.
        return { cm, setErrorLine, shared: [cm.basicSetup, cm.python(), errorLine, tab,
          cm.indentUnit.of("    "), cm.EditorState.tabSize.of(4), cm.EditorView.lineWrapping,
          cm.EditorView.perLineTextDirection.of(true)] };
      });
      loading.catch(() => { loading = null; });  // a later textarea may try again
    }
    return loading;
  }

  // The line the page's error element names (0: none).
  function errorLine() {
    const el = document.querySelector("[data-lab-error][data-line]");
    const n = el ? parseInt(el.getAttribute("data-line"), 10) : 0;
    return Number.isFinite(n) && n >= 1 ? n : 0;
  }

  function contentAttributes(ta, rec) {
    const attrs = {};
    const label = ta.getAttribute("aria-label");
    if (label) attrs["aria-label"] = label;
    if (rec.help.textContent) attrs["aria-describedby"] = rec.help.id;
    return attrs;
  }

  async function mount(ta) {
    records.set(ta, "loading");
    let k;
    try {
      k = await kit();
    } catch (err) {
      records.delete(ta);
      ta.hidden = false;
      console.error("Bot Lab editor: CodeMirror could not be loaded; the plain text box " +
        "stays in its place.", err);
      return;
    }
    if (!ta.isConnected) { records.delete(ta); return; }
    const { cm, setErrorLine, shared } = k;
    const wrap = document.createElement("div");
    wrap.className = "lab-editor";
    const code = document.createElement("div");
    code.className = "lab-editor-code";
    code.dir = "ltr";
    const help = document.createElement("p");
    help.className = "lab-editor-help";
    help.id = `lab-editor-help-${++helpIds}`;
    help.textContent = ta.getAttribute("data-lab-help") || "";
    help.hidden = !help.textContent;
    wrap.append(code, help);
    const rec = { ta, wrap, help, view: null, quiet: false, line: 0,
      label: ta.getAttribute("aria-label"), version: ta.getAttribute("data-lab-version"),
      attrs: new cm.Compartment() };
    const hadFocus = document.activeElement === ta;
    const caret = Math.min(ta.selectionStart || 0, ta.value.length);
    rec.view = new cm.EditorView({
      parent: code,
      state: cm.EditorState.create({
        doc: ta.value,
        selection: { anchor: caret },
        extensions: [
          ...shared,
          rec.attrs.of(cm.EditorView.contentAttributes.of(contentAttributes(ta, rec))),
          cm.EditorView.updateListener.of((update) => {
            if (!update.docChanged || rec.quiet) return;
            ta.value = update.state.doc.toString();
            ta.dispatchEvent(new Event("input", { bubbles: true }));
          }),
        ],
      }),
    });
    rec.reconfigure = () => rec.view.dispatch({
      effects: rec.attrs.reconfigure(cm.EditorView.contentAttributes.of(contentAttributes(ta, rec))),
    });
    rec.markError = (n) => {
      if (n === rec.line) return;
      rec.line = n;
      const effects = [setErrorLine.of(n)];
      if (n >= 1 && n <= rec.view.state.doc.lines) {
        effects.push(cm.EditorView.scrollIntoView(rec.view.state.doc.line(n).from, { y: "nearest" }));
      }
      rec.view.dispatch({ effects });
    };
    ta.after(wrap);
    ta.hidden = true;
    records.set(ta, rec);
    rec.markError(errorLine());
    if (hadFocus) rec.view.focus();
  }

  // The textarea's value was set from outside: show it (one undoable change, not echoed).
  function reload(rec) {
    const text = rec.ta.value;
    const doc = rec.view.state.doc;
    if (doc.toString() === text) return;
    rec.quiet = true;
    try {
      rec.view.dispatch({ changes: { from: 0, to: doc.length, insert: text } });
    } finally {
      rec.quiet = false;
    }
    rec.line = -1;  // the mark was mapped through the change: set it again
    rec.markError(errorLine());
  }

  function update() {
    for (const [ta, rec] of records) {
      if (rec === "loading") continue;
      if (!ta.isConnected) {  // Python drew the screen again: this editor's box is gone
        rec.view.destroy();
        rec.wrap.remove();
        records.delete(ta);
        continue;
      }
      const version = ta.getAttribute("data-lab-version");
      if (version !== rec.version) {
        rec.version = version;
        reload(rec);
      }
      const help = ta.getAttribute("data-lab-help") || "";
      const label = ta.getAttribute("aria-label");
      if (help !== rec.help.textContent || label !== rec.label) {
        rec.help.textContent = help;
        rec.help.hidden = !help;
        rec.label = label;
        rec.reconfigure();
      }
      rec.markError(errorLine());
    }
    for (const ta of document.querySelectorAll("textarea[data-lab-code]")) {
      if (!records.has(ta)) mount(ta);
    }
  }

  const WATCHED = ["data-lab-version", "data-lab-help", "aria-label", "data-lab-error", "data-line"];

  function start() {
    // The editors' own DOM changes on every key press: those are not ours to look at.
    new MutationObserver((mutations) => {
      if (mutations.some((m) => {
        const target = /** @type {Element} */ (m.target);
        return !(target.closest && target.closest(".lab-editor"));
      })) update();
    }).observe(document.body, { childList: true, subtree: true, attributes: true,
      attributeFilter: WATCHED });
    update();
  }

  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start, { once: true });
})();
