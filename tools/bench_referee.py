"""The Bot Lab's referee from the page's snapshot against its normal start (issue 36,
item 4), for ``python3 tools/bench_lab.py referee``: side by side in one browser, the
Lab opened in turn with the referee restored from the snapshot the service worker keeps
(``cache``: a repeat visit's case), restored from the host's gzipped file (``host``: a
first visit straight to a Lab link, or no service worker) and started normally (the
snapshot's manifest answered 404), rounds rotating, median of each.

Measured for each opening: the referee's ready (``new Worker()`` to its Python ready,
``parlor:lab-worker-start``), its worker's own start (``parlorLab.refereeStart.ms``),
and its first match's moves as the referee timed them against their limit
(``parlor:lab-answer``, the job's first answers; the first is the bot's file loading).
The match is started the moment the referee is ready, the sandbox's frame and its
first sandbox possibly still starting beside it: the case where a referee ready sooner
might meet a busy machine (docs/decisions.md, "The referee from the page's snapshot").

Service workers are blocked, as in bench_lab.py: ``cache`` puts the unpacked snapshot
in Cache Storage first, where sw.js keeps it and where the referee looks.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable
from typing import Any

from bench_lab import measures

MOVES0 = "def choose(view, moves, rng):\n    return moves[0]\n"
READY = "document.body.dataset.ready === '1'"
MODES = ("cache", "host", "normal")

#: The page's snapshot unpacked into Cache Storage, under the name sw.js keeps it by.
FILL_CACHE = """async () => {
  const manifest = await (await fetch("py/snapshot.json")).json();
  const url = new URL("py/" + manifest.file, location.href).href;
  const packed = await fetch(url + ".gz");
  const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
  const cache = await caches.open("bench-referee");
  await cache.put(url, new Response(body));
  return manifest.file;
}"""


def one_opening(browser: Any, base: str, mode: str, games: int = 10) -> dict[str, float]:
    """The Lab opened once with the referee started as `mode` says; its numbers."""
    ctx = browser.new_context(service_workers="block")
    if mode == "normal":
        ctx.route("**/py/snapshot.json", lambda route: route.fulfill(status=404, body=""))
    page = ctx.new_page()
    if mode == "cache":
        page.goto(f"{base}/precache.js")
        page.evaluate(FILL_CACHE)
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=300_000)
    page.wait_for_function("window.parlorLab.refereeStart !== null", timeout=300_000)
    start = page.evaluate("window.parlorLab.refereeStart")
    assert start["mode"] == ("normal" if mode == "normal" else "snapshot"), start
    load = os.getloadavg()[0]
    page.evaluate("""(code) => {
      const area = document.querySelector("textarea[data-lab-code]");
      area.value = code;
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }""", MOVES0)
    page.select_option("[data-lab-field=level]", "random")
    page.select_option("[data-lab-field=games]", str(games))
    page.select_option("[data-lab-field=limit]", "1000")
    page.click("[data-action=lab-run]")
    page.wait_for_selector(f"[data-lab-progress][data-done='{games}']", timeout=600_000)
    page.wait_for_function("performance.getEntriesByName('parlor:lab-match').length",
                           timeout=60_000)
    answers = measures(page, "parlor:lab-answer")
    out = {"referee_ms": measures(page, "parlor:lab-worker-start")[0],
           "worker_own_ms": float(start["ms"]),
           "load_answer_ms": answers[0], "first_move_ms": answers[1],
           "moves_median_ms": statistics.median(answers[1:]),
           "moves_max_ms": max(answers[1:]),
           "match_ms": measures(page, "parlor:lab-match")[0], "load": load}
    ctx.close()
    return out


def referee(emit: Callable[[str], None], browser: Any, base: str,
            rounds: int = 5) -> dict[str, object]:
    """Each mode `rounds` times, rotating (cache, host, normal; then host, normal,
    cache; ...): medians, and the load average around each mode's openings."""
    runs: dict[str, list[dict[str, float]]] = {m: [] for m in MODES}
    for i in range(rounds):
        for mode in MODES[i % 3:] + MODES[:i % 3]:
            runs[mode].append(one_opening(browser, base, mode))
            emit(f"    {mode:6} " + " ".join(f"{k} {v:.0f}" for k, v in runs[mode][-1].items()))
    medians = {m: {k: statistics.median(r[k] for r in rs) for k in rs[0]}
               for m, rs in runs.items()}
    emit(f"  the referee, median of {rounds}: restored from the cache / from the host / "
         "normal (load average min-max)")
    for key in medians["normal"]:
        if key == "load":
            continue
        cells = " / ".join(f"{medians[m][key]:7.0f}" for m in MODES)
        emit(f"        {key:16} {cells}")
    for m in MODES:
        loads = [r["load"] for r in runs[m]]
        emit(f"        load ({m}) {min(loads):.1f}-{max(loads):.1f}")
    return {"medians": medians, "runs": runs}
