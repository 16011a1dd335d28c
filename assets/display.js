// How the page looks, chosen before anything is drawn: the projector layout and motion.
// Page settings only (never part of a game), remembered in local storage:
//   parlor:projector  "on" | "off"   (absent: on by itself on a wide landscape screen)
//   parlor:motion     "on" | "off"   (absent: off when the system asks for reduced motion)
// They set <html data-layout="projector|normal"> and <html data-motion="on|off">; the
// header's buttons (data-action="projector", "motion") switch them. Python never sees them.
(function () {
  "use strict";
  const root = document.documentElement;
  const wide = matchMedia("(min-width: 1600px) and (orientation: landscape)");
  const calm = matchMedia("(prefers-reduced-motion: reduce)");
  const stored = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };
  const store = (key, value) => { try { localStorage.setItem(key, value); } catch (e) { /* kept for this page */ } };
  const state = { projector: stored("parlor:projector"), motion: stored("parlor:motion") };

  function apply() {
    const projector = state.projector ? state.projector === "on" : wide.matches;
    const motion = state.motion ? state.motion === "on" : !calm.matches;
    root.dataset.layout = projector ? "projector" : "normal";
    root.dataset.motion = motion ? "on" : "off";
    for (const [name, on] of [["projector", projector], ["motion", motion]]) {
      for (const b of document.querySelectorAll(`[data-action="${name}"]`)) {
        b.setAttribute("aria-pressed", on ? "true" : "false");
      }
    }
  }
  wide.addEventListener("change", apply);
  calm.addEventListener("change", apply);
  addEventListener("DOMContentLoaded", apply);
  addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLElement | null} */ (
      target.closest && target.closest('[data-action="projector"], [data-action="motion"]'));
    if (!button) return;
    const name = button.dataset.action;
    const now = root.dataset[name === "projector" ? "layout" : "motion"];
    const on = name === "projector" ? now !== "projector" : now !== "on";
    state[name] = on ? "on" : "off";
    store("parlor:" + name, state[name]);
    apply();
  });
  apply();
})();
