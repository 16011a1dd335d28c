// Whether this browser keeps Parlor's storage (saved games, Lab bots), said on the menu,
// and the player's own request that it does. A browser may delete a site's storage when
// space runs low, and Safari does after seven days without a visit unless the site is on
// the Home Screen; `navigator.storage.persist()` asks it not to. It is asked only when
// the player presses "Keep my games on this device", a moment they understand (Firefox
// shows a permission prompt; Chromium answers from how much the site is used).
//
// The menu's #storage-slot says one of the shell words shell.storage.{kept, may_go,
// unknown, refused} (kept by data-i18n, so a change of language says it again) and sets
// data-persisted="1" or "0" ("" when the browser cannot say). No Python is needed.
(function () {
  "use strict";
  const box = document.getElementById("storage-slot");
  const state = document.getElementById("storage-state");
  const keep = document.getElementById("storage-keep");
  if (!box || !state || !keep) return;
  const storage = navigator.storage;

  function say(key) {
    state.dataset.i18n = key;
    state.textContent = window.parlorShell.word(document.documentElement.lang, key);
  }

  async function check() {
    if (!storage || typeof storage.persisted !== "function") {
      box.dataset.persisted = "";
      keep.hidden = true;
      say("shell.storage.unknown");
      return false;
    }
    let kept = false;
    try {
      kept = await storage.persisted();
    } catch (err) {
      kept = false;  // an opaque or insecure context: treated as not promised
    }
    box.dataset.persisted = kept ? "1" : "0";
    keep.hidden = kept || typeof storage.persist !== "function";
    say(kept ? "shell.storage.kept" : "shell.storage.may_go");
    return kept;
  }

  keep.addEventListener("click", async () => {
    let granted = false;
    try {
      granted = await storage.persist();
    } catch (err) {
      granted = false;
    }
    if (!(await check()) && !granted) say("shell.storage.refused");
  });

  check();
})();
