// While Python loads: a progress line that tells what is really happening, and a press
// on Play (or Guide, Join, Import) that is kept and carried out once Python is ready.
//
// The static menu is drawn before Python runs, so a player may press Play at once. The
// press is held here (the buttons marked data-needs-python), said in the status line,
// and clicked again for Python the moment the app marks itself ready; a second press
// before then replaces the first, so exactly one choice is carried out, once.
//
// Progress: the runtime's files as the browser finishes them (Resource Timing: the
// page asks for them from its first byte, see index.html), then "starting Python"
// (PyScript's py:ready: the interpreter runs the app's code), then "opening Parlor".
(function () {
  "use strict";
  const RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                   "parlor.zip"];
  const loaded = new Map();  // runtime file name -> bytes
  let phase = "files";  // files -> python -> opening
  let kept = null;  // the button pressed before Python was ready

  const say = (key, values) => {
    let text = parlorShell.word(document.documentElement.lang, key);
    for (const [name, value] of Object.entries(values || {})) {
      text = text.replace("{" + name + "}", value);
    }
    return text;
  };
  const ready = () => document.body.dataset.ready === "1";

  function show() {
    const line = document.getElementById("loading-text");
    if (!line || ready()) return;
    let text;
    if (phase === "files") {
      let bytes = 0;
      for (const size of loaded.values()) bytes += size;
      const mb = (bytes / 1e6).toLocaleString(document.documentElement.lang,
                                               { maximumFractionDigits: 1 });
      const count = loaded.size.toLocaleString(document.documentElement.lang);
      const total = RUNTIME.length.toLocaleString(document.documentElement.lang);
      text = say("shell.loading_files", { done: count, total: total, mb: mb });
    } else {
      text = say(phase === "python" ? "shell.loading_text" : "shell.python_ready");
    }
    if (kept) text += " " + say("shell.loading_kept", { what: what(kept) });
    line.textContent = text;
    const bar = document.getElementById("loading");
    if (bar) bar.setAttribute("aria-valuetext", text);
  }

  // What the kept press will open, in the player's words: the game's name on its tile,
  // else the button's own label.
  function what(button) {
    const tile = button.closest("[data-game-card]");
    const title = tile && tile.querySelector("h2");
    return (title || button).textContent.trim();
  }

  if ("PerformanceObserver" in self) {
    new PerformanceObserver((list) => {
      for (const entry of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
        const name = new URL(entry.name).pathname.split("/").pop();
        if (!RUNTIME.includes(name) || loaded.has(name)) continue;
        loaded.set(name, entry.decodedBodySize || entry.encodedBodySize || 0);
        if (phase === "files" && loaded.size === RUNTIME.length) phase = "python";
        show();
      }
    }).observe({ type: "resource", buffered: true });
  }
  // Pyodide is up (the page's Pyodide wrapper, assets/pyodide-start.mjs, or PyScript's
  // progress event): its files are surely in, even when the Resource Timing entry of the
  // last one has not been delivered yet (a fast start can reach py:ready first, and the
  // line would skip "starting Python").
  const pythonUp = () => {
    if (phase !== "files") return;
    phase = "python";
    show();
  };
  addEventListener("parlor:python-up", pythonUp);
  addEventListener("py:progress", (event) => {
    if (/** @type {CustomEvent} */ (event).detail === "Loaded interpreter") pythonUp();
  });
  addEventListener("py:ready", () => {
    phase = "opening";
    show();
  });

  // Capture phase: the press never reaches the page's other listeners until Python
  // can take it.
  document.addEventListener("click", (event) => {
    if (ready()) return;
    const target = /** @type {Element} */ (event.target);
    const button = target.closest && target.closest("[data-needs-python]");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (kept) kept.removeAttribute("aria-pressed");
    kept = button;
    kept.setAttribute("aria-pressed", "true");
    show();
  }, true);

  // Run `start` once the app has marked itself ready (body[data-ready="1"]); the page's
  // other scripts wait on it too (index.html starts the service worker then).
  function whenReady(start) {
    if (document.body && ready()) return start();
    const watch = new MutationObserver(() => {
      if (!ready()) return;
      watch.disconnect();
      start();
    });
    const observe = () => watch.observe(document.body,
                                        { attributes: true, attributeFilter: ["data-ready"] });
    if (document.body) observe(); else addEventListener("DOMContentLoaded", observe);
  }
  self.parlorWhenReady = whenReady;

  whenReady(() => {
    const button = kept;
    kept = null;
    if (button) {
      button.removeAttribute("aria-pressed");
      if (button.isConnected && !button.hidden && !button.closest("[hidden]")) button.click();
    }
  });
  addEventListener("DOMContentLoaded", show);
})();
