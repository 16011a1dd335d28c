"""Suite ``memory``: what a tab holds after many games, with the Lab beside a
game, and what a reload leaves behind, against a stock PyScript page.

A phone or a Chromebook kills a tab that grows, so what matters is the plateau a tab
settles on after warm-up, not its size after one game.

- **Soak**: each title played N times in one page (seeded, bots only, no bot delay,
  "Play again" between games; Saboteur is the issue's duel, hard against medium, one
  round). After each game the page's renderer process is read. Printed: at ready, after
  the first game, the plateau (median of the last tenth of the games, at least 3), the
  largest, and after a forced garbage collection (CDP ``HeapProfiler.collectGarbage``):
  the difference is garbage the browser had not collected yet. Then what holds it: the
  JS heap (``Runtime.getHeapUsage``), DOM nodes (``Performance.getMetrics``, detached
  ones not yet collected included), the wasm heap (Pyodide's ``WebAssembly.Memory``,
  found by wrapping its constructor in an init script) and Python's objects by type.
- **The Lab beside a game**: the Saboteur tab, after its soak, opens the Lab (its
  referee and a spare sandbox started); the page's renderer and the sandboxes' frame
  (a renderer process of its own) together, then again once the Lab is left (its
  workers end).
- **Reloads**: one tab reloaded R times, Parlor's menu and the stock page
  (tools/bench/stock.html) in the same browser, and Parlor with the Lab open; the
  renderer after each ready and the growth per reload (least-squares slope).

Memory is the renderer's resident set (VmRSS, as the issue's figures) and its
proportional share (Pss: shared pages of the browser's binary split between the
processes that map them, so Pss adds up across processes where RSS counts them in
each). Processes are this browser's own (CDP ``SystemInfo.getProcessInfo``,
tools/bench/harness.py): other browsers on the machine are not counted. Linux only
(/proc); skipped elsewhere.

    python -m tools.bench memory [--soak-games 30] [--reloads 25] [--titles saboteur]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from tools.bench.harness import READY, Context, page_renderer, renderers

#: title, seats, players, extra link parameters: the games of the figures in docs/developing.md
#: ("Measured figures") and docs/decisions/memory.md.
SOAKS = (("kabaleo", "bot:hard,bot:medium,bot:hard,bot:easy", 4, ""),
         ("ciao", "bot:hard,bot:medium,bot:hard", 3, "&opt.rounds=1"),
         ("saboteur", "bot:hard,bot:medium", 2, "&opt.rounds=1"))


def options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--soak-games", type=int, default=0,
                       help="games per title in one tab (default 30; --quick 5)")
    group.add_argument("--reloads", type=int, default=0,
                       help="reloads of one tab (default 25; --quick 5)")
    group.add_argument("--titles", default="",
                       help="the titles soaked, e.g. saboteur (default all three)")

#: Before any page script: keep each WebAssembly.Memory made or exported by an instance
#: (Pyodide's heap is exported by its module).
WASM_MEMORIES = """
(() => {
  const Made = WebAssembly.Memory;
  const kept = new Set();
  function Memory(descriptor) { const m = new Made(descriptor); kept.add(m); return m; }
  Memory.prototype = Made.prototype;
  WebAssembly.Memory = Memory;
  const exported = (result) => {
    const exports = (result.instance || result).exports || {};
    for (const value of Object.values(exports)) if (value instanceof Made) kept.add(value);
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    if (original) WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(exported);
  }
  Object.defineProperty(window, "__benchWasmBytes", {
    value: () => [...kept].reduce((n, m) => n + m.buffer.byteLength, 0)});
})();
"""

#: Python's objects by type, run in the page's interpreter through the app's proxy.
PY_OBJECTS = """
import collections, gc, json, sys
gc.collect()
_c = collections.Counter(type(o).__name__ for o in gc.get_objects())
out = json.dumps({"objects": sum(_c.values()), "top": _c.most_common(4),
                  "modules": len(sys.modules)})
"""


def holders(page: Any, cdp: Any) -> dict[str, float]:
    """What the page holds now: JS heap, DOM nodes, wasm heap, Python's objects."""
    heap = cdp.send("Runtime.getHeapUsage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out = {"js_used_mb": heap["usedSize"] / 2**20, "js_total_mb": heap["totalSize"] / 2**20,
           "dom_nodes": float(metrics.get("Nodes", 0)),
           "wasm_mb": float(page.evaluate("window.__benchWasmBytes()")) / 2**20}
    try:
        py = json.loads(page.evaluate("""(code) => {
            const b = window.parlorApp.__class__.__init__.__globals__.get('__builtins__');
            const get = (name) => (b.get ? b.get(name) : b[name]);
            const ns = get('dict')();
            get('exec')(code, ns);
            return ns.get('out');
        }""", PY_OBJECTS))
        out["py_objects"] = float(py["objects"])
        out["py_top"] = py["top"]
    except Exception:  # noqa: BLE001 - the stock page has no app; a bench reads what it can
        pass
    return out


def soak(browser: Any, base: str, game: str, seats: str, players: int, extra: str,
         games: int, lab: bool) -> dict[str, Any]:
    """``games`` games in one page; then (``lab``) the Lab opened beside it and left."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(900_000)
    page.add_init_script(WASM_MEMORIES)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(f"{base}/index.html?game={game}&players={players}&seats={seats}"
              f"&seed=1&botdelay=0&lang=en{extra}")
    page.wait_for_function(READY, timeout=300_000)
    out: dict[str, Any] = {"ready": page_renderer(browser)[1]}
    rss: list[float] = []
    try:
        for n in range(games):
            page.wait_for_selector("#game[data-phase='over']")
            rss.append(page_renderer(browser)[1])
            if n + 1 < games:
                page.click("#game [data-action='again']")
                page.wait_for_selector("#game:not([data-phase='over'])")
        out["holds"] = holders(page, cdp)
        pid, _, out["pss"] = page_renderer(browser)
        cdp.send("HeapProfiler.collectGarbage")
        time.sleep(1)
        out["after_gc"] = page_renderer(browser)[1]
        out["holds_after_gc"] = holders(page, cdp)
        if lab:
            out["lab"] = lab_beside(browser, page, pid)
    finally:
        context.close()
    tail = rss[-max(3, games // 10):]
    out.update(first=rss[0], plateau=statistics.median(tail), largest=max(rss), all=rss)
    return out


def lab_beside(browser: Any, page: Any, page_pid: int) -> dict[str, float]:
    """The Lab opened from this game's tab: the page's renderer and the sandboxes'
    frame's (the largest other renderer once it booted), then both once it is left."""
    page.click("#game [data-action='menu']")
    page.wait_for_selector("body[data-screen='menu']")
    page.click("[data-action='lab']")
    for name in ("parlor:lab-worker-start", "parlor:lab-sandbox-start"):
        page.wait_for_function(f"performance.getEntriesByName('{name}').length",
                               timeout=300_000)
    time.sleep(2)
    procs = renderers(browser)
    own_rss, own_pss = procs[page_pid]
    frame = max((v for k, v in procs.items() if k != page_pid), key=lambda v: v[0])
    page.click("#game [data-action='menu']")
    page.wait_for_selector("body[data-screen='menu']")
    time.sleep(2)
    left = renderers(browser)
    others = [v for k, v in left.items() if k != page_pid]
    return {"page": own_rss, "frame": frame[0], "together": own_rss + frame[0],
            "together_pss": own_pss + frame[1], "left_page": left[page_pid][0],
            "left_largest_other": max((v[0] for v in others), default=0.0)}


def reloads(browser: Any, url: str, times: int, ready: str
            ) -> tuple[list[float], list[float]]:
    """At the first ready and after each of ``times`` reloads: the page's renderer (RSS
    MB) and all of this browser's renderers together (Pss MB: the Lab's frame too)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(300_000)
    try:
        page.goto(url)
        page.wait_for_function(ready, timeout=300_000)
        rss: list[float] = []
        pss: list[float] = []
        for n in range(times + 1):
            if n:
                page.reload()
                page.wait_for_function(ready, timeout=300_000)
            time.sleep(0.5)
            rss.append(page_renderer(browser)[1])
            pss.append(sum(p for _, p in renderers(browser).values()))
    finally:
        context.close()
    return rss, pss


def slope(ys: list[float]) -> float:
    """Least-squares growth per step."""
    n = len(ys)
    mx, my = (n - 1) / 2, statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in range(n))
    return sum((x - mx) * (y - my) for x, y in enumerate(ys)) / den if den else 0.0


def run(ctx: Context) -> dict[str, object]:
    emit, browser, base = ctx.emit, ctx.session.browser, ctx.session.base
    quick = ctx.args.quick
    games = ctx.args.soak_games or (5 if quick else 30)
    reload_times = ctx.args.reloads or (5 if quick else 25)
    titles = tuple(ctx.args.titles.split(",")) if ctx.args.titles else tuple(
        s[0] for s in SOAKS)
    if not Path("/proc/self/smaps_rollup").exists():
        emit("\nMemory: skipped (needs Linux's /proc)")
        return {}
    emit(f"\nMemory soak: {games} bots-only games per title in one tab; the page's "
         "renderer, MB (RSS; see tools/bench/memory.py)")
    emit(f"  {'game':9} {'seats':38} {'ready':>6} {'first':>6} {'plateau':>8} "
         f"{'largest':>8} {'after GC':>9}")
    soaks: dict[str, dict[str, Any]] = {}
    for game, seats, players, extra in (s for s in SOAKS if s[0] in titles):
        r = soak(browser, base, game, seats, players, extra, games, lab=game == "saboteur")
        emit(f"  {game:9} {seats:38} {r['ready']:6.0f} {r['first']:6.0f} {r['plateau']:8.0f} "
             f"{r['largest']:8.0f} {r['after_gc']:9.0f}")
        soaks[game] = r
    emit("  what holds it at the end (before / after the forced GC): JS heap used/total, "
         "DOM nodes, wasm heap, Python objects")
    for game, r in soaks.items():
        h, g = r["holds"], r["holds_after_gc"]
        emit(f"  {game:9} JS {h['js_used_mb']:.0f}/{h['js_total_mb']:.0f} -> "
             f"{g['js_used_mb']:.0f}/{g['js_total_mb']:.0f} MB; nodes {h['dom_nodes']:,.0f} -> "
             f"{g['dom_nodes']:,.0f}; wasm {h['wasm_mb']:.0f} MB; Python "
             f"{h.get('py_objects', 0):,.0f} objects (" + ", ".join(
                 f"{name} {n:,}" for name, n in h.get("py_top", [])) + ")")
    lab: Any = soaks["saboteur"].get("lab") if "saboteur" in soaks else None
    if lab:
        emit(f"\nThe Lab opened beside the Saboteur tab (after its soak), MB RSS: page "
             f"{lab['page']:.0f} + sandboxes' frame {lab['frame']:.0f} = "
             f"{lab['together']:.0f} (Pss {lab['together_pss']:.0f}); the Lab left: page "
             f"{lab['left_page']:.0f}, largest other renderer {lab['left_largest_other']:.0f}")
        emit(f"  (the page drops its game's screen for the Lab's; with the page at the game's "
             f"plateau: {soaks['saboteur']['plateau'] + lab['frame']:.0f})")
    out: dict[str, object] = dict(soaks)
    emit(f"\nReloads: one tab reloaded {reload_times} times; its renderer, MB RSS")
    emit(f"  {'page':22} {'first':>6} {'last':>6} {'per reload':>11}   all renderers, Pss: "
         f"{'first':>6} {'last':>6} {'per reload':>11}")
    pages = (("stock PyScript", f"{base}/tools/bench/stock.html"),
             ("Parlor (menu)", f"{base}/index.html?lang=en"),
             ("Parlor (Lab open)", f"{base}/index.html?lab=kabaleo&lang=en"))
    lab_ready = (f"{READY} && performance.getEntriesByName('parlor:lab-sandbox-start')"
                 ".length > 0")
    for name, url in pages:
        ys, ps = reloads(browser, url, reload_times, lab_ready if "lab=" in url else READY)
        emit(f"  {name:22} {ys[0]:6.0f} {ys[-1]:6.0f} {slope(ys):+11.1f}   "
             f"{'':20} {ps[0]:6.0f} {ps[-1]:6.0f} {slope(ps):+11.1f}")
        out[f"reload {name}"] = {"rss": ys, "pss": ps, "per_reload": slope(ys),
                                 "pss_per_reload": slope(ps)}
    return out

