// The page's language, chosen before anything is drawn.
//
// Order: `lang=` in the link, then what the player picked before (local storage), then
// the browser's preferred languages, then English. A `lang=` value Parlor does not
// speak is passed over here and explained by Python once it is ready (like every other
// link parameter). The static shell (index.html) is filled in from assets/i18n.js, which
// tools/site.py generates from the catalogs; while a non-English page is being filled
// in, the body stays invisible, so nobody sees an English flash.
(function () {
  "use strict";
  const I = self.PARLOR_I18N;
  const KEY = "parlor:lang";
  const codes = I.languages.map((l) => l.code);
  const norm = (tag) => String(tag || "").trim().replace("_", "-").split("-")[0].toLowerCase();

  function stored() {
    try {
      return localStorage.getItem(KEY);
    } catch (err) {
      return null;  // storage refused (privacy mode): the browser's languages decide
    }
  }

  function pick() {
    const asked = norm(new URLSearchParams(location.search).get("lang"));
    if (codes.includes(asked)) {
      remember(asked);  // the link's language outlives the link (the app rewrites the URL)
      return asked;
    }
    const kept = stored();
    if (codes.includes(kept)) return kept;
    for (const tag of navigator.languages || [navigator.language]) {
      if (codes.includes(norm(tag))) return norm(tag);
    }
    return I.default;
  }

  function remember(code) {
    try {
      localStorage.setItem(KEY, code);
    } catch (err) {
      // not remembered across visits; the page still switches
    }
  }

  function word(code, key) {
    const own = I.shell[code] || {};
    return key in own ? own[key] : I.shell[I.default][key];
  }

  // Put the shell's words in `code` and lay the page out in its direction.
  function apply(code) {
    const lang = I.languages.find((l) => l.code === code) || I.languages[0];
    const root = document.documentElement;
    root.lang = lang.code;
    root.dir = lang.dir;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll("[data-i18n]"))) {
      el.textContent = word(lang.code, el.dataset.i18n);
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll("[data-i18n-attr]"))) {
      for (const pair of el.dataset.i18nAttr.split(";")) {
        const [attr, key] = pair.split("=");
        el.setAttribute(attr, word(lang.code, key));
      }
    }
    const picker = /** @type {HTMLSelectElement | null} */ (document.getElementById("lang-picker"));
    if (picker) picker.value = lang.code;
    const manifest = /** @type {HTMLLinkElement | null} */ (
      document.querySelector("link[rel='manifest']"));
    if (manifest) manifest.href = `./assets/manifest-${lang.code}.webmanifest`;
    root.classList.remove("i18n-pending");
    return lang.code;
  }

  function fillPicker() {
    const picker = /** @type {HTMLSelectElement | null} */ (document.getElementById("lang-picker"));
    if (!picker || picker.options.length) return;
    for (const lang of I.languages) {
      const opt = document.createElement("option");
      opt.value = lang.code;
      opt.lang = lang.code;
      opt.textContent = lang.endonym;
      picker.append(opt);
    }
    // Before Python is ready the shell switches by itself; afterwards the app listens
    // too and redraws what Python drew (see py/parlor/web/app.py).
    picker.addEventListener("change", () => {
      remember(picker.value);
      apply(picker.value);
    });
  }

  const chosen = pick();
  document.documentElement.lang = chosen;
  document.documentElement.dir = (I.languages.find((l) => l.code === chosen) || {}).dir || "ltr";
  if (chosen !== I.default) document.documentElement.classList.add("i18n-pending");
  self.parlorShell = { chosen, pick, apply, remember, word, languages: I.languages };
  const ready = () => {
    fillPicker();
    apply(chosen);
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
