"""Suite ``referee``: the Bot Lab's referee from the page's snapshot against its normal
start: side by side in one browser,
the Lab opened in turn with the referee restored from the snapshot the service worker
keeps (``cache``: a repeat visit's case), with the snapshot not cached (``uncached``: a
first visit's case, the referee's fallback to a normal start), and, given DIR (main's
tree, say, served on another port), as DIR's referee starts (``other``), rounds
rotating, median of each.

Measured for each opening: the referee's ready (``new Worker()`` to its Python ready,
``parlor:lab-worker-start``), its worker's own start (``parlorLab.refereeStart.ms``),
when each step of that start ended (``at_<step>_ms``, since its worker was made), its
first match's moves as the referee timed them against their limit
(``parlor:lab-answer``, the job's first answers; the first is the bot's file loading;
not measured by a tree without it), the whole match (``parlor:lab-match``), and this
browser's renderer processes' resident memory once the match is over (the page with
the referee, the sandboxes' frame: one Lab open at a time). The match is started the
moment the referee is ready, the sandboxes' frame and its first sandbox possibly still
starting beside it: the case where a referee ready sooner might meet a busy machine
(docs/decisions/referee-snapshot.md).

Service workers are blocked, as in tools/bench/lab.py: ``cache`` puts the unpacked
snapshot in Cache Storage first, where sw.js keeps it and where the referee looks.

    python -m tools.bench referee [--other DIR] [--rounds 5]
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Callable
from typing import Any

from tools.bench.harness import READY, Context, renderers
from tools.bench.lab_starts import rounds
from tools.bench.labpage import MOVES0, match, measures, wait_for_marks

MODES = ("cache", "uncached", "other")

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


#: The referee's steps (``parlorLab.refereeStart.steps``, assets/lab-worker.js's boot):
#: when each ended, ms since its worker was made; a normal start has only the first and
#: the last, a tree before them none (NaN).
STEPS = ("begun", "zip", "stdlib", "found", "loaded", "unpacked", "ready")


def steps_of(start: dict[str, Any] | None) -> dict[str, float]:
    steps = (start or {}).get("steps") or {}
    return {f"at_{name}_ms": float(steps.get(name, math.nan)) for name in STEPS}


def one_opening(browser: Any, base: str, mode: str, games: int = 10) -> dict[str, float]:
    """The Lab opened once at `base` with the referee started as `mode` says; its
    numbers (NaN for what `base`'s tree does not measure)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    if mode == "cache":
        page.goto(f"{base}/precache.js")
        page.evaluate(FILL_CACHE)
    page.goto(f"{base}/index.html?lab=kabaleo&lang=en")
    page.wait_for_function(READY, timeout=300_000)
    wait_for_marks(page, "parlor:lab-worker-start", timeout=300_000)
    start = page.evaluate("window.parlorLab.refereeStart || null")
    if mode != "other":
        assert start["mode"] == ("snapshot" if mode == "cache" else "normal"), start
    load = os.getloadavg()[0]
    match_ms = match(page, MOVES0, games)
    answers = measures(page, "parlor:lab-answer") or [math.nan, math.nan]
    out = {"referee_ms": measures(page, "parlor:lab-worker-start")[0],
           "worker_own_ms": float(start["ms"]) if start else math.nan,
           "load_answer_ms": answers[0], "first_move_ms": answers[1],
           "moves_median_ms": statistics.median(answers[1:]),
           "moves_max_ms": max(answers[1:]),
           "match_ms": match_ms,
           "renderers_rss_mb": sum(rss for rss, _ in renderers(browser).values()),
           **steps_of(start), "load": load}
    ctx.close()
    return out


def referee(emit: Callable[[str], None], browser: Any, base: str, other: str | None = None,
            rounds: int = 5) -> dict[str, object]:
    """Each mode `rounds` times, rotating (cache, uncached, other; then uncached, other,
    cache; ...): medians, and the load average at each mode's matches."""
    modes = MODES if other else MODES[:2]
    runs: dict[str, list[dict[str, float]]] = {m: [] for m in modes}
    for i in range(rounds):
        for mode in modes[i % len(modes):] + modes[:i % len(modes)]:
            runs[mode].append(one_opening(browser, other if other and mode == "other"
                                          else base, mode))
            emit(f"    {mode:8} " + " ".join(f"{k} {v:.0f}" for k, v in runs[mode][-1].items()))
    medians = {m: {k: statistics.median(r[k] for r in rs) for k in rs[0]}
               for m, rs in runs.items()}
    emit(f"  the referee, median of {rounds}: " + " / ".join(modes))
    for key in medians[modes[0]]:
        if key != "load":
            emit(f"        {key:16} " + " / ".join(f"{medians[m][key]:7.0f}" for m in modes))
    for m in modes:
        loads = [r["load"] for r in runs[m]]
        emit(f"        load ({m}) {min(loads):.1f}-{max(loads):.1f}")
    return {"medians": medians, "runs": runs}


def run(ctx: Context) -> dict[str, object]:
    other = ctx.session.serve(ctx.args.other) if ctx.args.other else None
    ctx.emit("\nThe Lab's referee: from the page's snapshot (cache), not cached (uncached)"
             + (f", and {ctx.args.other}'s (other)" if other else ""))
    return referee(ctx.emit, ctx.session.browser, ctx.session.base, other, rounds(ctx))
